import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { col, expect as expect_, pipeline, sql } from '@thund/ir';
import { createNativeBackend } from '../../src/index.js';
import { recoverOutput, replaceOutput } from '@thund/backend-kit';
import { seeded } from '../fixtures/crash-pipeline.js';
import { type FsCall, faultFs } from './support/fault-fs.js';
import { whichGeneration, writeGeneration } from './support/generations.js';
import { generationPipeline, generationRows, rowsAt } from './fixtures/sink-pipeline.js';

const REPLACE_CHILD = fileURLToPath(new URL('./fixtures/replace-child.ts', import.meta.url));
const BACKEND_CHILD = fileURLToPath(new URL('./fixtures/backend-child.ts', import.meta.url));
const RANDOM_KILLS = 6;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'thund-kill-'));
  dirs.push(dir);
  return dir;
}

/** Writes generation `gen` at `location` (in this process, no faults). */
async function replace(location: string, gen: number, runId: string): Promise<void> {
  const { fs } = faultFs();
  await replaceOutput({ location, kind: 'directory', owner: { pipeline: 'kill', dataset: 'out' }, runId, fs, write: (path) => writeGeneration(fs, path, gen) });
}

/**
 * Every filesystem call replacing generation 1 by generation 2 makes, in
 * order (traced once here): the kill test SIGKILLs a child before each.
 */
async function traceReplace(): Promise<string[]> {
  const dir = await tempDir();
  const location = join(dir, 'out');
  await replace(location, 1, 'r1');
  const { fs, calls } = faultFs();
  await replaceOutput({ location, kind: 'directory', owner: { pipeline: 'kill', dataset: 'out' }, runId: 'r2', fs, write: (path) => writeGeneration(fs, path, 2) });
  return calls.map((call: FsCall) => `${call.op} ${call.paths.map((p) => relative(dir, p) || '.').join(' → ')}`);
}
const TRACE = await traceReplace();
const COMMIT = TRACE.indexOf('rename .out.thund-new-r2 → out');

interface ChildExit {
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
}

function runChild(script: string, args: readonly string[], kill?: (line: string) => number | undefined): Promise<ChildExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=thund-source', '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let armed = false;
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      for (const line of data.toString().split('\n')) {
        const delay = armed || kill === undefined ? undefined : kill(line);
        if (delay !== undefined) {
          armed = true;
          setTimeout(() => child.kill('SIGKILL'), delay);
        }
      }
    });
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, output }));
  });
}

describe('partitioned sink replace, SIGKILLed', () => {
  it('traces the filesystem calls of a replacement', () => {
    expect(TRACE.length).toBeGreaterThanOrEqual(15);
    expect(COMMIT).toBeGreaterThan(0);
  });

  it.each(TRACE.map((call, i) => [i + 1, TRACE.length, call, i] as const))(
    'SIGKILL %i of %i: a child killed just before "%s" leaves the old or the new output, whole, after recovery',
    async (_n, _total, _call, index) => {
      const dir = await tempDir();
      const location = join(dir, 'out');
      await replace(location, 1, 'r1');
      const exit = await runChild(REPLACE_CHILD, [location, '2', 'r2', String(index)]);
      expect(exit.signal, exit.output).toBe('SIGKILL');
      const expected = index <= COMMIT ? 1 : 2;
      // Right after the kill: the old output, the new one, or (killed between the two renames) the old one aside.
      const now = await whichGeneration(location, [1, 2]);
      if (index === COMMIT) expect(now).toBe('nothing at the location');
      else expect(now).toBe(expected);
      // The next run's recovery, then a new replacement that leaves nothing but its own output.
      await recoverOutput(location);
      expect(await whichGeneration(location, [1, 2])).toBe(expected);
      expect(await readdir(dir)).toEqual(['out']);
      await replace(location, 3, 'r3');
      expect(await whichGeneration(location, [3])).toBe(3);
      expect(await readdir(dir)).toEqual(['out']);
    },
    60_000,
  );

  it('a run recovers a replacement SIGKILLed between its two renames at start, even when it does not write that sink again', async () => {
    const dir = await tempDir();
    const location = join(dir, 'out/export');
    await replace(location, 1, 'r1');
    const exit = await runChild(REPLACE_CHILD, [location, '2', 'r2', String(COMMIT)]);
    expect(exit.signal, exit.output).toBe('SIGKILL');
    expect(await whichGeneration(location, [1, 2])).toBe('nothing at the location');
    // This run's only flow fails its expectation: the sink is not written, yet its old output is back.
    const p = pipeline('generations')
      .sink('export', { format: 'csv', location: 'out/export', partitionColumns: ['k'] })
      .flow('write', { target: 'export', query: sql('duckdb', 'SELECT 1 AS id, 0 AS k'), expectations: [expect_('never', col('id').lt(0), 'fail')] })
      .build();
    const backend = createNativeBackend({ baseDir: dir });
    const result = await backend.run(p).result;
    await backend.close();
    expect(result.flows[0]?.error?.code).toBe('THUND_EXPECTATION_FAILED');
    expect(await whichGeneration(location, [1, 2])).toBe(1);
    expect(await readdir(join(dir, 'out'))).toEqual(['export']);
  });

  it(`SIGKILL ×${RANDOM_KILLS} at random points of real backend runs: the sink holds one complete generation, and a rerun replaces it cleanly`, async () => {
    const random = seeded(20261203);
    const outcomes: string[] = [];
    for (let kill = 0; kill < RANDOM_KILLS; kill += 1) {
      const dir = await tempDir();
      const location = join(dir, 'out/export');
      const first = createNativeBackend({ baseDir: dir });
      expect((await first.run(generationPipeline(1)).result).status).toBe('completed');
      await first.close();
      const afterStarts = 1 + Math.floor(random() * 4);
      const delay = Math.floor(random() * 60);
      let starts = 0;
      const exit = await runChild(BACKEND_CHILD, [dir, '2'], (line) => (line.startsWith('START') && ++starts === afterStarts ? delay : undefined));
      expect(exit.signal, exit.output).toBe('SIGKILL');
      const done = [...exit.output.matchAll(/^DONE (\d+)$/gm)].map((m) => Number(m[1]));
      const last = done.at(-1) ?? 1;
      await recoverOutput(location);
      const rows = await rowsAt(location);
      const generation = [last, last + 1].find((gen) => JSON.stringify(rows) === JSON.stringify(generationRows(gen)));
      expect(generation, `kill ${kill + 1} after generation ${last}: ${JSON.stringify(rows)}`).toBeDefined();
      outcomes.push(`${last}→${String(generation)}`);
      const rerun = createNativeBackend({ baseDir: dir });
      const rerunResult = await rerun.run(generationPipeline(99)).result;
      await rerun.close();
      expect(rerunResult.status, `kill ${kill + 1}: ${JSON.stringify(rerunResult.flows.map((f) => f.error?.message))}`).toBe('completed');
      expect(await rowsAt(location)).toEqual(generationRows(99));
      expect(await readdir(join(dir, 'out'))).toEqual(['export']);
    }
    expect(outcomes).toHaveLength(RANDOM_KILLS);
  }, 300_000);
});
