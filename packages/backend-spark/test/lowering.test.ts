import { create, toJson } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import {
  ALL_FUNCTION_NAMES, CallNode, ColumnNode, JoinNode, LiteralNode, RELATION_KINDS, type RelationKind, type RelationNode, SqlNode, call, col, count,
  countDistinct, expect as expectation, from, lit, lookupFunction, pipeline, range, readFiles, rowNumber, stddev, when,
} from '@thund/ir';
import { RelationSchema } from '../src/gen/spark/connect/relations_pb.js';
import { ExpressionSchema } from '../src/gen/spark/connect/expressions_pb.js';
import { SPARK_OWN_LOWERINGS } from '../src/lower/function-lowering.js';
import {
  ExpressionLowering, RelationLowering, SPARK_FUNCTIONS, applyExpectations, checkForSpark, createSparkCapabilities, expectationCounts, failedExpectation, lowerFlowForGraph, sparkFunctionsFor,
} from '../src/index.js';

const BASE = { baseDir: '/base', storageRoot: '/base/.thund/spark' };
const lowering = () => new RelationLowering({ streaming: false, resolvePath: (p) => (p.startsWith('/') ? p : `/base/${p}`) });
const json = (node: RelationNode, l = lowering()) => toJson(RelationSchema, create(RelationSchema, l.lower(node))) as Record<string, any>;
const expr = (node: Parameters<ExpressionLowering['lower']>[0]) => toJson(ExpressionSchema, create(ExpressionSchema, new ExpressionLowering().lower(node))) as Record<string, any>;
const fn = (name: string, ...args: unknown[]) => ({ unresolvedFunction: { functionName: name, ...(args.length === 0 ? {} : { arguments: args }) } });
const attr = (id: string) => ({ unresolvedAttribute: { unparsedIdentifier: id } });
const int = (v: number) => ({ literal: { integer: v } });

