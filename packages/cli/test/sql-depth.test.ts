import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const temp = mkdtempSync(join(tmpdir(), 'thund-sql-depth-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const SOURCE = "read_files('in.csv', format => 'csv', header => 'true', schema => 'a BIGINT')";

/** A SQL project folder whose one file is `sql`. */
function project(name: string, sql: string): string {
  const dir = join(temp, name);
  mkdirSync(join(dir, 'transformations'), { recursive: true });
  writeFileSync(join(dir, 'spark-pipeline.yml'), 'name: deep\nlibraries:\n  - glob:\n      include: transformations/**\n');
  writeFileSync(join(dir, 'transformations', 'p.sql'), sql);
  return dir;
}

describe('thund check on SQL nested or chained past MAX_PLAN_DEPTH', () => {
  it('10,000 OR terms: exit 2 with p.sql:line:column and the limit, not an internal error', async () => {
    const dir = project('or', `CREATE MATERIALIZED VIEW t AS SELECT * FROM ${SOURCE}\nWHERE ${Array.from({ length: 10_000 }, (_, i) => `a = ${i}`).join(' OR ')};\n`);
    const io = captureIo(dir);
    expect(await main(['check', '.'], io)).toBe(2);
    expect(io.err()).toMatch(/transformations\/p\.sql:2:\d+: the query nests more than 128 deep here, counting each OR of this chain as a level/);
    expect(io.err()).toContain('MAX_PLAN_DEPTH');
    expect(io.err()).not.toMatch(/internal error|Maximum call stack/);
  });

  it('1,000 nested parentheses: the same', async () => {
    const dir = project('parens', `CREATE MATERIALIZED VIEW t AS SELECT ${'('.repeat(1000)}a${')'.repeat(1000)} AS a FROM ${SOURCE};\n`);
    const io = captureIo(dir);
    expect(await main(['check', '.'], io)).toBe(2);
    expect(io.err()).toMatch(/transformations\/p\.sql:1:\d+: the query nests more than 128 deep here \(parentheses, subqueries/);
    expect(io.err()).not.toMatch(/internal error|Maximum call stack/);
  });
});
