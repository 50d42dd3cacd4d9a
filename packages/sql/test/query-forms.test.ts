import { type Flow, type Pipeline, type RelationNode, serializePipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { pipelineFromSql, printQuery, queryFromSql } from '../src/index.js';

/*
 * Spark SQL query forms read onto the plan's own nodes: each form must
 * lower to the plan its longhand lowers to (or to the plan shown), and
 * what cannot be lowered exactly is an error at file:line:column.
 */

const SOURCES = `
CREATE STREAMING TABLE events (id BIGINT, user STRING, ts TIMESTAMP, amount DECIMAL(10, 2))
  AS SELECT * FROM STREAM read_files('data/events', format => 'json');
CREATE MATERIALIZED VIEW users (user STRING, name STRING, city STRING) AS SELECT * FROM read_files('data/users.parquet', format => 'parquet');
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

/** Both statements (each defining `out`) lower to the same plan. */
function expectSamePlan(form: string, longhand: string): void {
  const json = (node: RelationNode): string => serializePipeline({ version: 1, name: 'x', datasets: [], flows: [{ name: 'f', target: 'f', kind: 'batch', query: node }] });
  expect(json(plan(form))).toBe(json(plan(longhand)));
}

describe('* EXCEPT (columns)', () => {
  test('keeps every other column of its input, in order, where the columns are known', () => {
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (ts, AMOUNT) FROM events;', 'CREATE MATERIALIZED VIEW out AS SELECT id, user FROM events;');
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT e.* EXCEPT (ts), u.name FROM events e JOIN users u USING (user);',
      'CREATE MATERIALIZED VIEW out AS SELECT e.id, e.user, e.amount, u.name FROM events e JOIN users u USING (user);',
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT events.* EXCEPT (ts, amount), name FROM events JOIN users ON events.user = users.user;',
      'CREATE MATERIALIZED VIEW out AS SELECT events.id, events.user, name FROM events JOIN users ON events.user = users.user;',
    );
  });

  test('reads the columns the flows upstream write, whatever the order the statements come in', () => {
    const pipeline = lower(`CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (city) FROM mid;
CREATE MATERIALIZED VIEW mid AS SELECT * EXCEPT (name), upper(name) AS shout FROM users;`);
    expect(serializePipeline(pipeline)).toBe(serializePipeline(lower(`CREATE MATERIALIZED VIEW out AS SELECT user, shout FROM mid;
CREATE MATERIALIZED VIEW mid AS SELECT user, city, upper(name) AS shout FROM users;`)));
  });

  test('beside window functions, * is the columns under them; in a streaming flow too', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (city), row_number() OVER (PARTITION BY city ORDER BY user) AS rn FROM users;',
      'CREATE MATERIALIZED VIEW out AS SELECT user, name, rn FROM (SELECT *, row_number() OVER (PARTITION BY city ORDER BY user) AS rn FROM users);',
    );
    expect(flow(lower('CREATE STREAMING TABLE out AS SELECT * EXCEPT (amount) FROM STREAM(events);'), 'out')).toMatchObject({
      kind: 'streaming', query: { kind: 'project', columns: [{ name: 'id' }, { name: 'user' }, { name: 'ts' }] },
    });
  });

  test('with columns known only when it runs, or a column its input lacks, it is an error at the star', () => {
    expect(() => lower("CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (_rescued_data) FROM read_files('x.json', format => 'json');"))
      .toThrow(/test\.sql:6:40: \* EXCEPT \(…\) needs the columns of what it reads before running, and they are only known when it runs.*declare them/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (nope) FROM users;')).toThrow(/test\.sql:6:40: \* EXCEPT names nope, which is not a column of its input \(user, name, city\)/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (user, name, city) FROM users;')).toThrow(/\* EXCEPT leaves no column/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT * EXCEPT (ts) FROM events JOIN users USING (user) JOIN users u2 ON u2.name = users.name;'))
      .toThrow(/\* EXCEPT keeps columns of the same name from both sides of a join: qualify it/);
  });

  test('queryFromSql expands it over a declared schema', () => {
    expect(queryFromSql("SELECT * EXCEPT (b) FROM read_files('x.json', format => 'json', schema => 'a BIGINT, b STRING, c DATE')")).toEqual({
      kind: 'project',
      input: { kind: 'read_files', format: 'json', path: 'x.json', schema: [{ name: 'a', type: 'int64' }, { name: 'b', type: 'utf8' }, { name: 'c', type: 'date32' }] },
      columns: [{ kind: 'column', name: 'a' }, { kind: 'column', name: 'c' }],
    });
  });
});

describe('GROUP BY ALL', () => {
  test('groups by every select item without an aggregate', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT user, year(ts) AS y, sum(amount) AS total, count(*) + 1 AS n FROM events GROUP BY ALL;',
      'CREATE MATERIALIZED VIEW out AS SELECT user, year(ts) AS y, sum(amount) AS total, count(*) + 1 AS n FROM events GROUP BY user, year(ts);',
    );
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users GROUP BY ALL;', 'CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users GROUP BY user, city;');
  });

  test('with aggregates only, it is a global aggregation; * cannot be grouped', () => {
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT count(*) AS n FROM users GROUP BY ALL;', 'CREATE MATERIALIZED VIEW out AS SELECT count(*) AS n FROM users;');
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT *, count(*) AS n FROM users GROUP BY ALL;')).toThrow(/test\.sql:6:40: GROUP BY ALL cannot group \*: list the columns/);
  });
});

describe('scalar subqueries', () => {
  test('an aggregate without GROUP BY is one row: a cross join below WHERE', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE amount = (SELECT max(amount) FROM events);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events CROSS JOIN (SELECT max(amount) AS __subquery_1 FROM events) __subquery_1 WHERE amount = __subquery_1;',
    );
  });

  test('LIMIT 1 is at most one row: a left join on true (NULL without a row); * leaves the subquery\'s column out', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT *, (SELECT name FROM users ORDER BY name LIMIT 1) AS first_name FROM users u;',
      'CREATE MATERIALIZED VIEW out AS SELECT user, name, city, __subquery_1 AS first_name FROM users u LEFT JOIN (SELECT name AS __subquery_1 FROM users ORDER BY name LIMIT 1) __subquery_1 ON true;',
    );
  });

  test('in an aggregated select, joined to the aggregate\'s rows', () => {
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT user, sum(amount) / (SELECT sum(amount) FROM events) AS share FROM events GROUP BY user HAVING sum(amount) > (SELECT avg(amount) FROM events);')).toMatchObject({
      kind: 'project',
      input: {
        kind: 'filter',
        condition: { kind: 'binary', op: 'gt', right: { kind: 'column', name: '__subquery_2' } },
        input: {
          kind: 'join', type: 'cross',
          left: { kind: 'join', type: 'cross', left: { kind: 'aggregate', groupBy: [{ name: 'user' }] }, right: { kind: 'aggregate', groupBy: [], aggregates: [{ name: '__subquery_1' }] } },
          right: { kind: 'aggregate', groupBy: [], aggregates: [{ name: '__subquery_2' }] },
        },
      },
      columns: [{ kind: 'column', name: 'user' }, { kind: 'alias', name: 'share', expr: { kind: 'binary', op: 'div', right: { kind: 'column', name: '__subquery_1' } } }],
    });
  });

  test('one that could return several rows, or several columns, is refused', () => {
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT id, (SELECT name FROM users) AS n FROM events;'))
      .toThrow(/test\.sql:6:44: a scalar subquery must return at most one row, and Spark fails the query when this one returns more: make it an aggregate without GROUP BY .* or end it with LIMIT 1/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT id, (SELECT max(name), min(name) FROM users) AS n FROM events;')).toThrow(/a scalar subquery returns one column: select exactly one/);
  });
});

describe('IN (subquery) and EXISTS as joins', () => {
  test('x IN (SELECT …) is a semi join, correlated or not; names inside mean the subquery\'s columns', () => {
    expectSamePlan(
      "CREATE MATERIALIZED VIEW out AS SELECT * FROM events WHERE user IN (SELECT user FROM users WHERE city = 'Oslo') AND id > 1;",
      "CREATE MATERIALIZED VIEW out AS SELECT * FROM events LEFT SEMI JOIN users ON events.user = users.user AND users.city = 'Oslo' WHERE id > 1;",
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events e WHERE user IN (SELECT DISTINCT name FROM users u WHERE u.city = e.user);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events e SEMI JOIN users u ON e.user = u.name AND u.city = e.user;',
    );
  });

  test('x NOT IN (SELECT …) is an anti join that also drops x NULL and a subquery holding a NULL, as SQL\'s NOT IN does', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user NOT IN (SELECT name FROM users);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events ANTI JOIN users ON events.user = users.name OR events.user IS NULL OR users.name IS NULL;',
    );
  });

  test('a subquery with GROUP BY or a union is joined whole (uncorrelated)', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user IN (SELECT user FROM events GROUP BY user HAVING count(*) > 1);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events SEMI JOIN (SELECT user AS __subquery_1 FROM events GROUP BY user HAVING count(*) > 1) __subquery_1 ON events.user = __subquery_1;',
    );
  });

  test('a subquery with subqueries of its own is joined whole, each lowered where it is written', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user IN (SELECT user FROM events WHERE amount > (SELECT avg(amount) FROM events));',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events SEMI JOIN (SELECT user AS __subquery_2 FROM events CROSS JOIN (SELECT avg(amount) AS __subquery_1 FROM events) __subquery_1 WHERE amount > __subquery_1) __subquery_2 ON events.user = __subquery_2;',
    );
  });

  test('[NOT] EXISTS is a semi (anti) join on the subquery\'s WHERE', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT name FROM users u WHERE EXISTS (SELECT 1 FROM events e WHERE e.user = u.user) AND NOT EXISTS (SELECT * FROM events x WHERE x.user = u.user AND amount < 0);',
      'CREATE MATERIALIZED VIEW out AS SELECT name FROM users u SEMI JOIN events e ON e.user = u.user ANTI JOIN events x ON x.user = u.user AND x.amount < 0;',
    );
  });

  test('anywhere but a WHERE condition joined by AND, or reading the outer query\'s table by its name, it is refused', () => {
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT id IN (SELECT id FROM events) AS known FROM events;')).toThrow(/test\.sql:6:40: IN \(subquery\) is read as a condition of WHERE, joined to the others by AND/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE id > 1 OR EXISTS (SELECT 1 FROM users);')).toThrow(/test\.sql:6:71: EXISTS \(subquery\) is read as a condition of WHERE/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE EXISTS (SELECT 1 FROM events JOIN users ON events.user = users.user WHERE amount > 0);'))
      .toThrow(/the subquery reads events, which the query around it reads by the same name: give the subquery's events an alias of its own/);
  });

  test('a subquery reading the outer query\'s table by its name reads its own: inside it the name means the nearest table, as in Spark', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE id NOT IN (SELECT events.id FROM events WHERE amount > 0);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE id NOT IN (SELECT __subquery_1_events.id FROM events AS __subquery_1_events WHERE amount > 0);',
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE EXISTS (SELECT 1 FROM events WHERE amount > 0);',
      'CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE EXISTS (SELECT 1 FROM events AS __subquery_1_events WHERE amount > 0);',
    );
  });
});

describe('ROLLUP, CUBE and GROUPING SETS', () => {
  test('ROLLUP(a, b) is the UNION ALL of grouping by (a, b), (a) and (), the keys outside each set NULL', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT city, name, count(*) AS n FROM users GROUP BY ROLLUP (city, name) HAVING count(*) > 0;',
      `CREATE MATERIALIZED VIEW out AS
       SELECT city, name, count(*) AS n FROM users GROUP BY city, name HAVING count(*) > 0
       UNION ALL SELECT city, NULL AS name, count(*) AS n FROM users GROUP BY city HAVING count(*) > 0
       UNION ALL SELECT NULL AS city, NULL AS name, count(*) AS n FROM users HAVING count(*) > 0;`,
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT city, name, count(*) AS n FROM users GROUP BY city, name WITH ROLLUP;',
      'CREATE MATERIALIZED VIEW out AS SELECT city, name, count(*) AS n FROM users GROUP BY ROLLUP(city, name);',
    );
  });

  test('CUBE is every subset; GROUPING SETS the sets written, plain keys in each; keys by alias and ordinal', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT city, name, max(user) AS m FROM users GROUP BY CUBE(city, name);',
      'CREATE MATERIALIZED VIEW out AS SELECT city, name, max(user) AS m FROM users GROUP BY GROUPING SETS ((city, name), (city), (name), ());',
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT upper(city) AS c, name, count(*) AS n FROM users GROUP BY name, GROUPING SETS ((c), ());',
      `CREATE MATERIALIZED VIEW out AS SELECT upper(city) AS c, name, count(*) AS n FROM users GROUP BY name, upper(city)
       UNION ALL SELECT NULL AS c, name, count(*) AS n FROM users GROUP BY name;`,
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT city, count(*) AS n FROM users GROUP BY ROLLUP(1);',
      'CREATE MATERIALIZED VIEW out AS SELECT city, count(*) AS n FROM users GROUP BY city UNION ALL SELECT NULL AS city, count(*) AS n FROM users;',
    );
  });

  test('one construct per GROUP BY, with an aggregate', () => {
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT city, name, count(*) AS n FROM users GROUP BY ROLLUP(city), CUBE(name);')).toThrow(/test\.sql:6:100: one ROLLUP, CUBE or GROUPING SETS per GROUP BY/);
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT city FROM users GROUP BY ROLLUP(city);')).toThrow(/test\.sql:6:33: ROLLUP, CUBE and GROUPING SETS are read with at least one aggregate/);
  });
});

describe('QUALIFY', () => {
  test('filters after the window functions: by a select alias, or by window functions of its own, dropped after', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT user, city, row_number() OVER (PARTITION BY city ORDER BY user) AS rn FROM users QUALIFY rn = 1;',
      'CREATE MATERIALIZED VIEW out AS SELECT * FROM (SELECT user, city, row_number() OVER (PARTITION BY city ORDER BY user) AS rn FROM users) WHERE rn = 1;',
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users QUALIFY row_number() OVER (PARTITION BY city ORDER BY user DESC) = 1;',
      'CREATE MATERIALIZED VIEW out AS SELECT user, city FROM (SELECT user, city, row_number() OVER (PARTITION BY city ORDER BY user DESC) AS __qualify_1 FROM users) WHERE __qualify_1 = 1;',
    );
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT * FROM users QUALIFY rank() OVER (ORDER BY city) <= 2;',
      'CREATE MATERIALIZED VIEW out AS SELECT user, name, city FROM (SELECT *, rank() OVER (ORDER BY city) AS __qualify_1 FROM users) WHERE __qualify_1 <= 2;',
    );
  });
});

describe('EXCEPT and INTERSECT [ALL]', () => {
  const match = '(a.user = b.user OR (a.user IS NULL AND b.user IS NULL)) AND (a.city = b.name OR (a.city IS NULL AND b.name IS NULL))';
  test('EXCEPT (and MINUS) is an anti join of the distinct left rows on every column by position, NULLs equal; INTERSECT a semi join', () => {
    const longhand = (type: string): string => `CREATE MATERIALIZED VIEW out AS SELECT * FROM (SELECT DISTINCT user, city FROM users) __set_left ${type} JOIN (SELECT user, name FROM users) __set_right ON ${match.replaceAll('a.', '__set_left.').replaceAll('b.', '__set_right.')};`;
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users EXCEPT SELECT user, name FROM users;', longhand('ANTI'));
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users MINUS DISTINCT SELECT user, name FROM users;', longhand('ANTI'));
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users INTERSECT SELECT user, name FROM users;', longhand('SEMI'));
  });

  test('INTERSECT binds tighter than UNION and EXCEPT', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT city FROM users UNION ALL SELECT city FROM users INTERSECT SELECT name FROM users;');
    expect(node).toMatchObject({ kind: 'union', inputs: [{ kind: 'project' }, { kind: 'join', type: 'semi' }] });
  });

  test('ALL matches copies by number among equal rows', () => {
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT user FROM users EXCEPT ALL SELECT name FROM users;')).toMatchObject({
      kind: 'project',
      columns: [{ kind: 'column', name: 'user' }],
      input: {
        kind: 'join', type: 'anti',
        left: { kind: 'window', expressions: [{ name: '__set_copy', expr: { name: 'row_number', partitionBy: [{ name: 'user' }], orderBy: [{ expr: { name: 'user' } }] } }] },
        right: { kind: 'window', expressions: [{ name: '__set_copy', expr: { partitionBy: [{ name: 'name' }] } }] },
        on: { kind: 'binary', op: 'and', right: { kind: 'binary', op: 'or', left: { left: { name: '__set_copy', relation: '__set_left' }, right: { name: '__set_copy', relation: '__set_right' } } } },
      },
    });
  });

  test('the sides need the same number of columns, known before running', () => {
    expect(() => lower('CREATE MATERIALIZED VIEW out AS SELECT user, city FROM users EXCEPT SELECT name FROM users;')).toThrow(/each side of EXCEPT or INTERSECT needs the same number of columns: the first has 2 \(user, city\), the second 1 \(name\)/);
    expect(() => lower("CREATE MATERIALIZED VIEW out AS SELECT * FROM read_files('a.json', format => 'json') INTERSECT SELECT name FROM users;")).toThrow(/EXCEPT and INTERSECT compare every column, so the columns of both sides must be known before running/);
  });
});

describe('FROM-first queries', () => {
  test('FROM t SELECT … is SELECT … FROM t, also in a subquery and over a stream', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS FROM users u SELECT u.name, count(*) AS n WHERE city IS NOT NULL GROUP BY u.name;',
      'CREATE MATERIALIZED VIEW out AS SELECT u.name, count(*) AS n FROM users u WHERE city IS NOT NULL GROUP BY u.name;',
    );
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT * FROM (FROM users SELECT name);', 'CREATE MATERIALIZED VIEW out AS SELECT * FROM (SELECT name FROM users);');
    expect(flow(lower('CREATE STREAMING TABLE out AS FROM STREAM(events) SELECT id;'), 'out').kind).toBe('streaming');
    expect(() => lower('CREATE MATERIALIZED VIEW out AS FROM users SELECT name FROM users;')).toThrow(/test\.sql:6:56: this query already has FROM, before SELECT/);
  });
});

describe('Spark\'s rewrites, read as Spark rewrites them', () => {
  test('to_date(x) is CAST(x AS DATE); to_date(x, pattern) is the date of to_timestamp(x, pattern)', () => {
    expectSamePlan('CREATE MATERIALIZED VIEW out AS SELECT to_date(user) AS d FROM events;', 'CREATE MATERIALIZED VIEW out AS SELECT CAST(user AS DATE) AS d FROM events;');
    expectSamePlan(
      "CREATE MATERIALIZED VIEW out AS SELECT to_date(user, 'MM-dd-yyyy') AS d FROM events;",
      "CREATE MATERIALIZED VIEW out AS SELECT CAST(to_timestamp(user, 'MM-dd-yyyy') AS DATE) AS d FROM events;",
    );
    expect(() => plan("CREATE MATERIALIZED VIEW out AS SELECT to_date(user, 'y', 'z') AS d FROM events;")).toThrow(/test\.sql:6:40: to_date takes a value and, for a string, an optional pattern/);
  });

  test('a ILIKE p is lower(a) LIKE lower(p), NOT ILIKE its negation', () => {
    expectSamePlan("CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user ILIKE 'A%';", "CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE lower(user) LIKE lower('A%');");
    expectSamePlan("CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user NOT ILIKE 'A%';", "CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE NOT (lower(user) LIKE lower('A%'));");
  });

  test('a frame of one bound ends at the current row; the RANGE frames that ignore ORDER BY values are read', () => {
    const over = (frame: string): string => `CREATE MATERIALIZED VIEW out AS SELECT sum(amount) OVER (PARTITION BY user ORDER BY ts ${frame}) AS s FROM events;`;
    expectSamePlan(over('ROWS UNBOUNDED PRECEDING'), over('ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW'));
    expectSamePlan(over('ROWS 2 PRECEDING'), over('ROWS BETWEEN 2 PRECEDING AND CURRENT ROW'));
    expectSamePlan(over('RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW'), over(''));
    expectSamePlan(over('RANGE UNBOUNDED PRECEDING'), over(''));
    expectSamePlan(over('RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING'), over('ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING'));
    expect(() => plan(over('RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING'))).toThrow(/RANGE frames are read from UNBOUNDED PRECEDING to CURRENT ROW/);
    expect(() => plan(over('ROWS BETWEEN UNBOUNDED FOLLOWING AND CURRENT ROW'))).toThrow(/a frame's start is UNBOUNDED PRECEDING, CURRENT ROW or n PRECEDING\/FOLLOWING/);
    expect(() => plan(over('ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING'))).toThrow(/this frame starts after it ends/);
  });

  test('a GROUP BY key selected as written is named as Spark names it: a field access by its field', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT b.user, count(*) AS n FROM (SELECT named_struct(\'user\', user) AS b FROM events) GROUP BY b.user;');
    expect(node).toMatchObject({ kind: 'aggregate', groupBy: [{ kind: 'alias', name: 'user', expr: { kind: 'field', name: 'user' } }] });
  });

  test('maxFilesPerTrigger of read_files is the plan\'s own field, and prints back', () => {
    const node = plan("CREATE STREAMING TABLE out AS SELECT * FROM STREAM read_files('data/in', format => 'json', maxFilesPerTrigger => 2);");
    expect(node).toEqual({ kind: 'read_files', format: 'json', path: 'data/in', maxFilesPerTrigger: 2 });
    expect(plan(`CREATE STREAMING TABLE out AS ${printQuery(node, { streamFiles: true })};`)).toEqual(node);
    expect(() => plan("CREATE STREAMING TABLE out AS SELECT * FROM STREAM read_files('data/in', format => 'json', maxFilesPerTrigger => 0);")).toThrow(/maxFilesPerTrigger is a whole number of files, 1 or more, not '0'/);
  });
});

describe('timestampdiff and datediff with a unit', () => {
  test('the bare unit is read as a string literal, in any case; datediff and date_diff of three arguments are timestampdiff; printed, it reads back', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT timestampdiff(hour, ts, ts) AS h, datediff(DAY, ts, ts) AS d, date_diff(WEEK, ts, ts) AS w, datediff(ts, ts) AS days FROM events;');
    expect(node).toMatchObject({
      kind: 'project',
      columns: [
        { expr: { kind: 'call', name: 'timestampdiff', args: [{ kind: 'literal', value: 'HOUR' }, { name: 'ts' }, { name: 'ts' }] } },
        { expr: { kind: 'call', name: 'timestampdiff', args: [{ kind: 'literal', value: 'DAY' }, {}, {}] } },
        { expr: { kind: 'call', name: 'timestampdiff', args: [{ kind: 'literal', value: 'WEEK' }, {}, {}] } },
        { expr: { kind: 'call', name: 'datediff', args: [{ name: 'ts' }, { name: 'ts' }] } },
      ],
    });
    expect(plan(`CREATE MATERIALIZED VIEW out AS ${printQuery(node)};`)).toEqual(node);
  });

  test('timestampdiff without a unit Spark knows is refused at the call', () => {
    expect(() => plan("CREATE MATERIALIZED VIEW out AS SELECT timestampdiff('HOUR', ts, ts) AS h FROM events;")).toThrow(/test\.sql:6:40: timestampdiff takes a unit \(YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND\), a start and an end/);
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT timestampdiff(FORTNIGHT, ts, ts) AS h FROM events;')).toThrow(/test\.sql:6:40: timestampdiff takes a unit/);
  });
});

describe('the clock', () => {
  test('CURRENT_TIMESTAMP and CURRENT_DATE without parentheses are the calls; now() is current_timestamp', () => {
    expectSamePlan(
      'CREATE MATERIALIZED VIEW out AS SELECT current_timestamp AS a, CURRENT_DATE AS b, now() AS c FROM events;',
      'CREATE MATERIALIZED VIEW out AS SELECT current_timestamp() AS a, current_date() AS b, current_timestamp() AS c FROM events;',
    );
  });
});

describe('x ± INTERVAL n unit', () => {
  test('is add_interval of the signed amount and the unit (plural read as singular), and prints back', () => {
    const node = plan("CREATE MATERIALIZED VIEW out AS SELECT ts + INTERVAL 1 DAY AS a, ts - INTERVAL '2' hours AS b, ts + INTERVAL -3 MONTH AS c FROM events;");
    expect(node).toMatchObject({
      kind: 'project',
      columns: [
        { expr: { kind: 'call', name: 'add_interval', args: [{ name: 'ts' }, { kind: 'literal', value: 1 }, { kind: 'literal', value: 'DAY' }] } },
        { expr: { kind: 'call', name: 'add_interval', args: [{ name: 'ts' }, { kind: 'literal', value: -2 }, { kind: 'literal', value: 'HOUR' }] } },
        { expr: { kind: 'call', name: 'add_interval', args: [{ name: 'ts' }, { kind: 'literal', value: -3 }, { kind: 'literal', value: 'MONTH' }] } },
      ],
    });
    expect(plan(`CREATE MATERIALIZED VIEW out AS ${printQuery(node)};`)).toEqual(node);
  });

  test.each([
    ["ts + INTERVAL '1 day'", /an interval added to a date or timestamp is a whole number of one unit/],
    ['ts + INTERVAL 1.5 HOUR', /an interval added to a date or timestamp is a whole number of one unit/],
    ['ts + INTERVAL 1 FORTNIGHT', /expected an interval unit \(YEAR, MONTH, DAY, HOUR, MINUTE, SECOND\), found "FORTNIGHT"/],
    ['ts + INTERVAL 1 DAY 2 HOURS', /an interval of several units is not supported here: add each unit on its own/],
  ])('%s is refused where it is wrong', (expr, message) => {
    expect(() => plan(`CREATE MATERIALIZED VIEW out AS SELECT ${expr} AS x FROM events;`)).toThrow(message);
  });
});

describe('regular expressions', () => {
  test('a RLIKE p and a REGEXP p are rlike(a, p); NOT RLIKE its negation', () => {
    expectSamePlan("CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user RLIKE '^a.c$';", "CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE rlike(user, '^a.c$');");
    expectSamePlan("CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user REGEXP 'x';", "CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE rlike(user, 'x');");
    expectSamePlan("CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE user NOT RLIKE 'x';", "CREATE MATERIALIZED VIEW out AS SELECT id FROM events WHERE NOT rlike(user, 'x');");
  });

  test('a pattern RE2 cannot read as Java does is refused at the call, naming the construct', () => {
    expect(() => plan("CREATE MATERIALIZED VIEW out AS SELECT regexp_extract(user, '(a)\\\\1', 1) AS x FROM events;")).toThrow(/uses a backreference \(\\1\), which RE2 does not have/);
    expect(() => plan("CREATE MATERIALIZED VIEW out AS SELECT regexp_extract(user, '([a-z]+)', 2) AS x FROM events;")).toThrow(/the pattern has 1 group, so group 2 does not exist/);
  });
});

describe('TRY_CAST', () => {
  test('TRY_CAST(x AS t) is a cast that gives NULL where x does not convert, and prints back as TRY_CAST', () => {
    const query = plan('CREATE MATERIALIZED VIEW out AS SELECT TRY_CAST(user AS INT) AS a, try_cast(user AS BIGINT) AS b, CAST(user AS INT) AS c FROM events;');
    expect(query.kind).toBe('project');
    const columns = query.kind === 'project' ? query.columns : [];
    expect(columns.map((c) => (c.kind === 'alias' && c.expr.kind === 'cast' ? c.expr.orNull ?? false : undefined))).toEqual([true, true, false]);
    expect(printQuery(query)).toContain('TRY_CAST(user AS INT) AS a, TRY_CAST(user AS BIGINT) AS b, CAST(user AS INT) AS c');
  });
});

describe('window() in a batch query', () => {
  test('a tumbling window over a batch read groups by its start and end, which need no watermark', () => {
    const query = plan("CREATE MATERIALIZED VIEW out AS SELECT window.start AS s, window.end AS e, count(*) AS n FROM events GROUP BY window(ts, '10 minutes');");
    const pipeline = lower("CREATE MATERIALIZED VIEW out AS SELECT window.start AS s, window.end AS e, count(*) AS n FROM events GROUP BY window(ts, '10 minutes');");
    expect(flow(pipeline, 'out').window).toBeUndefined();
    expect(flow(pipeline, 'out').kind).toBe('batch');
    expect(printQuery(query)).toContain('GROUP BY timestamp_micros((unix_micros(ts) - pmod(unix_micros(ts), 600000000L))), timestamp_micros(((unix_micros(ts) - pmod(unix_micros(ts), 600000000L)) + 600000000L))');
    expect(printQuery(query)).toMatch(/^SELECT __window_start AS s, __window_end AS e, n AS n FROM/);
  });

  test('a streaming window still needs its watermark, and a batch hopping window is refused where it is', () => {
    expect(() => plan("CREATE STREAMING TABLE out AS SELECT window.start AS window_start, window.end AS window_end, count(*) AS n FROM STREAM(events) GROUP BY window(ts, '1 minute');"))
      .toThrow(/an event-time window needs a watermark/);
    expect(() => plan("CREATE MATERIALIZED VIEW out AS SELECT window.start AS s, count(*) AS n FROM events GROUP BY window(ts, '10 minutes', '5 minutes');"))
      .toThrow(/test.sql:\d+:\d+: .*a hopping or session window in a batch query is not supported yet/);
  });
});