describe('relation lowering: every plan node', () => {
  const covered = new Set<RelationKind>();
  const lowered = (node: RelationNode, l?: RelationLowering) => {
    covered.add(node.kind);
    return json(node, l);
  };

  it('read → Read.named_table (streaming in a streaming flow)', () => {
    expect(lowered(from('people').node)).toEqual({ read: { namedTable: { unparsedIdentifier: 'people' } } });
    const streaming = new RelationLowering({ streaming: true, resolvePath: (p) => p });
    expect(json(from('people').node, streaming)).toEqual({ read: { namedTable: { unparsedIdentifier: 'people' }, isStreaming: true } });
  });

  it('read_files → Read.data_source with DDL schema, options and resolved path', () => {
    const node = readFiles('csv', 'data/a.csv', { schema: [{ name: 'id', type: 'int64', nullable: false }, { name: 'ts', type: 'timestamp' }], options: { delim: ';' } }).node;
    expect(lowered(node)).toEqual({
      read: { dataSource: { format: 'csv', schema: '`id` BIGINT NOT NULL, `ts` TIMESTAMP_NTZ', options: { header: 'true', escape: '"', mode: 'FAILFAST', sep: ';' }, paths: ['/base/data/a.csv'] } },
    });
    expect(json(readFiles('csv', 'a.csv').node).read.dataSource.options.inferSchema).toBe('true');
    expect(json(readFiles('parquet', '/abs/p').node).read.dataSource).toEqual({ format: 'parquet', paths: ['/abs/p'] });
  });

  it('filter, project (a cast keeps its column name)', () => {
    expect(lowered(from('t').filter(col('a').gt(1)).node)).toEqual({ filter: { input: { read: { namedTable: { unparsedIdentifier: 't' } } }, condition: fn('>', attr('`a`'), int(1)) } });
    expect(lowered(from('t').select('a', col('b').cast('utf8')).node).project.expressions).toEqual([
      attr('`a`'),
      { alias: { expr: { cast: { expr: attr('`b`'), typeStr: 'STRING' } }, name: ['b'] } },
    ]);
  });

  it('aggregate: grouping expressions and aggregates', () => {
    expect(lowered(from('t').groupBy('k').agg(count().as('n')).node).aggregate).toEqual({
      input: { read: { namedTable: { unparsedIdentifier: 't' } } },
      groupType: 'GROUP_TYPE_GROUPBY',
      groupingExpressions: [attr('`k`')],
      aggregateExpressions: [{ alias: { expr: fn('count', int(1)), name: ['n'] } }],
    });
  });

  it.each([
    ['inner', 'JOIN_TYPE_INNER'], ['left', 'JOIN_TYPE_LEFT_OUTER'], ['right', 'JOIN_TYPE_RIGHT_OUTER'], ['full', 'JOIN_TYPE_FULL_OUTER'],
    ['semi', 'JOIN_TYPE_LEFT_SEMI'], ['anti', 'JOIN_TYPE_LEFT_ANTI'], ['cross', 'JOIN_TYPE_CROSS'],
  ] as const)('join %s', (type, protoType) => {
    const node = JoinNode.create(type, from('a').node, from('b').node, type === 'cross' ? {} : { leftAlias: 'l', rightAlias: 'r', on: ColumnNode.create('id', 'l').kind === 'column' ? col('id', 'l').eq(col('id', 'r')).node : undefined });
    const join = lowered(node).join;
    expect(join.joinType).toBe(protoType);
    if (type === 'cross') {
      expect(join.joinCondition).toBeUndefined();
      expect(join.left).toEqual({ subqueryAlias: { input: { read: { namedTable: { unparsedIdentifier: 'a' } } }, alias: 'a' } });
    } else {
      expect(join.left.subqueryAlias.alias).toBe('l');
      expect(join.joinCondition).toEqual(fn('==', attr('`l`.`id`'), attr('`r`.`id`')));
    }
  });

  it('join USING columns', () => {
    expect(json(from('a').join(from('b'), { type: 'left', using: ['k'] }).node).join.usingColumns).toEqual(['k']);
  });

  it('union: SetOperation UNION BY NAME, folded left, all/distinct', () => {
    const all = lowered(from('a').union(from('b')).union(from('c')).node);
    expect(all.setOp).toMatchObject({ setOpType: 'SET_OP_TYPE_UNION', isAll: true, byName: true });
    expect(json(from('a').unionDistinct(from('b')).node).setOp.isAll).toBe(false);
  });

  it('sort with explicit null ordering', () => {
    expect(lowered(from('t').orderBy(col('a').desc(), col('b').asc('first'), col('c').asc()).node).sort.order).toEqual([
      { child: attr('`a`'), direction: 'SORT_DIRECTION_DESCENDING', nullOrdering: 'SORT_NULLS_FIRST' },
      { child: attr('`b`'), direction: 'SORT_DIRECTION_ASCENDING', nullOrdering: 'SORT_NULLS_FIRST' },
      { child: attr('`c`'), direction: 'SORT_DIRECTION_ASCENDING', nullOrdering: 'SORT_NULLS_LAST' },
    ]);
  });

  it('limit and offset', () => {
    expect(lowered(from('t').limit(3, 1).node)).toEqual({ limit: { input: { offset: { input: { read: { namedTable: { unparsedIdentifier: 't' } } }, offset: 1 } }, limit: 3 } });
    expect(() => json(from('t').limit(2 ** 31).node)).toThrow(/0 to 2147483647/);
  });

  it('deduplicate: all columns or some', () => {
    expect(lowered(from('t').distinct().node).deduplicate.allColumnsAsKeys).toBe(true);
  });

  it('window → Project of * and the aliased Expression.Window (not WithColumns, which resolves its input eagerly)', () => {
    const node = from('t').window(rowNumber().over({ partitionBy: ['d'], orderBy: [col('s').desc()], frame: { start: -1, end: null } }).as('rn')).node;
    const project = lowered(node).project;
    expect(project.expressions).toEqual([{ unresolvedStar: {} }, {
      alias: {
        expr: {
          window: {
            windowFunction: fn('row_number'),
            partitionSpec: [attr('`d`')],
            orderSpec: [{ child: attr('`s`'), direction: 'SORT_DIRECTION_DESCENDING', nullOrdering: 'SORT_NULLS_FIRST' }],
            frameSpec: { frameType: 'FRAME_TYPE_ROW', lower: { value: int(-1) }, upper: { unbounded: true } },
          },
        },
        name: ['rn'],
      },
    }]);
    expect(project.input.read.namedTable.unparsedIdentifier).toBe('t');
  });

  it('sql (spark dialect) → Relation.sql; other dialects refused', () => {
    expect(lowered(SqlNode.create('spark', 'SELECT 1;'))).toEqual({ sql: { query: 'SELECT 1' } });
    expect(() => json(SqlNode.create('duckdb', 'SELECT 1'))).toThrow(/dialect "duckdb"/);
  });

  it('generate: SELECT *, the generator (outer as its _outer form) with the names given', () => {
    expect(lowered(from('t').explode(col('tags')).node).project.expressions).toEqual([{ unresolvedStar: {} }, fn('explode', attr('`tags`'))]);
    expect(json(from('t').posexplode(col('tags'), { outer: true, names: ['i', 'tag'] }).node).project.expressions[1]).toEqual({
      alias: { expr: fn('posexplode_outer', attr('`tags`')), name: ['i', 'tag'] },
    });
  });

  it('range → Relation.range with its bounds and step, never streaming', () => {
    expect(lowered(range(2, 11, 3).node)).toEqual({ range: { start: '2', end: '11', step: '3' } });
    const streaming = new RelationLowering({ streaming: true, resolvePath: (p) => p });
    expect(lowered(range(5, -5, -2).node, streaming)).toEqual({ range: { start: '5', end: '-5', step: '-2' } });
  });

  it('covers every relation kind', () => {
    expect([...covered].sort()).toEqual([...RELATION_KINDS].sort());
  });
});

