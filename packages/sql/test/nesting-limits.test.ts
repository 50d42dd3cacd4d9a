import { MAX_PLAN_DEPTH, type Pipeline, type RelationNode, schemaResolver, serializePipeline } from '@thund/ir';
import { describe, expect, it } from 'vitest';
import { SqlError, formatProblem, pipelineFromSql, printPipelineSql } from '../src/index.js';

const SOURCE = "read_files('in.csv', format => 'csv', header => 'true', schema => 'a BIGINT')";

function lower(text: string): Pipeline {
  return pipelineFromSql([{ file: 'p.sql', text }], { name: 'p' });
}

/** The problems `text` is refused with, each as `file:line:column: message`. */
function refusal(text: string): string[] {
  try {
    lower(text);
  } catch (error) {
    if (error instanceof SqlError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('the SQL was accepted');
}

/** Column (1-based) of the `n`-th occurrence of `needle` in `text` (one line). */
function columnOf(text: string, needle: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i += 1) at = text.indexOf(needle, at + 1);
  return at + 1;
}

/** What an accepted pipeline must survive: printing back to SQL (and reading that again), and schema inference. */
function expectDownstreamStagesCope(p: Pipeline): void {
  const again = lower(printPipelineSql(p));
  expect(serializePipeline(again)).toBe(serializePipeline(p));
  const resolve = schemaResolver(p);
  for (const flow of p.flows) expect(resolve(flow.query as RelationNode)).toBeDefined();
}

describe(`SQL nested or chained deeper than MAX_PLAN_DEPTH (${MAX_PLAN_DEPTH}) is refused at file:line:column, never a stack overflow`, () => {
  it('1,000 nested parentheses', () => {
    const text = `CREATE MATERIALIZED VIEW t AS SELECT ${'('.repeat(1000)}a${')'.repeat(1000)} AS a FROM ${SOURCE};`;
    const problems = refusal(text);
    expect(problems).toHaveLength(1);
    // The statement's query is level 1, the select item level 2; after the k-th parenthesis the parse is at level k + 2, so the 128th opens level 129.
    expect(problems[0]).toBe(`p.sql:1:${columnOf(text, '(', MAX_PLAN_DEPTH)}: the query nests more than ${MAX_PLAN_DEPTH} deep here (parentheses, subqueries, CTE bodies, function calls and CASE, counted together): Þund plans nest at most ${MAX_PLAN_DEPTH} levels (MAX_PLAN_DEPTH); split the query into temporary views, each read by the next`);
  });

  it('1,500 nested FROM subqueries', () => {
    const text = `CREATE MATERIALIZED VIEW t AS SELECT * FROM ${'(SELECT * FROM '.repeat(1500)}${SOURCE}${')'.repeat(1500)};`;
    const problems = refusal(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^p\\.sql:1:${columnOf(text, 'SELECT', MAX_PLAN_DEPTH + 1)}: the query nests more than ${MAX_PLAN_DEPTH} deep here`));
  });

  it('3,000 UNION ALL branches are one union node: accepted, printed, read back and typed', () => {
    const text = `CREATE MATERIALIZED VIEW t AS ${Array.from({ length: 3000 }, (_, i) => `SELECT a + ${i} AS a FROM ${SOURCE}`).join(' UNION ALL ')};`;
    const p = lower(text);
    const query = p.flows[0]?.query;
    expect(query?.kind === 'union' && query.inputs.length).toBe(3000);
    expectDownstreamStagesCope(p);
  });

  it('3,000 branches alternating UNION and UNION ALL nest one union in the next, and are refused where they get too deep', () => {
    const text = `CREATE MATERIALIZED VIEW t AS ${Array.from({ length: 3000 }, () => `SELECT a FROM ${SOURCE}`).map((s, i) => (i === 0 ? s : `${i % 2 === 0 ? 'UNION ALL' : 'UNION'} ${s}`)).join(' ')};`;
    const problems = refusal(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^p\.sql:1:\d+: the query nests more than 128 deep here, counting each switch between UNION and UNION ALL of this chain as a level: /);
  });

  it('2,000 CTEs, each reading the one before', () => {
    const ctes = Array.from({ length: 1999 }, (_, i) => `c${i + 1} AS (SELECT a + 1 AS a FROM c${i})`);
    const text = `CREATE MATERIALIZED VIEW t AS WITH c0 AS (SELECT a FROM ${SOURCE}), ${ctes.join(', ')} SELECT * FROM c1999;`;
    const problems = refusal(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^p\.sql:1:\d+: c\d+ is read through CTEs and subqueries nested more than 128 deep here \(each CTE counted where it is read\): Þund plans nest at most 128 levels \(MAX_PLAN_DEPTH\); make some of them temporary views, each read by the next$/);
  });

  it('2,000 CTEs side by side are fine', () => {
    const ctes = Array.from({ length: 2000 }, (_, i) => `c${i} AS (SELECT a + ${i} AS a FROM ${SOURCE})`);
    const p = lower(`CREATE MATERIALIZED VIEW t AS WITH ${ctes.join(', ')} SELECT c0.a FROM c0 JOIN c1999 USING (a);`);
    expect(p.flows[0]?.query.kind).toBe('project');
    expectDownstreamStagesCope(p);
  });

  it('10,000 OR terms: refused at the OR that makes the chain too deep, with the IN (…) that says it flat', () => {
    const text = `CREATE MATERIALIZED VIEW t AS SELECT * FROM ${SOURCE} WHERE ${Array.from({ length: 10_000 }, (_, i) => `a = ${i}`).join(' OR ')};`;
    const problems = refusal(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^p\.sql:1:\d+: the query nests more than 128 deep here, counting each OR of this chain as a level: Þund plans nest at most 128 levels \(MAX_PLAN_DEPTH\); write a long OR of equalities as x IN \(…\), or split the query into temporary views$/);
    const [, column] = /^p\.sql:1:(\d+):/.exec(problems[0] ?? '') ?? [];
    expect(text.slice(Number(column) - 1, Number(column) + 1)).toBe('OR');
    // The same values as one IN list are one node.
    const p = lower(`CREATE MATERIALIZED VIEW t AS SELECT * FROM ${SOURCE} WHERE a IN (${Array.from({ length: 10_000 }, (_, i) => i).join(', ')});`);
    expectDownstreamStagesCope(p);
  });

  it('chains of NOT, unary minus, arithmetic and joins are counted too', () => {
    const chains = [
      `SELECT * FROM ${SOURCE} WHERE ${'NOT '.repeat(2000)}a > 0`,
      `SELECT ${'- '.repeat(2000)}a AS b FROM ${SOURCE}`,
      `SELECT ${Array.from({ length: 5000 }, () => 'a').join(' + ')} AS b FROM ${SOURCE}`,
      `SELECT x0.a FROM ${SOURCE} x0 ${Array.from({ length: 3000 }, (_, i) => `JOIN ${SOURCE} x${i + 1} USING (a)`).join(' ')}`,
      `SELECT x0.a FROM ${Array.from({ length: 3000 }, (_, i) => `${SOURCE} x${i}`).join(', ')}`,
      `SELECT CAST(a AS BIGINT)${'::BIGINT'.repeat(3000)} AS b FROM ${SOURCE}`,
    ];
    for (const query of chains) {
      const problems = refusal(`CREATE MATERIALIZED VIEW t AS ${query};`);
      expect(problems, query.slice(0, 80)).toHaveLength(1);
      expect(problems[0], query.slice(0, 80)).toMatch(/^p\.sql:1:\d+: the query nests more than 128 deep here/);
    }
  });

  it('just under the limit, nesting and chains are accepted and every later stage copes', () => {
    const nested = `CREATE MATERIALIZED VIEW n AS SELECT ${'('.repeat(100)}a + 1${')'.repeat(100)} AS a FROM ${SOURCE};`;
    const ored = `CREATE MATERIALIZED VIEW o AS SELECT * FROM ${SOURCE} WHERE ${Array.from({ length: 100 }, (_, i) => `a = ${i}`).join(' OR ')};`;
    const subqueries = `CREATE MATERIALIZED VIEW s AS SELECT * FROM ${'(SELECT * FROM '.repeat(60)}${SOURCE}${')'.repeat(60)};`;
    const p = lower(`${nested}\n${ored}\n${subqueries}`);
    expect(p.flows).toHaveLength(3);
    expectDownstreamStagesCope(p);
  });
});

describe('CTEs that multiply when inlined are refused, never lowered a billion times', () => {
  /** `levels` CTEs, each reading the one before twice (a union of it with itself). */
  function doubling(levels: number): string {
    const ctes = [`c0 AS (SELECT a FROM ${SOURCE})`];
    for (let i = 1; i <= levels; i += 1) ctes.push(`c${i} AS (SELECT a FROM c${i - 1} UNION ALL SELECT a FROM c${i - 1})`);
    return `CREATE MATERIALIZED VIEW t AS WITH ${ctes.join(', ')} SELECT a FROM c${levels};`;
  }

  it('30 levels of a CTE read twice by the next: refused in well under a second at the read past the limit', () => {
    const started = performance.now();
    const problems = refusal(doubling(30));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^p\.sql:1:\d+: CTE c\d+, read here, expands to more than 10,000 queries: a CTE is lowered where it is read, and CTEs that read another several times multiply \(each doubling the plan\); make a CTE read more than once a temporary view/);
  });

  it('a few levels still lower, print and read back', () => {
    expectDownstreamStagesCope(lower(doubling(6)));
  });
});
