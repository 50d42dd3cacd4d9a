import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pipeline, type RunResult, pipeline, readFiles } from '@thund/ir';
import { type SparkBackend, createSparkBackend } from '../../src/index.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const SCHEMA = [{ name: 'id', type: 'int64' as const }];

async function run(backend: SparkBackend, p: Pipeline, fullRefresh = false): Promise<RunResult> {
  const handle = backend.run(p, { fullRefresh });
  for await (const _ of handle) { /* drain */ }
  return handle.result;
}

/**
 * Spark's file sink skips batch ids its commit log already has: a full refresh
 * (fresh checkpoint) over an old sink directory used to drop the new rows for good.
 */
describe.runIf(remote !== undefined)('Spark streaming sinks: full refresh rewrites, a lost checkpoint is refused (real server)', () => {
  let backend: SparkBackend;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'thund-spark-ssink-'));
    backend = await createSparkBackend({ remote: remote as string, baseDir: dir, database: `thund_ssink${process.pid}` });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const toSink = pipeline('ssink')
    .sink('out', { format: 'json', location: 'out' })
    .flow('to_out', { target: 'out', kind: 'streaming', query: readFiles('json', 'in', { schema: SCHEMA }) })
    .build();
  const ids = async (): Promise<number[]> => (await backend.readRows('out')).rows.map((r) => Number(r['id'])).sort((a, b) => a - b);

  it('a full refresh after a new file holds every row once; the directory is marked as Þund\'s', async () => {
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'in', '1.json'), '{"id":1}\n{"id":2}\n');
    expect((await run(backend, toSink)).status).toBe('completed');
    expect(await ids()).toEqual([1, 2]);
    expect(existsSync(join(dir, 'out', '.thund-output'))).toBe(true);
    writeFileSync(join(dir, 'in', '2.json'), '{"id":3}\n');
    expect((await run(backend, toSink, true)).status).toBe('completed');
    expect(await ids()).toEqual([1, 2, 3]);
    writeFileSync(join(dir, 'in', '3.json'), '{"id":4}\n');
    expect((await run(backend, toSink)).status).toBe('completed');
    expect(await ids()).toEqual([1, 2, 3, 4]);
  }, 180_000);

  it('with the checkpoint gone, the run is refused (THUND_CHECKPOINT) and the sink keeps its rows', async () => {
    rmSync(join(dir, '.thund'), { recursive: true, force: true });
    const refused = await run(backend, toSink);
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatchObject({ code: 'THUND_CHECKPOINT', message: expect.stringMatching(/streaming sink "out" .* checkpoint .* is missing.*--full-refresh/) });
    expect(await ids()).toEqual([1, 2, 3, 4]);
  }, 180_000);

  it('a user file inside the sink directory stops a full refresh from deleting it', async () => {
    writeFileSync(join(dir, 'out', 'notes.txt'), 'mine');
    const refused = await run(backend, toSink, true);
    expect(refused.error).toMatchObject({ code: 'THUND_OUTPUT_NOT_OWNED' });
    expect(readdirSync(join(dir, 'out'))).toContain('notes.txt');
  }, 180_000);
});