describe('expression lowering', () => {
  it('operators are unresolved functions; neq is not(==); div is true division; by zero is NULL', () => {
    expect(expr(col('a').neq(1).node)).toEqual(fn('not', fn('==', attr('`a`'), int(1))));
    expect(expr(col('a').div(2).node)).toEqual(fn('/', { cast: { expr: attr('`a`'), typeStr: 'DOUBLE' } }, fn('nullif', int(2), int(0))));
    expect(expr(col('a').mod(2).node)).toEqual(fn('%', attr('`a`'), fn('nullif', int(2), int(0))));
    expect(expr(col('a').like('x%').node)).toEqual(fn('like', attr('`a`'), { literal: { string: 'x%' } }));
    expect(expr(col('a').isNull().node)).toEqual(fn('isnull', attr('`a`')));
    expect(expr(col('a').isNotNull().not().node)).toEqual(fn('not', fn('isnotnull', attr('`a`'))));
    expect(expr(col('a').neg().node)).toEqual(fn('negative', attr('`a`')));
  });

  it('CASE is `when`, IN is `in` (empty IN is false)', () => {
    expect(expr(when(col('a').gt(1), 'x').otherwise('y').node)).toEqual(fn('when', fn('>', attr('`a`'), int(1)), { literal: { string: 'x' } }, { literal: { string: 'y' } }));
    expect(expr(col('a').in(1, 2).node)).toEqual(fn('in', attr('`a`'), int(1), int(2)));
    expect(expr({ kind: 'in', expr: col('a').node, list: [] })).toEqual({ literal: { boolean: false } });
  });

  it('literals carry their types', () => {
    expect(expr(LiteralNode.create(null))).toEqual({ literal: { null: { null: {} } } });
    expect(expr(LiteralNode.create(2 ** 40))).toEqual({ literal: { long: String(2 ** 40) } });
    expect(expr(LiteralNode.create(1.5))).toEqual({ literal: { double: 1.5 } });
    expect(expr(LiteralNode.create('2024-01-31', 'date32'))).toEqual({ cast: { expr: { literal: { string: '2024-01-31' } }, typeStr: 'DATE' } });
    expect(expr(LiteralNode.create('12.50', { type: 'decimal', precision: 10, scale: 2 }))).toEqual({ cast: { expr: { literal: { string: '12.50' } }, typeStr: 'DECIMAL(10,2)' } });
    expect(expr(lit(true).node)).toEqual({ literal: { boolean: true } });
  });

  it('star, qualified star, alias', () => {
    expect(expr({ kind: 'star' })).toEqual({ unresolvedStar: {} });
    expect(expr({ kind: 'star', relation: 'p' })).toEqual({ unresolvedStar: { unparsedTarget: '`p`.*' } });
    expect(expr(col('we`ird').as('x').node)).toEqual({ alias: { expr: attr('`we``ird`'), name: ['x'] } });
  });
});

