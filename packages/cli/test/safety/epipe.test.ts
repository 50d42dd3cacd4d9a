import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { finished, spawnThund } from '../support/spawn-thund.js';

/** A pipeline of many flows, so `thund plan` prints far more than a pipe holds (~180 KB). */
function widePipeline(flows: number): unknown {
  const datasets: unknown[] = [{ name: 'src', type: 'temporary_view' }];
  const flowList: unknown[] = [{ name: 'src', target: 'src', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'a.csv' } }];
  for (let i = 0; i < flows; i += 1) {
    datasets.push({ name: `mv_${i}`, type: 'materialized_view' });
    flowList.push({ name: `mv_${i}`, target: `mv_${i}`, kind: 'batch', query: { kind: 'read', dataset: i % 10 === 0 ? 'src' : `mv_${i - 1}` } });
  }
  return { version: 1, name: 'wide', datasets, flows: flowList };
}

/**
 * `thund plan … | head`: the reader goes away before thund is done writing.
 * The rest of the output is dropped quietly — no EPIPE stack trace, exit 0.
 */
describe('stdout closed early (EPIPE), with real thund processes', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'thund-epipe-'));
    writeFileSync(join(dir, 'wide.json'), JSON.stringify(widePipeline(1500)));
  });

  it('plan into a reader that reads one chunk and closes: quiet, exit 0', async () => {
    const child = spawnThund(['plan', 'wide.json'], { cwd: dir });
    let first = '';
    child.stdout?.once('data', (chunk: Buffer) => {
      first = chunk.toString('utf8');
      child.stdout?.destroy();
    });
    const result = await finished(child);
    expect(first).toMatch(/^-- flow src \(duckdb sql\)/);
    expect(result.stderr).toBe('');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
  }, 90_000);

  for (const args of [['plan', 'wide.json'], ['help'], ['check', 'wide.json']]) {
    it(`${args.join(' ')} into a reader that closed before the first line: quiet, exit 0`, async () => {
      const child = spawnThund(args, { cwd: dir });
      child.stdout?.destroy();
      const result = await finished(child);
      expect(result.stderr).toBe('');
      expect(result.signal).toBeNull();
      expect(result.code).toBe(0);
    }, 90_000);
  }
});
