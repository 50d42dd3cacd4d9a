import { describe, expect, it } from 'vitest';
import {
  ALL_FUNCTION_NAMES, AggregateNode, type Expr, RELATION_KINDS, type RelationNode, call, col, from, lit, readFiles,
  rowNumber, sql, star, when,
} from '@thund/ir';
import { type CompileContext, ExpressionCompiler, LOWERED_FUNCTIONS, RelationCompiler, duckdbType, quoteIdentifier, quoteString } from '../src/index.js';
import { queryRows, useFixtureDatabase } from './support/duckdb.js';

const context: CompileContext = { schema: undefined, resolvePath: (p) => `/data/${p}` };
const compile = (node: RelationNode): string => new RelationCompiler(context).compile(node);
const expr = (e: Expr): string => new ExpressionCompiler().compile(e.node);

const FIXTURE = `
CREATE TABLE t AS SELECT * FROM (VALUES
  (1, 'Ann', 10.5::DOUBLE, DATE '2024-03-05', TIMESTAMP '2024-03-05 10:30:45', 'x'),
  (2, 'bob', NULL,         DATE '2024-03-06', TIMESTAMP '2024-03-06 23:01:00', 'x'),
  (3, NULL,  -4.0::DOUBLE, DATE '2023-12-31', TIMESTAMP '2023-12-31 00:00:00', 'y'),
  (4, ' cy ', 2.0::DOUBLE, DATE '2024-01-01', TIMESTAMP '2024-01-01 05:00:00', 'y')
) AS v(id, name, amount, d, ts, grp);
CREATE TABLE u AS SELECT * FROM (VALUES (1, 'one'), (3, 'three'), (5, 'five')) AS v(id, label);
`;

