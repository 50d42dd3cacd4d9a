import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

function pipelineReading(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'thund-sandbox-'));
  writeFileSync(join(dir, 'a.csv'), 'id\n1\n');
  writeFileSync(join(dir, 'p.json'), JSON.stringify({
    version: 1, name: 'p',
    datasets: [{ name: 'm', type: 'materialized_view' }],
    flows: [{ name: 'm', target: 'm', kind: 'batch', query: { kind: 'read_files', format: 'csv', path } }],
  }));
  return dir;
}

describe('thund --sandbox (native)', () => {
  it('check refuses a read_files path outside the pipeline directory, which it accepts without --sandbox', async () => {
    const dir = pipelineReading('/etc/passwd');
    expect(await main(['check', 'p.json'], captureIo(dir))).toBe(0);
    const io = captureIo(dir);
    expect(await main(['check', 'p.json', '--sandbox'], io)).toBe(2);
    expect(io.err()).toMatch(/\/etc\/passwd/);
    expect(io.err()).not.toMatch(/^\s+at /m);
  });

  it('runs a pipeline that stays inside its directory', async () => {
    const dir = pipelineReading('a.csv');
    const io = captureIo(dir);
    expect(await main(['run', 'p.json', '--sandbox'], io), io.err()).toBe(0);
    expect(io.out()).toContain('m (1 row)');
  });

  it('refuses a TS/JS module pipeline (its code would run on import) and the Spark backend: exit 2, one line', async () => {
    const dir = pipelineReading('a.csv');
    writeFileSync(join(dir, 'p.mjs'), 'export default {};');
    for (const argv of [['check', 'p.mjs', '--sandbox'], ['check', 'p.json', '--sandbox', '--backend', 'spark']]) {
      const io = captureIo(dir);
      expect(await main(argv, io)).toBe(2);
      expect(io.err()).toMatch(/--sandbox/);
      expect(io.err().trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
