import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Pipeline, col, from, pipeline, readFiles } from '@thund/ir';
import type { PlainRow } from '../src/index.js';
import { both, remote, tempRoot } from './support/differential.js';

// Hardening item 11: a streaming read_files of JSON or CSV without a
// schema failed at run with "Schema must be specified when creating a
// streaming source DataFrame" unless the pipeline also had an append-once
// flow (the only path that set spark.sql.streaming.schemaInference on the
// session). It runs now, with the rows native gives.

const jsonl = (rows: readonly object[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

/** Rows in a comparable form: numbers for bigints, sorted by `id`. */
function normalized(rows: readonly PlainRow[]): Array<Record<string, unknown>> {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])))
    .sort((a, b) => Number(a['id']) - Number(b['id']));
}

describe.runIf(remote !== undefined)('a streaming read_files without a schema, native vs Spark', () => {
  const root = tempRoot('thund-stream-infer-');
  afterAll(() => root.remove());

  async function runBoth(name: string, p: Pipeline, write: (dir: string, round: 1 | 2) => void): Promise<void> {
    const sides = { native: join(root.path(), name, 'native'), spark: join(root.path(), name, 'spark') };
    for (const dir of Object.values(sides)) {
      mkdirSync(join(dir, 'inbox'), { recursive: true });
      write(dir, 1);
    }
    const run = await both({ native: { pipeline: p, workDir: sides.native }, spark: { pipeline: p, workDir: sides.spark } }, `thund_stream_infer_${name}${process.pid}`);
    try {
      expect(run.n.status, JSON.stringify(run.n.error)).toBe('completed');
      expect(run.s.status, JSON.stringify(run.s.error)).toBe('completed');
      for (const dataset of p.datasets.map((d) => d.name)) {
        const rows = await run.read(dataset);
        expect(rows.native.length).toBeGreaterThan(0);
        expect(normalized(rows.spark), dataset).toEqual(normalized(rows.native));
      }
      // A second run picks up a new file, with the same schema.
      for (const dir of Object.values(sides)) write(dir, 2);
      const second = await run.again();
      expect(second.s.status, JSON.stringify(second.s.error)).toBe('completed');
      for (const dataset of p.datasets.map((d) => d.name)) {
        const rows = await run.read(dataset);
        expect(normalized(rows.spark), dataset).toEqual(normalized(rows.native));
      }
    } finally {
      await run.close();
    }
  }

  it('JSON: a streaming table and a streaming flow downstream of it run with the rows native gives', { timeout: 180_000 }, async () => {
    const p = pipeline('stream_infer_json')
      .streamingTable('events', { query: readFiles('json', 'inbox') })
      .streamingTable('big', { query: from('events').filter(col('amount').gt(5)) })
      .build();
    await runBoth('json', p, (dir, round) => {
      if (round === 1) writeFileSync(join(dir, 'inbox', '1.json'), jsonl([{ id: 1, kind: 'a', amount: 10 }, { id: 2, kind: 'b', amount: 5 }, { id: 3, kind: null, amount: 7 }]));
      else writeFileSync(join(dir, 'inbox', '2.json'), jsonl([{ id: 4, kind: 'c', amount: 40 }]));
    });
  });

  it('CSV: a streaming table reads typed columns, as native infers them', { timeout: 180_000 }, async () => {
    const p = pipeline('stream_infer_csv')
      .streamingTable('events', { query: readFiles('csv', 'inbox') })
      .build();
    await runBoth('csv', p, (dir, round) => {
      if (round === 1) writeFileSync(join(dir, 'inbox', '1.csv'), 'id,kind,amount\n1,a,10\n2,b,5\n3,,7\n');
      else writeFileSync(join(dir, 'inbox', '2.csv'), 'id,kind,amount\n4,c,40\n');
    });
  });

  it('with a pipeline configuration (the run then infers nothing once), Spark infers the stream\'s schema itself: same rows', { timeout: 180_000 }, async () => {
    const p = pipeline('stream_infer_conf', { configuration: { 'spark.sql.shuffle.partitions': '2' } })
      .streamingTable('events', { query: readFiles('json', 'inbox') })
      .build();
    await runBoth('conf', p, (dir, round) => {
      if (round === 1) writeFileSync(join(dir, 'inbox', '1.json'), jsonl([{ id: 1, kind: 'a', amount: 10 }, { id: 2, kind: null, amount: 5 }]));
      else writeFileSync(join(dir, 'inbox', '2.json'), jsonl([{ id: 3, kind: 'c', amount: 40 }]));
    });
  });
});
