import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAN_DEPTH } from '@thund/ir';
import { main } from '../../src/index.js';
import { captureIo } from '../support/capture-io.js';
import { runThund } from '../support/spawn-thund.js';

const DEEP = 100_000;
const LONG = 10_000;

/** A pipeline whose one flow filters DEEP times, as text: JSON.stringify would itself overflow on it. */
function deepDocument(): string {
  const plan = `${'{"kind":"filter","input":'.repeat(DEEP)}{"kind":"read_files","format":"csv","path":"in.csv"}${',"condition":{"kind":"literal","value":true}}'.repeat(DEEP)}`;
  return `{"version":1,"name":"deep","datasets":[{"name":"out","type":"materialized_view"}],"flows":[{"name":"out","target":"out","kind":"batch","query":${plan}}]}`;
}

/**
 * d0 reads a file (or, `closed`, the last dataset: one cycle through all), every d<i> reads d<i-1>. Materialized
 * views: 10,000 temporary views in a chain would be inlined into one query too deep for an engine (views_too_deep).
 */
function chainDocument(closed: boolean): string {
  const read = (dataset: string) => ({ kind: 'read', dataset });
  return JSON.stringify({
    version: 1,
    name: 'chain',
    datasets: Array.from({ length: LONG }, (_, i) => ({ name: `d${i}`, type: 'materialized_view' })),
    flows: Array.from({ length: LONG }, (_, i) => ({
      name: `d${i}`, target: `d${i}`, kind: 'batch',
      query: i > 0 ? read(`d${i - 1}`) : closed ? read(`d${LONG - 1}`) : { kind: 'read_files', format: 'csv', path: 'in.csv' },
    })),
  });
}

const tooDeepPath = `$.flows[0].query${'.input'.repeat(MAX_PLAN_DEPTH)}`;
const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

describe('thund check on input too deep or too long for a recursive walk', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'thund-deep-'));
    writeFileSync(join(dir, 'deep.json'), deepDocument());
    writeFileSync(join(dir, 'chain.json'), chainDocument(false));
    writeFileSync(join(dir, 'cycle.json'), chainDocument(true));
  });

  it(`a ${DEEP}-deep plan: exit 2, one line naming the first too-deep node, no stack trace`, async () => {
    const io = captureIo(dir);
    expect(await main(['check', 'deep.json'], io)).toBe(2);
    expect(lines(io.err())).toHaveLength(1);
    expect(io.err()).toContain(`${tooDeepPath}: flow "out" nests plan nodes and expressions more than ${MAX_PLAN_DEPTH} deep`);
    expect(io.err()).toContain('(plan_too_deep)');
    expect(io.err()).not.toMatch(/\n\s+at |RangeError|internal error/);
    expect(io.out()).toBe('');
  });

  it(`a ${DEEP}-deep plan in a real thund process (default stack size): the same one line, exit 2`, async () => {
    const result = await runThund(['check', 'deep.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(`${tooDeepPath}: `);
    expect(result.stderr).not.toMatch(/\n\s+at |RangeError|internal error/);
  }, 60_000);

  it(`a chain of ${LONG} datasets: valid, exit 0`, async () => {
    const io = captureIo(dir);
    expect(await main(['check', 'chain.json'], io)).toBe(0);
    expect(io.out()).toContain(`✓ pipeline "chain" is valid and backend "native" supports everything it uses (${LONG} datasets, ${LONG} flows)`);
    expect(io.err()).toBe('');
  });

  it(`a chain of ${LONG} datasets closed into a cycle: exit 2, one line naming the flow, no stack trace`, async () => {
    const io = captureIo(dir);
    expect(await main(['check', 'cycle.json'], io)).toBe(2);
    expect(lines(io.err())).toHaveLength(1);
    expect(io.err()).toMatch(/^\S+ \$\.flows\[1\]: datasets form a cycle: d0 → d1 → d2 → .* → d9999 → d0; .*\(cycle\)\n$/);
    expect(io.err()).not.toMatch(/\n\s+at |RangeError|internal error/);
  });
});
