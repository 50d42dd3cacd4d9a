import type { Pipeline, RelationNode } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { pipelineFromSql, printQuery } from '../src/index.js';

/*
 * Rows made from nothing: range(…), VALUES lists and SELECT without FROM,
 * lowered onto the plan's range relation (VALUES rows are projections of
 * one row, joined by UNION ALL), and what they refuse, at file:line:column.
 */

function lower(sql: string): Pipeline {
  return pipelineFromSql([{ file: 'rows.sql', text: sql }], { name: 't' });
}

function plan(sql: string, name = 'out'): RelationNode {
  const flow = lower(sql).flows.find((f) => f.name === name);
  if (flow === undefined) throw new Error(`no flow ${name}`);
  return flow.query;
}

const oneRow = { kind: 'range', start: 0, end: 1, step: 1 };

describe('range(…)', () => {
  test.each([
    ['range(5)', { start: 0, end: 5, step: 1 }],
    ['range(2, 8)', { start: 2, end: 8, step: 1 }],
    ['range(10, -10, -4)', { start: 10, end: -10, step: -4 }],
    ['range(0, 100, 10, 4)', { start: 0, end: 100, step: 10 }],
  ])('%s reads as the range relation (a partition count changes no row and is left out)', (call, bounds) => {
    expect(plan(`CREATE MATERIALIZED VIEW out AS SELECT id FROM ${call};`)).toEqual({ kind: 'project', input: { kind: 'range', ...bounds }, columns: [{ kind: 'column', name: 'id' }] });
  });

  test('an alias qualifies its column, and a printed range reads back to the same plan', () => {
    const node = plan('CREATE MATERIALIZED VIEW out AS SELECT r.id * 2 AS twice FROM range(1, 4) AS r;');
    expect(node).toMatchObject({ kind: 'project', input: { kind: 'range', start: 1, end: 4, step: 1 } });
    expect(plan(`CREATE MATERIALIZED VIEW out AS ${printQuery(node)};`)).toEqual(node);
  });

  test.each([
    ['range(1.5)', '1:53', /range takes whole numbers written out, found "1\.5"/],
    ['range(1, 2, 3, 4, 5)', '1:47', /range takes at most 4 arguments/],
    ['range(0, 9007199254740993)', '1:56', /range bound 9007199254740993 is beyond 2\^53 - 1/],
  ])('%s is refused where it is wrong', (call, at, message) => {
    expect(() => plan(`CREATE MATERIALIZED VIEW out AS SELECT * FROM ${call};`)).toThrow(new RegExp(`rows\\.sql:${at}: ${message.source}`));
  });
});

describe('VALUES', () => {
  test('rows named after the alias are projections of one row, joined by UNION ALL', () => {
    expect(plan("CREATE MATERIALIZED VIEW out AS SELECT kind, label FROM VALUES ('fruit', 'Fruit'), ('veg', 'Veg') AS labels(kind, label);")).toEqual({
      kind: 'project',
      input: {
        kind: 'union',
        all: true,
        inputs: ['fruit', 'veg'].map((kind) => ({
          kind: 'project',
          input: oneRow,
          columns: [
            { kind: 'alias', name: 'kind', expr: { kind: 'literal', value: kind } },
            { kind: 'alias', name: 'label', expr: { kind: 'literal', value: kind === 'veg' ? 'Veg' : 'Fruit' } },
          ],
        })),
      },
      columns: [{ kind: 'column', name: 'kind' }, { kind: 'column', name: 'label' }],
    });
  });

  test('without column names, columns are Spark\'s col1, col2; one-column rows need no parentheses; (VALUES …) reads the same', () => {
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT * FROM VALUES (1, 2);')).toEqual({
      kind: 'project',
      input: oneRow,
      columns: [
        { kind: 'alias', name: 'col1', expr: { kind: 'literal', value: 1 } },
        { kind: 'alias', name: 'col2', expr: { kind: 'literal', value: 2 } },
      ],
    });
    expect(plan('CREATE MATERIALIZED VIEW out AS SELECT n FROM VALUES 1, 2 AS t(n);')).toEqual(plan('CREATE MATERIALIZED VIEW out AS SELECT n FROM (VALUES (1), (2)) AS t(n);'));
  });

  test.each([
    ["VALUES (1, 'a') AS t(n)", '1:47', /VALUES names 1 column \(n\) for rows of 2: name each column once/],
    ['VALUES (1), (2, 3)', '1:59', /this VALUES row has 2 values and the first has 1/],
    ['VALUES (x + 1)', '1:55', /a VALUES row has no columns to read, so "x" names nothing/],
  ])('%s is refused where it is wrong', (from, at, message) => {
    expect(() => plan(`CREATE MATERIALIZED VIEW out AS SELECT * FROM ${from};`)).toThrow(new RegExp(`rows\\.sql:${at}: ${message.source}`));
  });
});

describe('SELECT without FROM', () => {
  test('computes its values over one row', () => {
    expect(plan("CREATE MATERIALIZED VIEW out AS SELECT 1 AS one, 'x' AS letter;")).toEqual({
      kind: 'project',
      input: oneRow,
      columns: [
        { kind: 'alias', name: 'one', expr: { kind: 'literal', value: 1 } },
        { kind: 'alias', name: 'letter', expr: { kind: 'literal', value: 'x' } },
      ],
    });
  });

  test('a column there names nothing: refused at the column, not read from the one row (whose id would be 0)', () => {
    expect(() => plan('CREATE MATERIALIZED VIEW out AS SELECT id AS zero;')).toThrow(/rows\.sql:1:40: a SELECT without FROM has no columns to read, so "id" names nothing/);
  });
});
