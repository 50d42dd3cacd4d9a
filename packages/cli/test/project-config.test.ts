import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';
import { exampleCopy } from './support/example-copy.js';

// thund.config.json (the nearest at or above the pipeline) and THUND_* variables: a flag wins over the environment,
// which wins over the file, which wins over the defaults.
const ordersCopy = (): string => exampleCopy(mkdtempSync(join(tmpdir(), 'thund-config-')), 'orders');

async function thund(dir: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = { ...captureIo(dir), env };
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('thund.config.json and THUND_* settings', () => {
  it('the file\'s db (relative to the file) is used by run and show without --db; THUND_DB overrides it; --db overrides both', async () => {
    const project = ordersCopy();
    writeFileSync(join(project, 'thund.config.json'), JSON.stringify({ $schema: 'https://thund.dev/config.schema.json', backend: 'native', db: 'state/orders.duckdb' }));
    mkdirSync(join(project, 'state'));
    mkdirSync(join(project, 'elsewhere'));
    // Run from another directory: the file is found next to the pipeline, its path resolves against the file.
    expect((await thund(join(project, 'elsewhere'), {}, 'run', '../pipeline.json')).code).toBe(0);
    const shown = await thund(project, {}, 'show', 'pipeline.json', 'daily_revenue', '--format', 'csv', '--limit', '1');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe('order_date,country,revenue,orders\n2026-11-28,NO,35.00,1\n');
    // THUND_DB names a database that holds nothing yet: show finds no table there.
    const fromEnv = await thund(project, { THUND_DB: 'other.duckdb' }, 'show', 'pipeline.json', 'daily_revenue');
    expect(fromEnv.code).not.toBe(0);
    expect(fromEnv.err).toMatch(/other\.duckdb, which does not exist/);
    const fromFlag = await thund(project, { THUND_DB: 'other.duckdb' }, 'show', 'pipeline.json', 'daily_revenue', '--db', 'state/orders.duckdb', '--limit', '1', '--format', 'csv');
    expect(fromFlag.code, fromFlag.err).toBe(0);
  });

  it('the file\'s backend is used unless THUND_BACKEND or --backend says otherwise (seen in the error for an unknown one)', async () => {
    const project = ordersCopy();
    writeFileSync(join(project, 'thund.config.json'), JSON.stringify({ backend: 'duck' }));
    const fromFile = await thund(project, {}, 'check', 'pipeline.json');
    expect(fromFile.code).toBe(2);
    expect(fromFile.err).toMatch(/"duck"/);
    const fromEnv = await thund(project, { THUND_BACKEND: 'native' }, 'check', 'pipeline.json');
    expect(fromEnv.code, fromEnv.err).toBe(0);
    const fromFlag = await thund(project, { THUND_BACKEND: 'nope' }, 'check', 'pipeline.json', '--backend', 'native');
    expect(fromFlag.code, fromFlag.err).toBe(0);
  });

  for (const [content, message] of [
    ['{"backend": "native", "databse": "x.duckdb"}', 'has an unknown key "databse"'],
    ['{"backnd": "spark"}', 'did you mean "backend"?'],
    ['{"sandbox": "yes"}', 'key "sandbox" must be a boolean, got "yes"'],
    ['["native"]', 'must hold a JSON object'],
    ['{"backend": ', 'is not valid JSON'],
  ] as const) {
    it(`a config file ${content} is refused, naming the file and the key, exit 2 before anything runs`, async () => {
      const project = ordersCopy();
      writeFileSync(join(project, 'thund.config.json'), content);
      const result = await thund(project, {}, 'run', 'pipeline.json');
      expect(result.code).toBe(2);
      expect(result.err).toContain(join(project, 'thund.config.json'));
      expect(result.err).toContain(message);
      expect(result.out).toBe('');
      expect(result.err).not.toMatch(/\n\s+at /);
    });
  }

  it('a config file in a directory above the pipeline is found; one below it is not', async () => {
    const project = ordersCopy();
    mkdirSync(join(project, 'nested'));
    writeFileSync(join(project, 'nested', 'thund.config.json'), '{"backend": "duck"}');
    expect((await thund(project, {}, 'check', 'pipeline.json')).code).toBe(0);
    writeFileSync(join(dirname(project), 'thund.config.json'), '{"backend": "duck"}');
    const above = await thund(project, {}, 'check', 'pipeline.json');
    expect(above.code).toBe(2);
    expect(above.err).toMatch(/"duck"/);
  });
});
