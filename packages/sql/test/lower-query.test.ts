import { type Flow, type Pipeline, type RelationNode, serializePipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { pipelineFromSql, printQuery } from '../src/index.js';

const SOURCES = `
CREATE STREAMING TABLE events (id BIGINT, user STRING, ts TIMESTAMP, amount DECIMAL(10, 2))
  AS SELECT * FROM STREAM read_files('data/events', format => 'json');
CREATE MATERIALIZED VIEW users AS SELECT * FROM read_files('data/users.parquet', format => 'parquet');
`;

function lower(sql: string): Pipeline {
  return pipelineFromSql([{ file: 'test.sql', text: `${SOURCES}\n${sql}` }], { name: 't' });
}

function flow(pipeline: Pipeline, name: string): Flow {
  const found = pipeline.flows.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no flow ${name}`);
  return found;
}

function plan(sql: string, name = 'out'): RelationNode {
  return flow(lower(sql), name).query;
}

/** A compact, readable form of a plan for assertions. */
function shape(node: unknown): unknown {
  return JSON.parse(serializePipeline({ version: 1, name: 'x', datasets: [], flows: [{ name: 'f', target: 'f', kind: 'batch', query: node as RelationNode }] } as Pipeline)).flows[0].query;
}

describe('statements', () => {
  test('a materialized view is a dataset and a batch flow of the same name', () => {
    const p = lower("CREATE MATERIALIZED VIEW out COMMENT 'per user' TBLPROPERTIES ('quality' = 'gold') AS SELECT user FROM events;");
    expect(p.datasets.find((d) => d.name === 'out')).toEqual({ name: 'out', type: 'materialized_view', comment: 'per user', properties: { quality: 'gold' } });
    expect(flow(p, 'out')).toMatchObject({ target: 'out', kind: 'batch' });
  });

  test('a streaming table AS SELECT from STREAM(x) is a streaming flow; STREAM x is the same', () => {
    for (const from of ['STREAM(events)', 'STREAM events']) {
      const f = flow(lower(`CREATE STREAMING TABLE out AS SELECT id FROM ${from};`), 'out');
      expect(f.kind).toBe('streaming');
      expect(shape(f.query)).toEqual({ kind: 'project', input: { kind: 'read', dataset: 'events' }, columns: [{ kind: 'column', name: 'id' }] });
    }
  });

  test('column lists become the declared schema, constraints the expectations', () => {
    const p = lower(`CREATE MATERIALIZED VIEW out (
      id BIGINT NOT NULL COMMENT 'key', amount DECIMAL(10, 2),
      CONSTRAINT has_id EXPECT (id IS NOT NULL) ON VIOLATION FAIL UPDATE,
      CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION DROP ROW,
      CONSTRAINT small EXPECT (amount < 1000)
    ) PARTITIONED BY (id) AS SELECT id, amount FROM events;`);
    expect(p.datasets.find((d) => d.name === 'out')?.schema).toEqual([
      { name: 'id', type: 'int64', nullable: false },
      { name: 'amount', type: { type: 'decimal', precision: 10, scale: 2 } },
    ]);
    expect(p.datasets.find((d) => d.name === 'out')?.partitionColumns).toEqual(['id']);
    expect(flow(p, 'out').expectations?.map((e) => [e.name, e.action])).toEqual([['has_id', 'fail'], ['positive', 'drop'], ['small', 'warn']]);
  });

  test('CREATE FLOW … INSERT INTO writes several flows into one streaming table, with its expectations', () => {
    const p = lower(`
      CREATE STREAMING TABLE all_events (CONSTRAINT has_id EXPECT (id IS NOT NULL) ON VIOLATION DROP ROW);
      CREATE FLOW from_events AS INSERT INTO all_events BY NAME SELECT id FROM STREAM(events);
      CREATE FLOW backfill AS INSERT INTO ONCE all_events BY NAME SELECT id FROM read_files('data/old.parquet', format => 'parquet');`);
    expect(p.flows.filter((f) => f.target === 'all_events').map((f) => [f.name, f.kind, f.expectations?.[0]?.name])).toEqual([
      ['from_events', 'streaming', 'has_id'],
      ['backfill', 'append_once', 'has_id'],
    ]);
  });

  test('AUTO CDC reads every clause into the flow', () => {
    const p = lower(`
      CREATE STREAMING TABLE customers;
      CREATE FLOW apply_changes AS AUTO CDC INTO customers FROM STREAM(events)
        KEYS (id) APPLY AS DELETE WHEN user = 'D' SEQUENCE BY ts COLUMNS * EXCEPT (amount) STORED AS SCD TYPE 2 TRACK HISTORY ON * EXCEPT (ts);`);
    expect(flow(p, 'apply_changes')).toMatchObject({
      kind: 'cdc', target: 'customers', query: { kind: 'read', dataset: 'events' },
      cdc: { keys: ['id'], sequenceBy: 'ts', scdType: 2, exceptColumns: ['amount'], trackHistoryExcept: ['ts'], deleteWhen: { kind: 'binary', op: 'eq' } },
    });
  });

  test('CREATE STREAMING TABLE … FLOW AUTO CDC is the table and its AUTO CDC flow in one statement; clauses in any order, each once', () => {
    const p = lower(`CREATE STREAMING TABLE people (id BIGINT, user STRING) COMMENT 'current'
      FLOW AUTO CDC FROM STREAM(events) KEYS (id) STORED AS SCD TYPE 1 SEQUENCE BY ts COLUMNS (id, user);`);
    expect(p.datasets.find((d) => d.name === 'people')).toMatchObject({ type: 'table', comment: 'current', schema: [{ name: 'id' }, { name: 'user' }] });
    expect(flow(p, 'people')).toMatchObject({ kind: 'cdc', target: 'people', query: { kind: 'read', dataset: 'events' }, cdc: { keys: ['id'], sequenceBy: 'ts', scdType: 1, columns: ['id', 'user'] } });
    expect(() => lower('CREATE STREAMING TABLE p FLOW AUTO CDC FROM STREAM(events) KEYS (id) SEQUENCE BY ts SEQUENCE BY id;')).toThrow(/test\.sql:6:85: SEQUENCE BY is given twice/);
    expect(() => lower('CREATE STREAMING TABLE p FLOW AUTO CDC FROM STREAM(events) KEYS (id) SEQUENCE BY ts TRACK HISTORY ON (user);')).toThrow(/TRACK HISTORY needs STORED AS SCD TYPE 2/);
  });

  test('a watermark and a window over STREAM(x) become the flow\'s watermark and window', () => {
    const f = flow(lower(`CREATE STREAMING TABLE out AS
      SELECT window.start AS window_start, window.end AS window_end, user, count(*) AS n
      FROM STREAM(events) WATERMARK ts DELAY OF INTERVAL 10 SECONDS
      GROUP BY window(ts, '5 minutes'), user;`), 'out');
    expect(f).toMatchObject({ kind: 'streaming', watermark: { column: 'ts', delay: '10s' }, window: { kind: 'tumbling', size: '5m' }, outputMode: 'append' });
    expect(shape(f.query)).toEqual({
      kind: 'aggregate', input: { kind: 'read', dataset: 'events' }, groupBy: [{ kind: 'column', name: 'user' }],
      aggregates: [{ kind: 'alias', name: 'n', expr: { kind: 'call', name: 'count', args: [] } }],
    });
  });

  test('session and hopping windows', () => {
    const session = flow(lower(`CREATE STREAMING TABLE out AS SELECT window.start AS window_start, window.end AS window_end, user, count(*) AS n
      FROM STREAM(events) WATERMARK ts DELAY OF INTERVAL '1 minute' GROUP BY session_window(ts, '5 minutes'), user;`), 'out');
    expect(session.window).toEqual({ kind: 'session', gap: '5m' });
    const hopping = flow(lower(`CREATE STREAMING TABLE out AS SELECT window.start AS window_start, window.end AS window_end, count(*) AS n
      FROM STREAM(events) WATERMARK ts DELAY OF INTERVAL 1 MINUTE GROUP BY window(ts, '10 minutes', '5 minutes');`), 'out');
    expect(hopping.window).toEqual({ kind: 'hopping', size: '10m', slide: '5m' });
  });
});

describe('queries', () => {
  test('an aggregation whose select list is its keys then its named aggregates is one aggregate node', () => {
    expect(shape(plan('CREATE MATERIALIZED VIEW out AS SELECT user, sum(amount) AS total, count(DISTINCT id) AS ids FROM events GROUP BY user;'))).toEqual({
      kind: 'aggregate', input: { kind: 'read', dataset: 'events' }, groupBy: [{ kind: 'column', name: 'user' }],
      aggregates: [
        { kind: 'alias', name: 'total', expr: { kind: 'call', name: 'sum', args: [{ kind: 'column', name: 'amount' }] } },
        { kind: 'alias', name: 'ids', expr: { kind: 'call', name: 'count_distinct', args: [{ kind: 'column', name: 'id' }] } },
      ],
    });
  });

  test('expressions over aggregates, HAVING and GROUP BY an alias or ordinal project above the aggregate', () => {
    const node = shape(plan(`CREATE MATERIALIZED VIEW out AS
      SELECT upper(user) AS u, sum(amount) * 2 AS doubled FROM events GROUP BY 1 HAVING count(*) > 1;`)) as Record<string, unknown>;
    expect(node).toEqual({
      kind: 'project',
      input: {
        kind: 'filter',
        input: {
          kind: 'aggregate', input: { kind: 'read', dataset: 'events' },
          groupBy: [{ kind: 'alias', name: 'u', expr: { kind: 'call', name: 'upper', args: [{ kind: 'column', name: 'user' }] } }],
          aggregates: [
            { kind: 'alias', name: '__agg_1', expr: { kind: 'call', name: 'sum', args: [{ kind: 'column', name: 'amount' }] } },
            { kind: 'alias', name: '__agg_2', expr: { kind: 'call', name: 'count', args: [] } },
          ],
        },
        condition: { kind: 'binary', op: 'gt', left: { kind: 'column', name: '__agg_2' }, right: { kind: 'literal', value: 1 } },
      },
      columns: [
        { kind: 'alias', name: 'u', expr: { kind: 'column', name: 'u' } },
        { kind: 'alias', name: 'doubled', expr: { kind: 'binary', op: 'mul', left: { kind: 'column', name: '__agg_1' }, right: { kind: 'literal', value: 2 } } },
      ],
    });
  });

  test('HAVING may name a select alias, as Spark allows; a grouping column comes first', () => {
    const node = shape(plan(`CREATE MATERIALIZED VIEW out AS
      SELECT user, count(*) AS n, upper(user) AS u FROM events GROUP BY user HAVING n > 1 AND u <> 'X';`)) as Record<string, unknown>;
    expect(node).toEqual({
      kind: 'project',
      input: {
        kind: 'filter',
        input: {
          kind: 'aggregate', input: { kind: 'read', dataset: 'events' },
          groupBy: [{ kind: 'column', name: 'user' }],
          aggregates: [{ kind: 'alias', name: 'n', expr: { kind: 'call', name: 'count', args: [] } }],
        },
        condition: {
          kind: 'binary', op: 'and',
          left: { kind: 'binary', op: 'gt', left: { kind: 'column', name: 'n' }, right: { kind: 'literal', value: 1 } },
          right: { kind: 'binary', op: 'neq', left: { kind: 'call', name: 'upper', args: [{ kind: 'column', name: 'user' }] }, right: { kind: 'literal', value: 'X' } },
        },
      },
      columns: [
        { kind: 'column', name: 'user' },
        { kind: 'alias', name: 'n', expr: { kind: 'column', name: 'n' } },
        { kind: 'alias', name: 'u', expr: { kind: 'call', name: 'upper', args: [{ kind: 'column', name: 'user' }] } },
      ],
    });
    // Aliases naming each other resolve once, to input columns.
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT id AS ts, ts AS id, count(*) AS n FROM events GROUP BY user HAVING ts > 0;')).toThrow(/column id must be in GROUP BY/);
  });

  test('joins keep their aliases; a qualifier names the side; USING and every join kind', () => {
    const node = shape(plan('CREATE MATERIALIZED VIEW out AS SELECT e.id, u.name FROM events AS e LEFT JOIN users u ON e.user = u.name;'));
    expect(node).toEqual({
      kind: 'project',
      input: {
        kind: 'join', type: 'left', left: { kind: 'read', dataset: 'events' }, right: { kind: 'read', dataset: 'users' }, leftAlias: 'e', rightAlias: 'u',
        on: { kind: 'binary', op: 'eq', left: { kind: 'column', name: 'user', relation: 'e' }, right: { kind: 'column', name: 'name', relation: 'u' } },
      },
      columns: [{ kind: 'column', name: 'id', relation: 'e' }, { kind: 'column', name: 'name', relation: 'u' }],
    });
    const kinds = { 'JOIN': 'inner', 'INNER JOIN': 'inner', 'LEFT OUTER JOIN': 'left', 'RIGHT JOIN': 'right', 'FULL OUTER JOIN': 'full', 'LEFT SEMI JOIN': 'semi', 'LEFT ANTI JOIN': 'anti' };
    for (const [sql, type] of Object.entries(kinds)) {
      expect(plan(`CREATE MATERIALIZED VIEW out AS SELECT * FROM events ${sql} users USING (id);`)).toMatchObject({ kind: 'join', type, using: ['id'] });
    }
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT * FROM events CROSS JOIN users;')).toMatchObject({ kind: 'join', type: 'cross' });
  });

  test('a table qualifier of a single-table query is dropped; an unknown one is an error at its position', () => {
    expect(shape(plan('CREATE MATERIALIZED VIEW out AS SELECT e.id FROM events e WHERE e.amount > 1.50;'))).toEqual({
      kind: 'project',
      input: { kind: 'filter', input: { kind: 'read', dataset: 'events' }, condition: { kind: 'binary', op: 'gt', left: { kind: 'column', name: 'amount' }, right: { kind: 'literal', value: '1.50', type: { type: 'decimal', precision: 3, scale: 2 } } } },
      columns: [{ kind: 'column', name: 'id' }],
    });
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT x.id FROM events e;')).toThrow(/test\.sql:6:40: unknown table x in x\.…: the tables here are e/);
  });

  test('a three-way join keeps every side\'s name: the inner join is unnamed, so b.name and a.name stay two columns', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT a.id, b.name AS b_name, c.name FROM events a JOIN users b ON a.user = b.name JOIN users c ON a.id = c.id;');
    expect(node).toMatchObject({
      kind: 'project',
      input: { kind: 'join', rightAlias: 'c', left: { kind: 'join', leftAlias: 'a', rightAlias: 'b' }, on: { left: { name: 'id', relation: 'a' } } },
      columns: [{ name: 'id', relation: 'a' }, { kind: 'alias', expr: { name: 'name', relation: 'b' } }, { name: 'name', relation: 'c' }],
    });
    expect(node).not.toHaveProperty('input.leftAlias');
    const printed = printQuery(node);
    expect(printed).toContain('FROM events AS a JOIN users AS b ON (a.user = b.name) JOIN users AS c ON');
    expect(plan(`CREATE MATERIALIZED VIEW out AS ${printed};`)).toEqual(node);
  });

  test('if(c, a, b) is a CASE with one branch; ifnull and nvl are coalesce; a wrong if is refused at its position', () => {
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT if(amount > 10, \'big\', \'small\') AS size, ifnull(user, \'?\') AS u, nvl(user, \'-\') AS v FROM events;')).toMatchObject({
      kind: 'project',
      columns: [
        { name: 'size', expr: { kind: 'case', branches: [{ when: { kind: 'binary', op: 'gt' }, then: { value: 'big' } }], otherwise: { value: 'small' } } },
        { name: 'u', expr: { kind: 'call', name: 'coalesce' } },
        { name: 'v', expr: { kind: 'call', name: 'coalesce' } },
      ],
    });
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT if(amount > 10, 1) AS x FROM events;')).toThrow(/test\.sql:6:\d+: if takes three arguments: if\(condition, value if true, value otherwise\)/);
  });

  test('EXTRACT(field FROM x) is date_part(\'field\', x); EXTRACT without FROM is refused at its position', () => {
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT EXTRACT(YEAR FROM ts) AS y, extract(dow from ts) AS d FROM events;')).toMatchObject({
      kind: 'project',
      columns: [
        { name: 'y', expr: { kind: 'call', name: 'date_part', args: [{ kind: 'literal', value: 'YEAR' }, { kind: 'column', name: 'ts' }] } },
        { name: 'd', expr: { kind: 'call', name: 'date_part', args: [{ kind: 'literal', value: 'dow' }, { kind: 'column', name: 'ts' }] } },
      ],
    });
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT EXTRACT(YEAR, ts) AS y FROM events;')).toThrow(/test\.sql:6:\d+: EXTRACT reads EXTRACT\(field FROM value\)/);
  });

  test('Spark\'s cast functions are casts: date(x), bigint(x), decimal(x), to_timestamp(x); to_timestamp with a format is a call', () => {
    const columns = (plan('CREATE MATERIALIZED VIEW out AS SELECT date(ts) AS d, bigint(amount) AS b, decimal(id) AS m, to_timestamp(user) AS t, string(id) AS s FROM events;') as unknown as { columns: unknown[] }).columns;
    expect(columns).toMatchObject([
      { name: 'd', expr: { kind: 'cast', to: 'date32', expr: { name: 'ts' } } },
      { name: 'b', expr: { kind: 'cast', to: 'int64' } },
      { name: 'm', expr: { kind: 'cast', to: { type: 'decimal', precision: 10, scale: 0 } } },
      { name: 't', expr: { kind: 'cast', to: { type: 'timestamp', timezone: 'UTC' } } },
      { name: 's', expr: { kind: 'cast', to: 'utf8' } },
    ]);
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT to_timestamp(user, \'MM-dd-yyyy\') AS t FROM events;')).toMatchObject({
      columns: [{ name: 't', expr: { kind: 'call', name: 'to_timestamp', args: [{ name: 'user' }, { value: 'MM-dd-yyyy' }] } }],
    });
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT to_timestamp(user, \'yyyy-MM-dd VV\') AS t FROM events;')).toThrow(/letter 'V' \(time-zone ID\) is not supported when reading a date or time/);
  });

  test('window functions become a window node below the projection', () => {
    expect(shape(plan('CREATE MATERIALIZED VIEW out AS SELECT *, row_number() OVER (PARTITION BY user ORDER BY ts DESC) AS rn FROM events;'))).toEqual({
      kind: 'window', input: { kind: 'read', dataset: 'events' },
      expressions: [{ kind: 'alias', name: 'rn', expr: { kind: 'window_call', name: 'row_number', args: [], partitionBy: [{ kind: 'column', name: 'user' }], orderBy: [{ expr: { kind: 'column', name: 'ts' }, direction: 'desc', nulls: 'last' }] } }],
    });
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT id, sum(amount) OVER (PARTITION BY user ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM events;')).toMatchObject({
      kind: 'project', input: { kind: 'window', expressions: [{ name: 'running', expr: { frame: { start: null, end: 0 } } }] },
    });
  });

  test('ORDER BY keeps Spark SQL\'s NULL order (first ascending, last descending), which is the reverse of the plan\'s default', () => {
    const keys = (sql: string) => (plan(`CREATE MATERIALIZED VIEW out AS SELECT id FROM events ORDER BY ${sql};`) as unknown as { keys: unknown[] }).keys.map((k) => { const { expr: _expr, ...rest } = k as Record<string, unknown>; return rest; });
    expect(keys('id')).toEqual([{ direction: 'asc', nulls: 'first' }]);
    expect(keys('id DESC')).toEqual([{ direction: 'desc', nulls: 'last' }]);
    expect(keys('id ASC NULLS LAST, id DESC NULLS FIRST')).toEqual([{ direction: 'asc' }, { direction: 'desc' }]);
  });

  test('CTEs and subqueries are inlined; UNION, DISTINCT, ORDER BY and LIMIT', () => {
    const node = plan(`CREATE MATERIALIZED VIEW out AS
      WITH big AS (SELECT id FROM events WHERE amount > 100)
      SELECT DISTINCT id FROM (SELECT id FROM big UNION ALL SELECT id FROM events) AS s ORDER BY id DESC NULLS LAST LIMIT 10;`);
    expect(node).toMatchObject({
      kind: 'limit', count: 10,
      input: { kind: 'sort', keys: [{ direction: 'desc', nulls: 'last' }], input: { kind: 'deduplicate', input: { kind: 'project', input: { kind: 'union', all: true } } } },
    });
  });

  test('ORDER BY may name input columns the select list leaves out, as Spark allows: kept for the sort and limit, then dropped', () => {
    expect(shape(plan('CREATE MATERIALIZED VIEW out AS SELECT e.id, upper(e.user) AS who FROM events e ORDER BY e.amount DESC, who LIMIT 2 OFFSET 1;'))).toEqual({
      kind: 'project',
      input: {
        kind: 'limit', count: 2, offset: 1,
        input: {
          kind: 'sort',
          input: {
            kind: 'project', input: { kind: 'read', dataset: 'events' },
            columns: [
              { kind: 'column', name: 'id' },
              { kind: 'alias', name: 'who', expr: { kind: 'call', name: 'upper', args: [{ kind: 'column', name: 'user' }] } },
              { kind: 'column', name: 'amount' },
            ],
          },
          keys: [{ expr: { kind: 'column', name: 'amount' }, direction: 'desc', nulls: 'last' }, { expr: { kind: 'column', name: 'who' }, direction: 'asc', nulls: 'first' }],
        },
      },
      columns: [{ kind: 'column', name: 'id' }, { kind: 'column', name: 'who' }],
    });
    // Where the select list has every column the sort names, the sort reads its output, as before.
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT id, amount FROM events ORDER BY amount LIMIT 2;')).toMatchObject({ kind: 'limit', input: { kind: 'sort', input: { kind: 'project' } } });
  });

  test('expressions: CASE (both forms), CAST and ::, IN, BETWEEN, LIKE, IS NULL, ||, typed literals, negative numbers', () => {
    const node = plan(`CREATE MATERIALIZED VIEW out AS SELECT
      CASE WHEN amount > 10 THEN 'big' ELSE 'small' END AS size,
      CASE user WHEN 'a' THEN 1 END AS is_a,
      amount::DOUBLE AS d,
      user || '!' AS shout,
      DATE '2026-01-02' AS day,
      TIMESTAMP '2026-01-02 03:04:05' AS at,
      -5 AS minus
      FROM events WHERE id IN (1, 2) AND amount NOT BETWEEN 1 AND 2 AND user NOT LIKE 'x%' AND ts IS NOT NULL;`);
    expect(node).toMatchObject({
      kind: 'project',
      columns: [
        { name: 'size', expr: { kind: 'case', branches: [{ then: { value: 'big' } }], otherwise: { value: 'small' } } },
        { name: 'is_a', expr: { kind: 'case', branches: [{ when: { kind: 'binary', op: 'eq' } }] } },
        { name: 'd', expr: { kind: 'cast', to: 'float64' } },
        { name: 'shout', expr: { kind: 'call', name: 'concat' } },
        { name: 'day', expr: { kind: 'literal', value: '2026-01-02', type: 'date32' } },
        { name: 'at', expr: { kind: 'literal', type: { type: 'timestamp', unit: 'us', timezone: 'UTC' } } },
        { name: 'minus', expr: { kind: 'literal', value: -5 } },
      ],
      input: { kind: 'filter', condition: { kind: 'binary', op: 'and' } },
    });
  });

  test('UNION matches columns by position, as SQL does: a branch named differently is renamed to the first branch\'s names', () => {
    expect(shape(plan('CREATE MATERIALIZED VIEW out AS SELECT id, user FROM events UNION ALL SELECT id AS key, name FROM users;'))).toEqual({
      kind: 'union', all: true,
      inputs: [
        { kind: 'project', input: { kind: 'read', dataset: 'events' }, columns: [{ kind: 'column', name: 'id' }, { kind: 'column', name: 'user' }] },
        {
          kind: 'project',
          input: { kind: 'project', input: { kind: 'read', dataset: 'users' }, columns: [{ kind: 'alias', name: 'key', expr: { kind: 'column', name: 'id' } }, { kind: 'column', name: 'name' }] },
          columns: [{ kind: 'alias', name: 'id', expr: { kind: 'column', name: 'key' } }, { kind: 'alias', name: 'user', expr: { kind: 'column', name: 'name' } }],
        },
      ],
    });
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT id, user FROM events UNION ALL SELECT id FROM users;')).toThrow(/each UNION branch needs the same number of columns: the first has 2 \(id, user\), this one 1 \(id\)/);
  });

  test('Spark names of catalog functions map to the catalog', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT substr(user, 1, 2) AS s, ceiling(amount) AS c, pow(amount, 2) AS p, startswith(user, \'a\') AS b FROM events;');
    expect(node).toMatchObject({ columns: [{ expr: { name: 'substring' } }, { expr: { name: 'ceil' } }, { expr: { name: 'power' } }, { expr: { name: 'starts_with' } }] });
  });
});