describe('SQL text', () => {
  it('quotes identifiers and strings by doubling their quote character', () => {
    expect(quoteIdentifier('x"; DROP TABLE y; --')).toBe('"x""; DROP TABLE y; --"');
    expect(quoteString("it's")).toBe("'it''s'");
    expect(expr(col('we"ird'))).toBe('"we""ird"');
    expect(expr(lit("O'Brien"))).toBe("'O''Brien'");
    expect(expr(lit('a\\b'))).toBe("'a\\b'");
  });

  it('maps every IR data type to a DuckDB type', () => {
    expect(['bool', 'int8', 'int16', 'int32', 'int64', 'float32', 'float64', 'utf8', 'binary', 'date32', 'timestamp'].map((t) => duckdbType(t as 'bool')))
      .toEqual(['BOOLEAN', 'TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'FLOAT', 'DOUBLE', 'VARCHAR', 'BLOB', 'DATE', 'TIMESTAMP']);
    expect(duckdbType({ type: 'decimal', precision: 12, scale: 2 })).toBe('DECIMAL(12,2)');
    expect(duckdbType({ type: 'timestamp', unit: 'ms' })).toBe('TIMESTAMP_MS');
    expect(duckdbType({ type: 'timestamp', unit: 'ns' })).toBe('TIMESTAMP_NS');
    expect(duckdbType({ type: 'timestamp', unit: 's' })).toBe('TIMESTAMP_S');
    expect(duckdbType({ type: 'timestamp', unit: 'us', timezone: 'UTC' })).toBe('TIMESTAMPTZ');
  });
});

describe('relation lowering', () => {
  const db = useFixtureDatabase(FIXTURE);
  const run = (node: RelationNode) => queryRows(db(), compile(node));

  it('read', async () => {
    expect(compile(from('t').node)).toBe('SELECT * FROM "t"');
    expect(new RelationCompiler({ ...context, schema: 'sales' }).compile(from('t').node)).toBe('SELECT * FROM "sales"."t"');
    expect((await run(from('u').node)).length).toBe(3);
  });

  it('read_files for each format, with a declared schema and options', () => {
    expect(compile(readFiles('csv', 'a.csv').node)).toBe(`SELECT * FROM read_csv('/data/a.csv', header=true, delim=',', quote='"', escape='"', strict_mode=true)`);
    expect(compile(readFiles('csv', 'a.csv', { options: { header: 'false', sep: ';' }, schema: [{ name: 'id', type: 'int64' }] }).node))
      .toBe(`SELECT * FROM read_csv('/data/a.csv', header=false, delim=';', quote='"', escape='"', strict_mode=true, columns={'id': 'BIGINT'}, auto_detect=false)`);
    expect(compile(readFiles('json', 'a.json', { schema: [{ name: 'x', type: 'utf8' }] }).node))
      .toBe("SELECT * FROM read_json('/data/a.json', format='newline_delimited', columns={'x': 'VARCHAR'})");
    expect(compile(readFiles('parquet', 'p/*.parquet', { schema: [{ name: 'n', type: 'int32' }] }).node))
      .toBe(`SELECT CAST("n" AS INTEGER) AS "n" FROM read_parquet('/data/p/*.parquet')`);
    expect(() => compile(readFiles('csv', 'a.csv', { options: { 'x=1, y': '2' } }).node)).toThrow(/plain word/);
  });

  it('filter', async () => {
    const node = from('t').filter(col('id').gt(2)).node;
    expect(compile(node)).toBe('SELECT * FROM "t" WHERE ("id" > 2)');
    expect((await run(from('t').filter(col('id').gt(2)).select('id').node))).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('project, with aliases and stars', async () => {
    expect(compile(from('t').select(col('id').add(1).as('next'), 'name').node)).toBe('SELECT ("id" + 1) AS "next", "name" FROM "t"');
    expect(await run(from('u').select(star(), col('id').mul(10).as('x')).filter(col('x').gt(20)).node))
      .toEqual([{ id: 3, label: 'three', x: 30 }, { id: 5, label: 'five', x: 50 }]);
  });

  it('aggregate, grouped and global', async () => {
    const grouped = from('t').groupBy('grp').agg(call('count').as('n'), call('sum', col('id')).as('s')).orderBy('grp');
    expect(compile(grouped.node)).toBe('SELECT "grp", count(*) AS "n", sum("id") AS "s" FROM "t" GROUP BY "grp" ORDER BY "grp" ASC NULLS LAST');
    expect(await run(grouped.node)).toEqual([{ grp: 'x', n: 2, s: 3 }, { grp: 'y', n: 2, s: 7 }]);
    expect(await run(from('t').agg(call('max', col('id')).as('m')).node)).toEqual([{ m: 4 }]);
    const aliasedKey = AggregateNode.create(from('t').node, [col('grp').as('g').node], [call('count').as('n').node]);
    expect(compile(aliasedKey)).toBe('SELECT "grp" AS "g", count(*) AS "n" FROM "t" GROUP BY "grp"');
  });

  it('join of every type, with aliases, on and using', async () => {
    const on = (type: 'inner' | 'left' | 'right' | 'full' | 'semi' | 'anti') =>
      from('t').join(from('u'), { type, on: col('id', 't').eq(col('id', 'u')) });
    expect(compile(on('inner').node)).toBe('SELECT * FROM "t" AS "t" JOIN "u" AS "u" ON ("t"."id" = "u"."id")');
    const ids = async (type: Parameters<typeof on>[0]) => (await run(on(type).select(col('id', 't').as('tid'), col('id', 'u').as('uid')).orderBy(col('tid').asc(), col('uid').asc()).node));
    expect(await ids('inner')).toEqual([{ tid: 1, uid: 1 }, { tid: 3, uid: 3 }]);
    expect(await ids('left')).toEqual([{ tid: 1, uid: 1 }, { tid: 2, uid: null }, { tid: 3, uid: 3 }, { tid: 4, uid: null }]);
    expect(await ids('right')).toEqual([{ tid: 1, uid: 1 }, { tid: 3, uid: 3 }, { tid: null, uid: 5 }]);
    expect((await ids('full')).length).toBe(5);
    expect(await run(on('semi').select('id').orderBy('id').node)).toEqual([{ id: 1 }, { id: 3 }]);
    expect(await run(on('anti').select('id').orderBy('id').node)).toEqual([{ id: 2 }, { id: 4 }]);
    const using = from('t').join(from('u'), { using: ['id'], leftAlias: 'a', rightAlias: 'b' }).select('id', col('label', 'b')).orderBy('id');
    expect(compile(using.node)).toBe('SELECT "id", "b"."label" FROM "t" AS "a" JOIN "u" AS "b" USING ("id") ORDER BY "id" ASC NULLS LAST');
    expect(await run(using.node)).toEqual([{ id: 1, label: 'one' }, { id: 3, label: 'three' }]);
    const cross = from('u').join(from('u').select(col('id').as('id2')), { type: 'cross' }).agg(call('count').as('n'));
    expect(await run(cross.node)).toEqual([{ n: 9 }]);
  });

  it('union all and distinct, by name', async () => {
    const a = from('u').select('id', 'label');
    const b = from('u').select('label', 'id');
    expect(compile(a.union(b).node)).toBe('(SELECT "id", "label" FROM "u") UNION ALL BY NAME (SELECT "label", "id" FROM "u")');
    expect((await run(a.union(b).node)).length).toBe(6);
    expect(await run(a.unionDistinct(b).orderBy('id').node)).toEqual([{ id: 1, label: 'one' }, { id: 3, label: 'three' }, { id: 5, label: 'five' }]);
  });

  it('sort with explicit and default null ordering', async () => {
    expect(compile(from('t').orderBy(col('amount').desc()).node)).toBe('SELECT * FROM "t" ORDER BY "amount" DESC NULLS FIRST');
    expect((await run(from('t').orderBy(col('amount').asc()).select('id').node)).map((r) => r['id'])).toEqual([3, 4, 1, 2]);
    expect((await run(from('t').orderBy(col('amount').desc()).select('id').node)).map((r) => r['id'])).toEqual([2, 1, 4, 3]);
    expect((await run(from('t').orderBy(col('amount').asc('first')).select('id').node)).map((r) => r['id'])).toEqual([2, 3, 4, 1]);
    expect((await run(from('t').orderBy(col('amount').desc('last')).select('id').node)).map((r) => r['id'])).toEqual([1, 4, 3, 2]);
  });

  it('limit and offset', async () => {
    expect(compile(from('t').orderBy('id').limit(2, 1).node)).toBe('SELECT * FROM "t" ORDER BY "id" ASC NULLS LAST LIMIT 2 OFFSET 1');
    expect(await run(from('t').orderBy('id').limit(2, 1).select('id').node)).toEqual([{ id: 2 }, { id: 3 }]);
    // A limit of a limit nests instead of overwriting.
    expect(await run(from('t').orderBy('id').limit(3).limit(1).select('id').node)).toEqual([{ id: 1 }]);
  });

  it('deduplicate, whole rows and by columns', async () => {
    expect(compile(from('t').select('grp').distinct().node)).toBe('SELECT DISTINCT "grp" FROM "t"');
    expect(await run(from('t').select('grp').distinct().orderBy('grp').node)).toEqual([{ grp: 'x' }, { grp: 'y' }]);
    expect(compile(from('t').distinct('grp').node)).toBe('SELECT DISTINCT ON ("grp") * FROM "t"');
    expect((await run(from('t').distinct('grp').node)).length).toBe(2);
  });

  it('window functions with partitions, order and frames', async () => {
    const node = from('t').window(rowNumber().over({ partitionBy: ['grp'], orderBy: [col('id').desc()] }).as('rn')).select('id', 'rn').orderBy('id').node;
    expect(compile(from('t').window(rowNumber().over({ partitionBy: ['grp'], orderBy: [col('id').desc()] }).as('rn')).node))
      .toBe('SELECT *, CAST(row_number() OVER (PARTITION BY "grp" ORDER BY "id" DESC NULLS FIRST) AS INTEGER) AS "rn" FROM "t"');
    expect(await run(node)).toEqual([{ id: 1, rn: 2 }, { id: 2, rn: 1 }, { id: 3, rn: 2 }, { id: 4, rn: 1 }]);
    const running = from('t').window(call('sum', col('id')).over({ orderBy: ['id'], frame: { start: -1, end: 0 } }).as('s')).select('id', 's').orderBy('id');
    expect(compile(from('t').window(call('sum', col('id')).over({ orderBy: ['id'], frame: { start: null, end: 1 } }).as('s')).node))
      .toContain('ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING');
    expect(await run(running.node)).toEqual([{ id: 1, s: 1 }, { id: 2, s: 3 }, { id: 3, s: 5 }, { id: 4, s: 7 }]);
    // A filter over a window result filters after the window is computed.
    expect(await run(from('t').window(rowNumber().over({ orderBy: ['id'] }).as('rn')).filter(col('rn').eq(1)).select('id').node)).toEqual([{ id: 1 }]);
  });

  it('raw DuckDB SQL as a subquery, and other dialects rejected', async () => {
    expect(compile(sql('duckdb', 'SELECT 42 AS answer;').filter(col('answer').gt(1)).node)).toBe('SELECT * FROM (SELECT 42 AS answer) AS "_t1" WHERE ("answer" > 1)');
    expect(await run(sql('duckdb', 'SELECT 42 AS answer').node)).toEqual([{ answer: 42 }]);
    expect(() => compile(sql('spark', 'SELECT 1').node)).toThrow(/dialect "spark"/);
  });

  it('covers every relation kind', () => {
    expect(Object.keys(new RelationCompiler(context)).filter((k) => (RELATION_KINDS as readonly string[]).includes(k)).sort()).toEqual([...RELATION_KINDS].sort());
  });
});

describe('expression lowering', () => {
  const db = useFixtureDatabase(FIXTURE);
  const values = async (e: Expr, where = col('id').lte(4)): Promise<unknown[]> =>
    (await queryRows(db(), compile(from('t').filter(where).select(e.as('r')).orderBy('id').node))).map((r) => r['r']);

  it('literals of every kind', async () => {
    expect(expr(lit(null))).toBe('NULL');
    expect(expr(lit(true))).toBe('TRUE');
    expect(expr(lit(1.5))).toBe('CAST(1.5 AS DOUBLE)');
    expect(expr(lit(7))).toBe('7');
    expect(expr(lit('2024-01-31', 'date32'))).toBe("CAST('2024-01-31' AS DATE)");
    expect(expr(lit('12.50', { type: 'decimal', precision: 5, scale: 2 }))).toBe("CAST('12.50' AS DECIMAL(5,2))");
    expect(await values(lit(1.5).add(lit(1)), col('id').eq(1))).toEqual([2.5]);
  });

  it('binary operators, with true division', async () => {
    expect(expr(col('a').div(col('b')))).toBe('(CAST("a" AS DOUBLE) / NULLIF("b", 0))');
    expect(expr(col('a').mod(col('b')))).toBe('("a" % NULLIF("b", 0))');
    expect(await values(col('id').div(2))).toEqual([0.5, 1, 1.5, 2]);
    expect(await values(col('id').mod(2))).toEqual([1, 0, 1, 0]);
    expect(await values(col('id').sub(1).mul(3))).toEqual([0, 3, 6, 9]);
    expect(await values(col('id').eq(1).or(col('id').gte(4)).and(col('id').neq(2)))).toEqual([true, false, false, true]);
    expect(await values(col('id').lt(2))).toEqual([true, false, false, false]);
    expect(await values(col('id').lte(2))).toEqual([true, true, false, false]);
    expect(await values(col('id').gt(2))).toEqual([false, false, true, true]);
    expect(await values(col('name').like('%b%'))).toEqual([false, true, null, false]);
  });

  it('unary operators', async () => {
    expect(await values(col('id').neg())).toEqual([-1, -2, -3, -4]);
    expect(await values(col('id').gt(2).not())).toEqual([true, true, false, false]);
    expect(await values(col('name').isNull())).toEqual([false, false, true, false]);
    expect(await values(col('amount').isNotNull())).toEqual([true, false, true, true]);
  });

  it('CASE, IN and casts', async () => {
    expect(await values(when(col('id').eq(1), 'one').when(col('id').eq(2), 'two').otherwise('many'))).toEqual(['one', 'two', 'many', 'many']);
    expect(await values(when(col('id').eq(1), 'one'))).toEqual(['one', null, null, null]);
    expect(expr(col('id').in(1, 3))).toBe('("id" IN (1, 3))');
    expect(await values(col('id').in(1, 3))).toEqual([true, false, true, false]);
    expect(await values(col('id').in())).toEqual([false, false, false, false]);
    expect(expr(col('id').cast('utf8'))).toBe('CAST("id" AS VARCHAR)');
    expect(await values(col('id').cast('utf8'))).toEqual(['1', '2', '3', '4']);
    expect(await values(lit('3.14159').cast({ type: 'decimal', precision: 5, scale: 2 }).cast('float64'), col('id').eq(1))).toEqual([3.14]);
  });

  // Every cataloged function, run against the fixture. [name, expression, expected values for ids 1..4]
  const scalarCases: readonly [string, Expr, unknown[]][] = [
    ['abs', call('abs', col('amount')), [10.5, null, 4, 2]],
    ['round', call('round', col('amount')), [11, null, -4, 2]],
    ['floor', call('floor', col('amount')), [10, null, -4, 2]],
    ['ceil', call('ceil', col('amount')), [11, null, -4, 2]],
    ['sqrt', call('sqrt', col('id').mul(col('id'))), [1, 2, 3, 4]],
    ['power', call('power', col('id'), 2), [1, 4, 9, 16]],
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: rounded results, not the constants
    ['ln', call('round', call('ln', col('id')), 3), [0, 0.693, 1.099, 1.386]],
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: rounded results, not the constants
    ['exp', call('round', call('exp', col('id').sub(1)), 3), [1, 2.718, 7.389, 20.086]],
    ['greatest', call('greatest', col('id'), 2, col('amount')), [10.5, 2, 3, 4]],
    ['least', call('least', col('id'), 2, col('amount')), [1, 2, -4, 2]],
    ['upper', call('upper', col('name')), ['ANN', 'BOB', null, ' CY ']],
    ['lower', call('lower', col('name')), ['ann', 'bob', null, ' cy ']],
    ['length', call('length', col('name')), [3, 3, null, 4]],
    ['trim', call('trim', col('name')), ['Ann', 'bob', null, 'cy']],
    ['ltrim', call('ltrim', col('name')), ['Ann', 'bob', null, 'cy ']],
    ['rtrim', call('rtrim', col('name')), ['Ann', 'bob', null, ' cy']],
    ['substring', call('substring', col('name'), 2, 2), ['nn', 'ob', null, 'cy']],
    ['concat', call('concat', col('name'), '-', col('id')), ['Ann-1', 'bob-2', null, ' cy -4']],
    ['replace', call('replace', col('name'), 'b', 'B'), ['Ann', 'BoB', null, ' cy ']],
    ['starts_with', call('starts_with', col('name'), 'A'), [true, false, null, false]],
    ['coalesce', call('coalesce', col('amount'), 0), [10.5, 0, -4, 2]],
    ['nullif', call('nullif', col('grp'), 'x'), [null, null, 'y', 'y']],
    ['year', call('year', col('d')), [2024, 2024, 2023, 2024]],
    ['month', call('month', col('d')), [3, 3, 12, 1]],
    ['day', call('day', col('ts')), [5, 6, 31, 1]],
    ['hour', call('hour', col('ts')), [10, 23, 0, 5]],
    ['date_trunc', call('date_trunc', 'month', col('ts')), ['2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z', '2023-12-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z']],
    ['to_date', call('to_date', col('ts')), ['2024-03-05T00:00:00.000Z', '2024-03-06T00:00:00.000Z', '2023-12-31T00:00:00.000Z', '2024-01-01T00:00:00.000Z']],
  ];
  it.each(scalarCases)('scalar function %s', async (_name, e, expected) => {
    expect(await values(e)).toEqual(expected);
  });

  const aggregateCases: readonly [string, Expr, unknown][] = [
    ['count', call('count'), 4],
    ['count', call('count', col('amount')), 3],
    ['count_distinct', call('count_distinct', col('grp')), 2],
    ['sum', call('sum', col('id')), 10],
    ['avg', call('avg', col('id')), 2.5],
    ['min', call('min', col('name')), ' cy '],
    ['max', call('max', col('d')), '2024-03-06T00:00:00.000Z'],
    ['stddev', call('round', call('stddev', col('id')), 4), 1.291],
  ];
  it.each(aggregateCases)('aggregate function %s', async (_name, e, expected) => {
    const [row] = await queryRows(db(), compile(from('t').agg(e.as('r')).node));
    expect(row?.['r']).toEqual(expected);
  });

  const windowCases: readonly [string, Expr, unknown[]][] = [
    ['row_number', call('row_number').over({ orderBy: [col('id').desc()] }), [4, 3, 2, 1]],
    ['rank', call('rank').over({ orderBy: ['grp'] }), [1, 1, 3, 3]],
    ['dense_rank', call('dense_rank').over({ orderBy: ['grp'] }), [1, 1, 2, 2]],
    ['lag', call('lag', col('id'), 1).over({ orderBy: ['id'] }), [null, 1, 2, 3]],
    ['lead', call('lead', col('id'), 2).over({ orderBy: ['id'] }), [3, 4, null, null]],
  ];
  it.each(windowCases)('window function %s', async (_name, e, expected) => {
    const rows = await queryRows(db(), compile(from('t').window(e.as('r')).orderBy('id').node));
    expect(rows.map((r) => r['r'])).toEqual(expected);
  });

  // Every cataloged function has a conformance case (testkit test/function-coverage.test.ts) and is compared with Spark
  // on generated inputs (backend-spark test/function-differential.test.ts); the cases above are DuckDB smoke tests.
  it('lowers exactly the cataloged functions', () => {
    expect([...LOWERED_FUNCTIONS].sort()).toEqual([...ALL_FUNCTION_NAMES].sort());
    expect(expr(call('count_distinct', col('x')))).toBe('count(DISTINCT "x")');
    expect(expr(call('stddev', col('x')))).toBe('stddev_samp("x")');
    expect(expr(call('to_date', col('x')))).toBe('CAST("x" AS DATE)');
    expect(expr(call('date_trunc', 'day', col('x')))).toBe(`CAST(date_trunc('day', CAST("x" AS TIMESTAMP)) AS TIMESTAMPTZ)`);
    expect(() => expr(call('date_trunc', 'fortnight', col('x')))).toThrow(/unit literal/);
  });
});

describe('output names', () => {
  it('a cast keeps the name of the column it casts', () => {
    expect(new ExpressionCompiler().compileOutput(col('order_id').cast('int64').node)).toBe('CAST("order_id" AS BIGINT) AS "order_id"');
    expect(new ExpressionCompiler().compileOutput(col('order_id').node)).toBe('"order_id"');
  });
});
