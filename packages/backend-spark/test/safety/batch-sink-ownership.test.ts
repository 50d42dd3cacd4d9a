import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pipeline, type RunResult, col, expect as expectation, pipeline, readFiles } from '@thund/ir';
import { type SparkBackend, createSparkBackend, tableToRows } from '../../src/index.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const SCHEMA = [{ name: 'id', type: 'int64' as const }, { name: 'amount', type: 'int64' as const }];

async function run(backend: SparkBackend, p: Pipeline): Promise<RunResult> {
  const handle = backend.run(p);
  for await (const _ of handle) { /* drain */ }
  return handle.result;
}

/** A batch sink on Spark replaces only what Þund wrote there, and a failed write keeps the previous output whole. */
describe.runIf(remote !== undefined)('Spark batch sinks: ownership and atomic replace (real server)', () => {
  let backend: SparkBackend;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'thund-spark-sink-'));
    backend = await createSparkBackend({ remote: remote as string, baseDir: dir, database: `thund_sink${process.pid}` });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const exportTo = (location: string, failOn?: number) =>
    pipeline('sink_safety')
      .sink('export', { format: 'parquet', location })
      .flow('write_export', {
        target: 'export', kind: 'batch',
        query: readFiles('json', 'in.jsonl', { schema: SCHEMA }),
        ...(failOn === undefined ? {} : { expectations: [expectation('not_poison', col('id').neq(failOn), 'fail')] }),
      })
      .build();

  it('a directory Þund did not create at the location is refused, named, and left as it was', async () => {
    writeFileSync(join(dir, 'in.jsonl'), `${JSON.stringify({ id: 1, amount: 5 })}\n`);
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep me');
    const result = await run(backend, exportTo('mine'));
    expect(result.status).toBe('failed');
    expect(result.flows[0]?.error).toMatchObject({ code: 'THUND_OUTPUT_NOT_OWNED', message: expect.stringMatching(/mine.*Þund replaces or removes only outputs it created/) });
    expect(readdirSync(join(dir, 'mine'))).toEqual(['notes.txt']);
    expect(readFileSync(join(dir, 'mine', 'notes.txt'), 'utf8')).toBe('keep me');
  }, 120_000);

  it('its own output is marked and replaced on the next run; nothing is left beside it', async () => {
    expect((await run(backend, exportTo('out/export'))).status).toBe('completed');
    expect(existsSync(join(dir, 'out', 'export', '.thund-output'))).toBe(true);
    writeFileSync(join(dir, 'in.jsonl'), `${JSON.stringify({ id: 2, amount: 7 })}\n${JSON.stringify({ id: 3, amount: 9 })}\n`);
    const second = await run(backend, exportTo('out/export'));
    expect(second.flows[0]).toMatchObject({ phase: 'completed', rowsWritten: 2 });
    expect(tableToRows(await backend.readDataset('export')).map((r) => Number(r['id'])).sort()).toEqual([2, 3]);
    expect(readdirSync(join(dir, 'out'))).toEqual(['export']);
  }, 120_000);

  it('a write that fails (a fail expectation) keeps the previous output whole', async () => {
    const third = await run(backend, exportTo('out/export', 3));
    expect(third.flows[0]).toMatchObject({ phase: 'failed', error: { code: 'THUND_EXPECTATION_FAILED' }, expectations: [{ name: 'not_poison', passed: 1, failed: 1 }] });
    expect(tableToRows(await backend.readDataset('export')).map((r) => Number(r['id'])).sort()).toEqual([2, 3]);
    expect(readdirSync(join(dir, 'out'))).toEqual(['export']);
  }, 120_000);
});
