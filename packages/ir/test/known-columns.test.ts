import { describe, expect, it } from 'vitest';
import {
  type Field, type Pipeline, ValidationError, type ValidationIssueCode, call, col, count, expect as expectation, from, parsePipeline, pipeline, readFiles, rowNumber, serializePipeline, sql, sum, upper,
} from '../src/index.js';

// Columns a flow names must exist where it names them (validate/column-rules.ts), wherever the input's columns follow
// from the pipeline: each mistake below is refused at its JSON path, with the columns there and a "did you mean".
const ORDERS: readonly Field[] = [
  { name: 'order_id', type: 'int64' }, { name: 'customer', type: 'utf8' }, { name: 'amount', type: 'float64' }, { name: 'ts', type: 'timestamp' },
];
const CUSTOMERS: readonly Field[] = [{ name: 'customer', type: 'utf8' }, { name: 'country', type: 'utf8' }];
const orders = () => readFiles('json', 'orders', { schema: ORDERS });
const base = () => pipeline('shop')
  .temporaryView('orders', { query: orders() })
  .temporaryView('customers', { query: readFiles('json', 'customers', { schema: CUSTOMERS }) });

/** The issues of one code validation reports, as [path, message]; none when valid. */
function issuesOf(p: Pipeline, code: ValidationIssueCode): [string, string][] {
  try {
    parsePipeline(serializePipeline(p));
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.issues.filter((i) => i.code === code).map((i) => [i.path, i.message]);
  }
}
const problems = (p: Pipeline) => issuesOf(p, 'unknown_column');

