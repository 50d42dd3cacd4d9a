import type { DataType, Pipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { SqlError, pipelineFromSql, printPipelineSql, queryFromSql } from '../src/index.js';

function lower(sql: string): Pipeline {
  return pipelineFromSql([{ file: 'test.sql', text: sql }], { name: 't' });
}

function failure(sql: string): string {
  try {
    lower(sql);
  } catch (error) {
    if (error instanceof SqlError) return error.message;
    throw error;
  }
  throw new Error('expected a SqlError');
}

const EVENT: DataType = {
  type: 'struct',
  fields: [
    { name: 'id', type: 'int64' },
    { name: 'tags', type: { type: 'list', element: 'utf8' } },
    { name: 'attrs', type: { type: 'map', key: 'utf8', value: 'int32' } },
    { name: 'date', type: 'date32' },
  ],
};

describe('ARRAY, STRUCT and MAP types in SQL', () => {
  test('a column list declares nested types, with or without the colon in STRUCT fields', () => {
    const p = lower(`CREATE MATERIALIZED VIEW out (
      e STRUCT<id: BIGINT, tags: ARRAY<STRING>, attrs MAP<STRING, INT>, \`date\`: DATE>,
      deep ARRAY<ARRAY<MAP<STRING, ARRAY<INT>>>>
    ) AS SELECT * FROM read_files('in.json', format => 'json');`);
    expect(p.datasets[0]?.schema).toEqual([
      { name: 'e', type: EVENT },
      { name: 'deep', type: { type: 'list', element: { type: 'list', element: { type: 'map', key: 'utf8', value: { type: 'list', element: 'int32' } } } } },
    ]);
  });

  test('read_files takes them in its schema string', () => {
    const query = queryFromSql("SELECT * FROM read_files('in.json', format => 'json', schema => 'e STRUCT<id: BIGINT, tags: ARRAY<STRING>, attrs: MAP<STRING, INT>, date: DATE>, n INT')");
    expect(query.kind === 'project' && query.input.kind === 'read_files' ? query.input.schema : query.kind === 'read_files' ? query.schema : undefined)
      .toEqual([{ name: 'e', type: EVENT }, { name: 'n', type: 'int32' }]);
  });

  test('CAST takes them', () => {
    const query = queryFromSql('SELECT CAST(x AS ARRAY<BIGINT>) AS y FROM t');
    expect(query.kind === 'project' ? query.columns[0] : undefined).toEqual({
      kind: 'alias', name: 'y', expr: { kind: 'cast', expr: { kind: 'column', name: 'x' }, to: { type: 'list', element: 'int64' } },
    });
  });

  test('the printer writes them back as the parser reads them', () => {
    const p = lower(`CREATE MATERIALIZED VIEW out (e STRUCT<\`odd name\`: ARRAY<DECIMAL(10, 2)>, m: MAP<STRING, INT>>)
      AS SELECT * FROM read_files('in.json', format => 'json', schema => 'e STRUCT<\`odd name\`: ARRAY<DECIMAL(10, 2)>, m: MAP<STRING, INT>>');`);
    expect(lower(printPipelineSql(p))).toEqual(p);
  });

  test('mistakes are refused at their line and column, saying what to write', () => {
    expect(failure("CREATE MATERIALIZED VIEW out (e ARRAY<STRING) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:45: expected ">", found "\)"/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<a: INT, A: STRING>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:48: field A appears twice in the STRUCT/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:39: STRUCT<> has no fields: write STRUCT<name: TYPE, …>/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<a: INT NOT NULL>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:47: NOT NULL on a STRUCT field is not supported/);
    expect(failure("CREATE MATERIALIZED VIEW out (e MAP<STRING>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:43: expected ",", found ">"/);
  });
});

const EVENTS_SQL = `CREATE TEMPORARY VIEW events AS SELECT * FROM read_files('events.json', format => 'json',
  schema => 'id BIGINT, user STRUCT<name: STRING, address: STRUCT<city: STRING>>, tags ARRAY<STRING>, scores MAP<STRING, BIGINT>, items ARRAY<STRUCT<sku: STRING, qty: INT>>');
`;

describe('field access and subscripts in SQL', () => {
  test('a.b is a column of table a, else field b of struct column a; more parts, [i] and [k] read further in', () => {
    const p = lower(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS
      SELECT e.id, e.user.name, user.address.city, tags[0] AS first_tag, scores['math'] AS math, items[1].qty, (e.user).name AS again
      FROM events e;`);
    const out = p.flows.find((f) => f.name === 'out')?.query;
    const column = (name: string, relation?: string) => (relation === undefined ? { kind: 'column', name } : { kind: 'column', name, relation });
    const field = (expr: unknown, name: string) => ({ kind: 'field', expr, name });
    const subscript = (expr: unknown, index: unknown) => ({ kind: 'subscript', expr, index });
    expect(out?.kind === 'project' ? out.columns : undefined).toEqual([
      column('id'),
      field(column('user'), 'name'),
      field(field(column('user'), 'address'), 'city'),
      { kind: 'alias', name: 'first_tag', expr: subscript(column('tags'), { kind: 'literal', value: 0 }) },
      { kind: 'alias', name: 'math', expr: subscript(column('scores'), { kind: 'literal', value: 'math' }) },
      field(subscript(column('items'), { kind: 'literal', value: 1 }), 'qty'),
      { kind: 'alias', name: 'again', expr: field(column('user'), 'name') },
    ]);
    expect(lower(printPipelineSql(p))).toEqual(p);
  });

  test('a field the struct lacks is refused at its line and column, with the closest field', () => {
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT user.nmae FROM events;`))
      .toMatch(/test\.sql:3:40: flow "out": the struct has no field "nmae" \(did you mean "name"\?\): its fields are "name", "address"/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT id[0] AS x FROM events;`))
      .toMatch(/test\.sql:3:40: flow "out": a subscript \(\[…\]\) reads an element of a list or a value of a map, but it is applied to int64/);
  });

  test('x.y where x is neither a table nor a column says so', () => {
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT x.id FROM events e;`))
      .toMatch(/test\.sql:3:40: unknown table x in x\.…: the tables here are e; nor is it a column: flow "out": column "x" does not exist/);
  });
});

describe('generators in SQL: LATERAL VIEW and in the SELECT list', () => {
  const out = (sql: string) => lower(`${EVENTS_SQL}${sql}`).flows.find((f) => f.name === 'out')?.query;
  const generate = (input: unknown, generator: string, expr: unknown, extra: Record<string, unknown> = {}) => ({ kind: 'generate', input, generator, expr, ...extra });
  const events = { kind: 'read', dataset: 'events' };
  const column = (name: string) => ({ kind: 'column', name });

  test('LATERAL VIEW [OUTER] g(x) t AS names: a generate node; the view and table qualifiers name its columns', () => {
    for (const view of ['OUTER explode(e.tags)', 'explode_outer(e.tags)']) {
      expect(out(`CREATE MATERIALIZED VIEW out AS SELECT e.id, t.tag FROM events e LATERAL VIEW ${view} t AS tag;`)).toEqual({
        kind: 'project', input: generate(events, 'explode', column('tags'), { outer: true, names: ['tag'] }), columns: [column('id'), column('tag')],
      });
    }
    expect(out('CREATE MATERIALIZED VIEW out AS SELECT id, p, s FROM events LATERAL VIEW posexplode(tags) v AS p, s LATERAL VIEW explode(scores) w WHERE p > 0;')).toEqual({
      kind: 'project',
      input: {
        kind: 'filter',
        input: generate(generate(events, 'posexplode', column('tags'), { names: ['p', 's'] }), 'explode', column('scores')),
        condition: { kind: 'binary', op: 'gt', left: column('p'), right: { kind: 'literal', value: 0 } },
      },
      columns: [column('id'), column('p'), column('s')],
    });
  });

  test('a generator in the SELECT list: one per SELECT, named by AS name or AS (names), Spark\'s default names otherwise', () => {
    expect(out('CREATE MATERIALIZED VIEW out AS SELECT id, explode_outer(scores) AS (k, v) FROM events WHERE id > 1;')).toEqual({
      kind: 'project',
      input: generate({ kind: 'filter', input: events, condition: { kind: 'binary', op: 'gt', left: column('id'), right: { kind: 'literal', value: 1 } } }, 'explode', column('scores'), { outer: true, names: ['k', 'v'] }),
      columns: [column('id'), column('k'), column('v')],
    });
    expect(out('CREATE MATERIALIZED VIEW out AS SELECT posexplode(tags), id FROM events;')).toEqual({
      kind: 'project', input: generate(events, 'posexplode', column('tags')), columns: [column('pos'), column('col'), column('id')],
    });
    expect(out('CREATE MATERIALIZED VIEW out AS SELECT *, inline(items) AS (sku, qty) FROM events;')).toEqual(generate(events, 'inline', column('items'), { names: ['sku', 'qty'] }));
  });

  test('the printer writes generate nodes back as LATERAL VIEWs', () => {
    const p = lower(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT id, tag, k FROM events LATERAL VIEW OUTER explode(tags) t AS tag LATERAL VIEW explode(scores) m AS k, v WHERE id > 0;
      CREATE MATERIALIZED VIEW out2 AS SELECT id, explode(tags) AS tag FROM events WHERE id > 0;`);
    expect(lower(printPipelineSql(p))).toEqual(p);
  });

  test('misplaced generators are refused at their line and column with the form to write', () => {
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT explode(tags) AS a, explode(tags) AS b FROM events;`))
      .toMatch(/test\.sql:3:60: only one generator \(explode, posexplode, inline\) per SELECT: add the others with LATERAL VIEW/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT upper(explode(tags)) AS a FROM events;`))
      .toMatch(/test\.sql:3:46: a generator \(explode, posexplode, inline\) must be a whole SELECT item/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT explode(tags) AS t, count(*) AS n FROM events;`))
      .toMatch(/test\.sql:3:40: explode cannot be beside aggregates or window functions in one SELECT/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT inline(items) FROM events;`))
      .toMatch(/test\.sql:3:40: inline\(…\) in a SELECT list needs its columns named: write inline\(…\) AS \(a, b, …\)/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT id FROM events LATERAL VIEW upper(tags) t;`))
      .toMatch(/test\.sql:3:68: LATERAL VIEW takes a generator \(explode, posexplode, inline, or their _outer forms\), not upper/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT id, tag FROM events LATERAL VIEW explode(id) t AS tag;`))
      .toMatch(/test\.sql:3:\d+: flow "out": explode takes a list or a map, but it is given int64/);
  });
});

describe('nested functions in SQL', () => {
  const columns = (sql: string) => {
    const query = lower(`${EVENTS_SQL}${sql}`).flows.find((f) => f.name === 'out')?.query;
    return query?.kind === 'project' ? query.columns : undefined;
  };

  test("struct(…) is named_struct, each field named as Spark names it; from_json's DDL schema is a typed NULL", () => {
    expect(columns("CREATE MATERIALIZED VIEW out AS SELECT struct(id, user.name, id + 1, tags AS t) AS s, from_json(user.name, 'a INT, b ARRAY<STRING>') AS j, from_json(user.name, 'MAP<STRING, BIGINT>') AS m FROM events;")).toEqual([
      {
        kind: 'alias', name: 's', expr: {
          kind: 'call', name: 'named_struct', args: [
            { kind: 'literal', value: 'id' }, { kind: 'column', name: 'id' },
            { kind: 'literal', value: 'name' }, { kind: 'field', expr: { kind: 'column', name: 'user' }, name: 'name' },
            { kind: 'literal', value: 'col3' }, { kind: 'binary', op: 'add', left: { kind: 'column', name: 'id' }, right: { kind: 'literal', value: 1 } },
            { kind: 'literal', value: 't' }, { kind: 'column', name: 'tags' },
          ],
        },
      },
      {
        kind: 'alias', name: 'j', expr: {
          kind: 'call', name: 'from_json', args: [
            { kind: 'field', expr: { kind: 'column', name: 'user' }, name: 'name' },
            { kind: 'literal', value: null, type: { type: 'struct', fields: [{ name: 'a', type: 'int32' }, { name: 'b', type: { type: 'list', element: 'utf8' } }] } },
          ],
        },
      },
      {
        kind: 'alias', name: 'm', expr: {
          kind: 'call', name: 'from_json', args: [
            { kind: 'field', expr: { kind: 'column', name: 'user' }, name: 'name' },
            { kind: 'literal', value: null, type: { type: 'map', key: 'utf8', value: 'int64' } },
          ],
        },
      },
    ]);
  });

  test('the printer writes them back (from_json with its DDL string), and Spark\'s other names read as the catalog\'s', () => {
    const p = lower(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT cardinality(scores) AS n, array(1, 2) AS a, map('k', id) AS m, element_at(tags, -1) AS t,
      from_json(user.name, 'x STRUCT<y: DECIMAL(10, 2)>') AS j, get_json_object(user.name, '$.a[0]') AS g, split(user.name, ',') AS parts FROM events;`);
    expect(columns("CREATE MATERIALIZED VIEW out AS SELECT cardinality(scores) AS n FROM events;")?.[0]).toEqual({ kind: 'alias', name: 'n', expr: { kind: 'call', name: 'size', args: [{ kind: 'column', name: 'scores' }] } });
    expect(lower(printPipelineSql(p))).toEqual(p);
  });

  test('a from_json schema that is no DDL, or a third argument, is refused at the call', () => {
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT from_json(user.name, 'a FLOATY') AS j FROM events;`)).toMatch(/test\.sql:3:\d+: type FLOATY is not supported/);
    expect(failure(`${EVENTS_SQL}CREATE MATERIALIZED VIEW out AS SELECT from_json(user.name, 'a INT', map('mode', 'FAILFAST')) AS j FROM events;`))
      .toMatch(/test\.sql:3:40: from_json options \(a third argument\) are not supported/);
  });
});