describe('function lowering: every cataloged function', () => {
  it('the table covers the catalog, and Spark 4.3 has every function', () => {
    expect(Object.keys(SPARK_FUNCTIONS).sort()).toEqual([...ALL_FUNCTION_NAMES].sort());
    expect([...sparkFunctionsFor('4.3.0')].sort()).toEqual([...ALL_FUNCTION_NAMES].sort());
  });

  // The catalog describes Spark's functions: each is Spark's own function of its name (or of its shared sqlName).
  it.each(ALL_FUNCTION_NAMES.filter((n) => !SPARK_OWN_LOWERINGS.has(n)))('%s', (name) => {
    const lowered = expr(CallNode.create(name, [col('a').node]));
    expect(lowered).toEqual(fn(lookupFunction(name)?.sqlName ?? name, attr('`a`')));
  });

  it('special forms: count() → count(1), count_distinct, concat casts, starts_with', () => {
    expect(expr(count().node)).toEqual(fn('count', int(1)));
    expect(expr(countDistinct('a').node)).toEqual({ unresolvedFunction: { functionName: 'count', arguments: [attr('`a`')], isDistinct: true } });
    expect(expr(call('concat', col('a'), lit('-')).node)).toEqual(fn('concat', { cast: { expr: attr('`a`'), typeStr: 'STRING' } }, { cast: { expr: { literal: { string: '-' } }, typeStr: 'STRING' } }));
    expect(expr(call('date_trunc', lit('month'), col('t')).node)).toEqual(fn('date_trunc', { literal: { string: 'month' } }, attr('`t`')));
    expect(expr(stddev('a').node)).toEqual(fn('stddev_samp', attr('`a`')));
    expect(expr(call('starts_with', col('a'), lit('x')).node)).toEqual(fn('startswith', attr('`a`'), { literal: { string: 'x' } }));
  });

  it('a function an older server lacks is left out of the capabilities, so check rejects it', () => {
    expect(sparkFunctionsFor('3.2.0')).not.toContain('starts_with');
    const caps = createSparkCapabilities({ version: '3.2.0' });
    const p = pipeline('p').materializedView('o', { query: readFiles('json', '/x').select(call('starts_with', col('a'), lit('x')).as('b')) }).build();
    const report = checkForSpark(p, caps, BASE);
    expect(report.ok).toBe(false);
    expect(report.violations.map((v) => [v.feature, v.value])).toEqual([['function', 'starts_with']]);
  });
});

describe('expectations lowering', () => {
  const flow = {
    name: 'f', target: 't', kind: 'batch' as const, query: from('src').node,
    expectations: [expectation('ok', col('a').gt(0), 'fail'), expectation('pos', col('b').gt(0), 'drop'), expectation('w', col('c').isNotNull(), 'warn')],
  };
  const holds = (c: string) => fn('coalesce', fn('>', attr(`\`${c}\``), int(0)), { literal: { boolean: false } });

  it('fail and drop become one CASE filter; warn keeps rows', () => {
    const l = lowering();
    const lowered = toJson(RelationSchema, create(RelationSchema, applyExpectations(l.lower(flow.query), flow, l.expressions))) as Record<string, any>;
    expect(lowered.filter.condition).toEqual(fn('when', fn('not', holds('a')), fn('raise_error', { literal: { string: 'thund expectation "ok" failed: a row written by flow "f" does not satisfy it' } }), holds('b')));
    expect(failedExpectation('[USER_RAISED_EXCEPTION] thund expectation "ok" failed: a row … SQLSTATE: P0001')).toBe('ok');
  });

  it('counts every expectation in one aggregate', () => {
    const l = lowering();
    const counts = toJson(RelationSchema, create(RelationSchema, expectationCounts(l.lower(flow.query), flow.expectations, l.expressions))) as Record<string, any>;
    expect(counts.aggregate.aggregateExpressions.map((e: any) => e.alias.name[0])).toEqual(['__total', '__failed_0', '__failed_1', '__failed_2']);
    expect(counts.aggregate.aggregateExpressions[1].alias.expr).toEqual(fn('count_if', fn('not', holds('a'))));
  });
});

