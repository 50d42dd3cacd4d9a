import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Pipeline, pipeline, sql } from '@thund/ir';
import { rowsOf, runToEnd, useBackends, useTempDirs } from '../support/helpers.js';

const backends = useBackends();
const tempDir = useTempDirs();

function rawSql(text: string): Pipeline {
  return pipeline('p').materializedView('m', { query: sql('duckdb', text) }).build();
}

describe('raw SQL: check refuses anything but a single query (sandbox or not)', () => {
  const refused: readonly (readonly [string, string, RegExp])[] = [
    ["COPY (SELECT 1 AS x) TO '/tmp/thund-raw-sql-copy.csv'", 'COPY', /sink dataset/],
    ["ATTACH '/tmp/thund-raw-sql.duckdb' AS other", 'ATTACH', /may not ATTACH/],
    ['INSTALL httpfs', 'INSTALL', /host program/],
    ['LOAD httpfs', 'LOAD', /host program/],
    ['PRAGMA enable_profiling', 'PRAGMA', /NativeBackendConfig\.duckdb/],
    ['SET enable_external_access = true', 'SET', /NativeBackendConfig\.duckdb/],
    ['CREATE TABLE t AS SELECT 1', 'CREATE', /declare a dataset/],
    ['INSERT INTO t VALUES (1)', 'INSERT', /declare a flow/],
    ['  -- a comment first\n/* and another */ copy (select 1) to \'x.csv\'', 'COPY', /sink dataset/],
  ];
  for (const [text, keyword, fix] of refused) {
    it(`${keyword}: ${JSON.stringify(text.slice(0, 40))}`, async () => {
      const baseDir = await tempDir();
      for (const sandbox of [false, true]) {
        const report = backends({ baseDir, sandbox }).check(rawSql(text));
        const violations = report.violations.filter((v) => v.feature === 'raw_sql');
        expect(violations).toHaveLength(1);
        expect(violations[0]).toMatchObject({ element: { kind: 'flow', name: 'm' }, value: keyword, path: '$.flows[0].query.sql' });
        expect(violations[0]?.message).toContain(`is a ${keyword} statement`);
        expect(violations[0]?.message).toContain('must be exactly one query');
        expect(violations[0]?.message).toMatch(fix);
      }
    });
  }

  it('two statements, even two queries, and a query followed by COPY', async () => {
    const backend = backends({ baseDir: await tempDir() });
    for (const text of ['SELECT 1 AS x; SELECT 2 AS x', "SELECT 1 AS x; COPY (SELECT 1) TO '/tmp/thund-raw-sql-second.csv';"]) {
      const violation = backend.check(rawSql(text)).violations.find((v) => v.feature === 'raw_sql');
      expect(violation).toMatchObject({ value: '2 statements' });
      expect(violation?.message).toContain('holds 2 statements');
      expect(violation?.message).toContain('"SELECT 1 AS x"');
    }
  });

  it('text that cannot be split safely: unterminated strings and comments, stray parentheses', async () => {
    const backend = backends({ baseDir: await tempDir() });
    for (const [text, problem] of [
      ["SELECT 'open", 'unterminated string literal'],
      ['SELECT 1 /* open', 'unterminated /* comment'],
      ['SELECT * FROM t) ; COPY t TO \'x\'; SELECT (1', 'closes a parenthesis it never opened'],
      ['SELECT (1', 'leaves a parenthesis open'],
      ['', 'is empty'],
    ] as const) {
      const violation = backend.check(rawSql(text)).violations.find((v) => v.feature === 'raw_sql');
      expect(violation?.message).toContain(problem);
    }
  });

  it('a refused statement never runs', async () => {
    const baseDir = await tempDir();
    const target = join(baseDir, 'copied.csv');
    const { result } = await runToEnd(backends({ baseDir }), rawSql(`SELECT 1 AS x; COPY (SELECT 1 AS x) TO '${target}'`));
    expect(result.status).toBe('failed');
    // Refused by validation (sql_not_a_query, for every backend) before native's own statement check is reached.
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(result.error?.message).toContain('its SQL holds several statements');
    expect(existsSync(target)).toBe(false);
  });

  it('check stays synchronous', async () => {
    const report = backends({ baseDir: await tempDir() }).check(rawSql('COPY t TO \'x\''));
    expect(report).not.toBeInstanceOf(Promise);
    expect(report.ok).toBe(false);
  });
});

describe('raw SQL: single queries pass and run as before', () => {
  const accepted: readonly (readonly [string, readonly Record<string, unknown>[]])[] = [
    ['SELECT 1 AS x', [{ x: 1 }]],
    ['SELECT 2 AS x;', [{ x: 2 }]],
    ["SELECT 'a;b' AS s -- a comment; with a semicolon\n", [{ s: 'a;b' }]],
    ['SELECT $$c;d$$ AS s', [{ s: 'c;d' }]],
    ["SELECT E'e\\';f' AS s", [{ s: "e';f" }]],
    ['SELECT 1 AS "x;y"', [{ 'x;y': 1 }]],
    ['WITH a AS (SELECT 3 AS x) SELECT * FROM a', [{ x: 3 }]],
    ['FROM (VALUES (4)) v(x)', [{ x: 4 }]],
    ['VALUES (5)', [{ col0: 5 }]],
    ['(SELECT 6 AS x) UNION ALL (SELECT 7 AS x) ORDER BY x', [{ x: 6 }, { x: 7 }]],
  ];
  for (const [text, rows] of accepted) {
    it(JSON.stringify(text), async () => {
      const backend = backends({ baseDir: await tempDir() });
      expect(backend.check(rawSql(text))).toMatchObject({ ok: true });
      const { result } = await runToEnd(backend, rawSql(text));
      expect(result.status).toBe('completed');
      expect(rowsOf(await backend.readDataset('m'))).toEqual(rows);
    });
  }
});

describe('raw SQL: the run confirms with DuckDB\'s parser before any flow starts', () => {
  it('refuses WITH … INSERT, which reads like a query but is not one', async () => {
    const baseDir = await tempDir();
    const backend = backends({ baseDir });
    const p = rawSql('WITH a AS (SELECT 1 AS x) INSERT INTO t SELECT * FROM a');
    expect(backend.check(p).ok).toBe(true);
    const { result, events } = await runToEnd(backend, p);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(result.error?.message).toContain('is not a query (DuckDB parses it as a statement other than SELECT');
    expect(result.flows).toEqual([expect.objectContaining({ name: 'm', phase: 'cancelled' })]);
    expect(events.some((e) => e.element.name === 'm' && e.phase === 'running')).toBe(false);
  });
});
