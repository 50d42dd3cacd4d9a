import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** Checkpoints removed under a streaming table that holds rows: the rerun is refused, nothing is read twice; a full refresh rebuilds it. */
describe.runIf(remote !== undefined)('Spark: a lost checkpoint is refused, not a silent re-read (real server)', () => {
  let backend: SparkBackend;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'thund-spark-ckpt-'));
    backend = await createSparkBackend({ remote: remote as string, baseDir: dir, database: `thund_ckpt${process.pid}` });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses with THUND_CHECKPOINT and --full-refresh in the message; the table keeps its rows; a full refresh gives each row once', async () => {
    mkdirSync(join(dir, 'inbox'));
    writeFileSync(join(dir, 'inbox', '1.json'), '{"id":1}\n{"id":2}\n{"id":3}\n');
    const p = pipeline('ckpt').streamingTable('events', { query: readFiles('json', 'inbox', { schema: SCHEMA }) }).build();
    expect((await run(backend, p)).status).toBe('completed');
    expect((await backend.readRows('events')).totalRows).toBe(3);

    rmSync(join(dir, '.thund'), { recursive: true, force: true });
    const refused = await run(backend, p);
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatchObject({ code: 'THUND_CHECKPOINT', message: expect.stringMatching(/"events" already holds 3 rows but its checkpoints .* are missing.*--full-refresh/) });
    expect((await backend.readRows('events')).totalRows).toBe(3);

    expect((await run(backend, p, true)).status).toBe('completed');
    expect((await backend.readRows('events')).rows.map((r) => Number(r['id'])).sort()).toEqual([1, 2, 3]);
    expect((await run(backend, p)).status).toBe('completed');
    expect((await backend.readRows('events')).totalRows).toBe(3);
  }, 180_000);
});