describe('flowRelations (thund plan)', () => {
  it('prints each flow as the Relation JSON DefineFlow sends', async () => {
    const { flowRelations } = await import('../src/index.js');
    const { col, from, pipeline, readFiles } = await import('@thund/ir');
    const p = pipeline('plan').temporaryView('src', { query: readFiles('json', '/data/in.jsonl') }).materializedView('big', { query: from('src').filter(col('n').gt(2)) }).build();
    const [src, big] = flowRelations(p, '/');
    expect(JSON.parse(src?.relationJson ?? '{}')).toMatchObject({ read: { dataSource: { format: 'json', paths: ['/data/in.jsonl'] } } });
    expect(JSON.parse(big?.relationJson ?? '{}')).toMatchObject({ filter: { input: { read: { namedTable: {} } } } });
  });
});

describe('event-time lowering (watermark + window, append mode)', () => {
  const SCHEMA = [{ name: 'ts', type: 'timestamp' as const }, { name: 'k', type: 'utf8' as const }, { name: 'v', type: 'int64' as const }];
  const flowOf = (p: ReturnType<ReturnType<typeof pipeline>['build']>) => p.flows[0] as NonNullable<(typeof p.flows)[0]>;
  const build = (options: Record<string, unknown>, query = readFiles('json', '/in', { schema: SCHEMA }).groupBy('k').agg(count().as('n'))) =>
    pipeline('w').streamingTable('totals', { query, watermark: { column: 'ts', delay: '5s' }, outputMode: 'append', ...options }).build();
  const relationOf = (p: ReturnType<typeof build>) => toJson(RelationSchema, create(RelationSchema, lowerFlowForGraph(flowOf(p), '/base', p))) as Record<string, any>;

  it('tumbling: NTZ cast for the watermark, a lazy SQL WATERMARK clause over it, grouping by window(…), window_start/window_end as TIMESTAMP_NTZ', () => {
    const project = relationOf(build({ window: { kind: 'tumbling', size: '10s' } })).project;
    expect(project.expressions.slice(0, 2)).toEqual([
      { alias: { expr: { cast: { expr: attr('__thund_window.start'), typeStr: 'TIMESTAMP_NTZ' } }, name: ['window_start'] } },
      { alias: { expr: { cast: { expr: attr('__thund_window.end'), typeStr: 'TIMESTAMP_NTZ' } }, name: ['window_end'] } },
    ]);
    expect(project.expressions.slice(2)).toEqual([attr('`k`'), attr('`n`')]);
    const aggregate = project.input.aggregate;
    expect(aggregate.groupingExpressions[0]).toEqual({ alias: { expr: fn('window', attr('`ts`'), { literal: { string: '10000 milliseconds' } }), name: ['__thund_window'] } });
    // Not WithWatermark (resolved eagerly by Spark Connect): SQL over a referenced relation, resolved in the graph.
    const watermarked = aggregate.input.withRelations;
    expect(watermarked.root.sql.query).toBe('SELECT * FROM __thund_watermarked WATERMARK `ts` DELAY OF INTERVAL 5000 MILLISECONDS AS __thund_watermarked');
    expect(watermarked.references[0].subqueryAlias.alias).toBe('__thund_watermarked');
    const input = watermarked.references[0].subqueryAlias.input;
    // Every column but the event column, then the event column cast: a lazy Project, not WithColumns.
    expect(input.project.expressions).toEqual([
      { unresolvedRegex: { colName: '`(?!(?:ts)$).+`' } },
      { alias: { expr: { cast: { expr: attr('`ts`'), typeStr: 'TIMESTAMP' } }, name: ['ts'] } },
    ]);
    expect(input.project.input.read.isStreaming).toBe(true);
  });

  it('count_distinct in a streaming windowed aggregation is size(collect_set(x)) as BIGINT (Spark has no distinct aggregates on streams)', () => {
    const query = readFiles('json', '/in', { schema: SCHEMA }).groupBy('k').agg(countDistinct('v').as('d'));
    const aggregate = relationOf(build({ window: { kind: 'tumbling', size: '10s' } }, query)).project.input.aggregate;
    expect(aggregate.aggregateExpressions).toEqual([
      { alias: { expr: { cast: { expr: fn('size', fn('collect_set', attr('`v`'))), typeStr: 'BIGINT' } }, name: ['d'] } },
    ]);
  });

  it('hopping → window(col, size, slide); session → session_window(col, gap)', () => {
    const hopping = relationOf(build({ window: { kind: 'hopping', size: '10s', slide: '5s' } })).project.input.aggregate.groupingExpressions[0];
    expect(hopping.alias.expr).toEqual(fn('window', attr('`ts`'), { literal: { string: '10000 milliseconds' } }, { literal: { string: '5000 milliseconds' } }));
    const session = relationOf(build({ window: { kind: 'session', gap: '4s' } })).project.input.aggregate.groupingExpressions[0];
    expect(session.alias.expr).toEqual(fn('session_window', attr('`ts`'), { literal: { string: '4000 milliseconds' } }));
  });

  it('check rejects what Spark cannot run: a watermark without a window, a window over a non-aggregate (update/complete: recomputed-aggregation.test.ts)', () => {
    const caps = createSparkCapabilities({ version: '4.3.0' });
    const rejected = (p: ReturnType<typeof build>) => checkForSpark(p, caps, BASE).violations.map((v) => [v.feature, v.value, v.message.includes('Spark applies a watermark only') || v.message.includes('must end in its aggregation')]);
    expect(checkForSpark(build({ window: { kind: 'tumbling', size: '10s' } }), caps, BASE).ok).toBe(true);
    expect(rejected(build({ window: { kind: 'tumbling', size: '10s' }, outputMode: 'update' }))).toEqual([]);
    expect(rejected(build({}, readFiles('json', '/in', { schema: SCHEMA })))).toEqual([['relation', 'lowering', true]]);
    expect(rejected(build({ window: { kind: 'tumbling', size: '10s' } }, readFiles('json', '/in', { schema: SCHEMA }).filter(col('v').gt(1))))).toEqual([['relation', 'lowering', true]]);
  });
});