const CASES: readonly [string, () => Pipeline, string, RegExp][] = [
  ['a filter', () => base().materializedView('big', { query: from('orders').filter(col('amout').gt(10)) }).build(),
    '$.flows[2].query.condition.left.name', /column "amout" does not exist in the input of its filter \(its columns: order_id, customer, amount, ts\); did you mean "amount"\?/],
  ['a projection', () => base().materializedView('ids', { query: from('orders').select('order_id', col('custmer')) }).build(),
    '$.flows[2].query.columns[1].name', /column "custmer" does not exist in the input of its project .*did you mean "customer"\?/],
  ['a group key', () => base().materializedView('per', { query: from('orders').groupBy('costumer').agg(count().as('n')) }).build(),
    '$.flows[2].query.groupBy[0].name', /"costumer" does not exist in the input of its aggregate .*did you mean "customer"\?/],
  ['an aggregate argument', () => base().materializedView('per', { query: from('orders').groupBy('customer').agg(sum('amont').as('s')) }).build(),
    '$.flows[2].query.aggregates[0].expr.args[0].name', /"amont" does not exist .*did you mean "amount"\?/],
  ['a sort key after an aggregation', () => base().materializedView('per', { query: from('orders').groupBy('customer').agg(sum('amount').as('total')).orderBy('amount') }).build(),
    '$.flows[2].query.keys[0].expr.name', /"amount" does not exist in the input of its sort \(its columns: customer, total\)/],
  ['a window function', () => base().materializedView('ranked', { query: from('orders').window(rowNumber().over({ partitionBy: ['cust'], orderBy: ['ts'] }).as('rn')) }).build(),
    '$.flows[2].query.expressions[0].expr.partitionBy[0].name', /"cust" does not exist .*did you mean "customer"\?/],
  ['a join condition', () => base().materializedView('joined', { query: from('orders').join(from('customers'), { leftAlias: 'o', rightAlias: 'c', on: col('customer', 'o').eq(col('custome', 'c')) }) }).build(),
    '$.flows[2].query.on.right.name', /"custome" does not exist in its join's two sides .*did you mean "customer"\?/],
  ['a qualified column above a join (through its filter)', () => base().materializedView('joined', {
    query: from('orders').join(from('customers'), { leftAlias: 'o', rightAlias: 'c', on: col('customer', 'o').eq(col('customer', 'c')) })
      .filter(col('amount').gt(0)).select(col('order_id', 'o'), col('contry', 'c')),
  }).build(),
    '$.flows[2].query.columns[1].name', /"contry" does not exist in the input of its project \(its columns: customer, country\); did you mean "country"\?/],
  ['a join USING column missing on one side', () => base().materializedView('joined', { query: from('orders').join(from('customers'), { using: ['country'] }) }).build(),
    '$.flows[2].query.using[0]', /"country" does not exist in the left side of its join/],
  ['an expectation', () => base().table('clean', { query: from('orders'), expectations: [expectation('positive', col('amuont').gt(0), 'drop')] }).build(),
    '$.flows[2].expectations[0].predicate.left.name', /"amuont" does not exist in the rows it writes \(expectation "positive"\).*did you mean "amount"\?/],
  ['a watermark', () => base().streamingTable('per_minute', { query: orders().groupBy('customer').agg(count().as('n')), watermark: { column: 'time', delay: '1m' }, window: { kind: 'tumbling', size: '1m' } }).build(),
    '$.flows[2].watermark.column', /"time" does not exist in the input of its aggregation \(its watermark\)/],
  ['a column of a dataset read downstream (its columns from the flow writing it)', () => base().materializedView('per', { query: from('orders').groupBy('customer').agg(sum('amount').as('total')) })
    .materializedView('top', { query: from('per').filter(col('totl').gt(100)) }).build(),
    '$.flows[3].query.condition.left.name', /"totl" does not exist .*\(its columns: customer, total\); did you mean "total"\?/],
];

describe('check: unknown columns', () => {
  it.each(CASES)('in %s: refused at its path with a suggestion', (_, build, path, message) => {
    const found = problems(build());
    expect(found.map(([p]) => p)).toEqual([path]);
    expect(found[0]?.[1]).toMatch(message);
  });

  it('reports every unknown column of a pipeline at once', () => {
    const p = base()
      .materializedView('a', { query: from('orders').filter(col('amout').gt(1)) })
      .materializedView('b', { query: from('customers').select('contry') })
      .build();
    expect(problems(p).map(([path]) => path)).toEqual(['$.flows[2].query.condition.left.name', '$.flows[3].query.columns[0].name']);
  });

  it('claims nothing where only a run would tell the columns (a CSV without a schema, raw SQL), and accepts case differences', () => {
    const p = pipeline('loose')
      .temporaryView('raw', { query: readFiles('csv', 'raw.csv', { options: { header: 'true' } }) })
      .materializedView('x', { query: from('raw').filter(col('anything').gt(1)) })
      .temporaryView('typed', { query: orders() })
      .materializedView('y', { query: from('typed').select(col('ORDER_ID'), col('Amount')) })
      .build();
    expect(problems(p)).toEqual([]);
  });

  it('a windowed aggregation writes window_start and window_end too', () => {
    const p = base()
      .streamingTable('per_minute', { query: orders().groupBy('customer').agg(count().as('n')), watermark: { column: 'ts', delay: '1m' }, window: { kind: 'tumbling', size: '1m' } })
      .materializedView('late', { query: from('per_minute').filter(col('window_end').gt(col('window_start'))) })
      .build();
    expect(problems(p)).toEqual([]);
  });
});

describe('check: predicates that are not predicates', () => {
  const predicateProblems = (p: Pipeline) => issuesOf(p, 'non_boolean_predicate');

  it('SQL text where a predicate belongs (a string) is refused, saying how to write it', () => {
    const p = base().materializedView('big', { query: from('orders').filter('amount > 100') }).build();
    expect(predicateProblems(p)).toEqual([[
      '$.flows[2].query.condition',
      'flow "big": the condition of its filter is the string "amount > 100", not a predicate; a string there is a value, not SQL: build the predicate, e.g. col(\'amount\').gt(100) (in JSON {"kind":"binary","op":"gt",…})',
    ]]);
  });

  it('arithmetic, a non-boolean function and a number are refused in filters, joins and expectations; comparisons and boolean functions pass', () => {
    const p = base()
      .materializedView('a', { query: from('orders').filter(col('amount').add(1)) })
      .table('b', { query: from('orders'), expectations: [expectation('named', upper('customer'), 'drop'), expectation('ok', col('customer').isNotNull(), 'warn')] })
      .materializedView('c', { query: from('orders').join(from('customers'), { on: 1 }) })
      .materializedView('d', { query: from('orders').filter(col('amount').gt(1).and(call('starts_with', col('customer'), 'a'))) })
      .build();
    expect(predicateProblems(p).map(([path, message]) => [path, message.replace(/, not a predicate.*/, '')])).toEqual([
      ['$.flows[2].query.condition', 'flow "a": the condition of its filter is an arithmetic "add"'],
      ['$.flows[3].expectations[0].predicate', 'flow "b": expectation "named" is a call of upper (it returns utf8)'],
      ['$.flows[4].query.on', 'flow "c": the condition of its join is the number 1'],
    ]);
  });
});

describe('check: raw SQL that reads datasets its reads do not list', () => {
  const sqlProblems = (p: Pipeline) => issuesOf(p, 'sql_reads_unlisted');
  const withSql = (text: string, reads?: readonly string[]) => base()
    .materializedView('report', { query: sql('duckdb', text), ...(reads === undefined ? {} : { reads }) })
    .build();

  it('a dataset after FROM or JOIN that reads does not list is refused, naming what to add', () => {
    expect(sqlProblems(withSql('SELECT o.*, c.country FROM orders o JOIN "customers" c USING (customer)'))).toEqual([[
      '$.flows[2].query.sql',
      'flow "report": its SQL reads "orders", "customers" of this pipeline, which its "reads" does not list, so it could run before those datasets are written; add "orders", "customers" to the flow\'s "reads" (builder: the reads option of the flow or dataset)',
    ]]);
    expect(sqlProblems(withSql('select * from main.Orders', ['customers'])).map(([, m]) => m.slice(0, 40))).toEqual(['flow "report": its SQL reads "orders" of']);
  });

  it('listed reads, tables outside the pipeline and names in strings or comments pass', () => {
    expect(sqlProblems(withSql('SELECT * FROM orders JOIN customers USING (customer)', ['orders', 'customers']))).toEqual([]);
    expect(sqlProblems(withSql("SELECT 'from orders' AS note FROM warehouse.other_table -- join customers\n/* from orders */"))).toEqual([]);
  });
});

describe('check: names with a NUL', () => {
  it('a NUL in a dataset, flow or alias name is refused at its path; other control characters are names like any', () => {
    const p = pipeline('ctl')
      .temporaryView('orders', { query: orders() })
      .materializedView('bad\u0000name', { query: from('orders').select(col('amount').as('a\u0000b'), col('amount').as('tab\there')) })
      .build();
    const issues = issuesOf(p, 'invalid_name');
    expect(issues).toEqual([
      ['$.datasets[1].name', 'dataset name "bad\\u0000name" holds a NUL character at position 3: engines and file systems end names there; rename it'],
      ['$.flows[1].name', 'flow name "bad\\u0000name" holds a NUL character at position 3: engines and file systems end names there; rename it'],
      ['$.flows[1].query.columns[0].name', 'column name "a\\u0000b" holds a NUL character at position 1: engines and file systems end names there; rename it'],
    ]);
  });
});

describe('declared schemas: a flow writes exactly its target\'s declared columns (schema_columns)', () => {
  const declared = (schema: readonly Field[]) => base().table('clean', { schema, query: from('orders').select('order_id', 'amount') }).build();

  it('a column the query produces beyond the declared schema is refused at the flow\'s query', () => {
    expect(issuesOf(declared([{ name: 'order_id', type: 'int64' }]), 'schema_columns')).toEqual([
      ['$.flows[2].query', 'flow "clean" produces "amount", not in the declared schema of "clean" ("order_id"): add it to the schema or leave it out of the query'],
    ]);
  });

  it('a declared column the query does not produce is refused', () => {
    expect(issuesOf(declared([{ name: 'order_id', type: 'int64' }, { name: 'amount', type: 'float64' }, { name: 'note', type: 'utf8' }]), 'schema_columns')).toEqual([
      ['$.flows[2].query', 'flow "clean" does not produce "note" of the declared schema of "clean" (it produces "order_id", "amount"): produce it (a NULL cast to the type if need be) or remove it from the schema'],
    ]);
  });

  it('the same columns in another order, a window\'s bounds, unknown columns and CDC flows are not refused', () => {
    expect(issuesOf(declared([{ name: 'amount', type: 'float64' }, { name: 'order_id', type: 'int64' }]), 'schema_columns')).toEqual([]);
    const windowed = pipeline('w')
      .streamingTable('counts', {
        schema: [{ name: 'window_start', type: 'timestamp' }, { name: 'window_end', type: 'timestamp' }, { name: 'customer', type: 'utf8' }, { name: 'n', type: 'int64' }],
        watermark: { column: 'ts', delay: '10s' }, window: { kind: 'tumbling', size: '1m' }, outputMode: 'append',
        query: orders().groupBy('customer').agg(count().as('n')),
      })
      .build();
    expect(issuesOf(windowed, 'schema_columns')).toEqual([]);
    const unknown = pipeline('u').materializedView('t', { schema: [{ name: 'a', type: 'int64' }], query: readFiles('csv', 'x.csv') }).build();
    expect(issuesOf(unknown, 'schema_columns')).toEqual([]);
  });
});