describe('expectation counts observed in the micro-batches of a plain streaming flow', () => {
  const SCHEMA = [{ name: 'id', type: 'int64' as const }, { name: 'v', type: 'int64' as const }];
  const relationOf = (p: ReturnType<ReturnType<typeof pipeline>['build']>) =>
    toJson(RelationSchema, create(RelationSchema, lowerFlowForGraph(p.flows[0] as NonNullable<(typeof p.flows)[0]>, '/base', p))) as Record<string, any>;
  const checks = [expectation('small', col('v').lt(10), 'warn'), expectation('has_v', col('v').isNotNull(), 'drop')];

  it('a streaming flow with expectations: CollectMetrics under its observation name, below the expectations filter, counting rows and failures', () => {
    const p = pipeline('o').streamingTable('t', { query: readFiles('json', '/in', { schema: SCHEMA }), expectations: checks }).build();
    const observed = relationOf(p).filter.input.collectMetrics;
    expect(observed.name).toBe('thund_expectations_t');
    expect(observed.metrics.map((m: { alias: { name: string[] } }) => m.alias.name[0])).toEqual(['__total', '__failed_0', '__failed_1']);
    expect(observed.input.read.isStreaming).toBe(true);
  });

  it('not a batch flow, nor a windowed one (their counts are queried)', () => {
    const batch = pipeline('o').materializedView('t', { query: readFiles('json', '/in', { schema: SCHEMA }), expectations: checks }).build();
    expect(JSON.stringify(relationOf(batch))).not.toContain('collectMetrics');
    const windowed = pipeline('o').streamingTable('t', {
      query: readFiles('json', '/in', { schema: [...SCHEMA, { name: 'ts', type: 'timestamp' as const }] }).groupBy('id').agg(count().as('n')),
      watermark: { column: 'ts', delay: '5s' }, window: { kind: 'tumbling', size: '10s' }, outputMode: 'append', expectations: [expectation('some', col('n').gt(0), 'warn')],
    }).build();
    expect(JSON.stringify(relationOf(windowed))).not.toContain('collectMetrics');
  });
});
