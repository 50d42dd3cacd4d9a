import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pipeline, pipeline, sql } from '@thund/ir';
import { type SparkBackend, createSparkBackend } from '../src/index.js';
import { remote, runToEnd } from './support/differential.js';

// Hardening item 12: `thund show … users_current --backend spark` for a
// project with `database: cdc_trunc` printed the rows of
// `default.users_current`, another pipeline's table. A backend that did not
// run the pipeline resolves the name in the pipeline given with readRows
// (ReadRowsOptions.pipeline): its catalog and database.

const suffix = `${process.pid}`;

/** A pipeline writing `users_current` (one row naming `who`) into `database`, or the backend's default database. */
function writer(who: string, database?: string): Pipeline {
  return pipeline(`users_${who}`, database === undefined ? {} : { database })
    .materializedView('users_current', { query: sql('spark', `SELECT '${who}' AS who`) })
    .build();
}

describe.runIf(remote !== undefined)('readRows of a pipeline this backend did not run: in the pipeline\'s database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-spark-read-db-'));
  const pipelines = { plain: writer('plain'), a: writer('a', `thund_read_a${suffix}`), b: writer('b', `thund_read_b${suffix}`) };
  let runner: SparkBackend;
  let reader: SparkBackend;
  beforeAll(async () => {
    // The default database of this suite's backends: the plain pipeline's table is `<default>.users_current`.
    const config = { remote: remote as string, baseDir: dir, database: `thund_read_default${suffix}` };
    runner = await createSparkBackend(config);
    for (const p of Object.values(pipelines)) {
      const result = await runToEnd(runner, p);
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
    }
    // As `thund show` has it: a new process, a new backend, nothing run in it.
    reader = await createSparkBackend(config);
  }, 240_000);
  afterAll(async () => {
    for (const database of [`thund_read_default${suffix}`, `thund_read_a${suffix}`, `thund_read_b${suffix}`]) {
      await runner?.session.sql(`DROP DATABASE IF EXISTS ${database} CASCADE`).catch(() => undefined);
    }
    await reader?.close();
    await runner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each pipeline\'s users_current is its own rows, not the default database\'s table of that name', async () => {
    for (const [who, p] of Object.entries(pipelines)) {
      const shown = await reader.readRows('users_current', { pipeline: p });
      expect(shown.rows, who).toEqual([{ who }]);
      expect(shown.totalRows).toBe(1);
      expect((await reader.readDataset('users_current', p)).getChild('who')?.get(0)).toBe(who);
    }
  });

  it('with a limit, the count of the rows is taken in the same database', async () => {
    const shown = await reader.readRows('users_current', { pipeline: pipelines.a, limit: 1 });
    expect(shown.rows).toEqual([{ who: 'a' }]);
    expect(shown.totalRows).toBe(1);
  });

  it('without a pipeline, a backend that ran none reads the configured database (unchanged)', async () => {
    expect((await reader.readRows('users_current')).rows).toEqual([{ who: 'plain' }]);
  });

  it('the backend that ran them all reads the last one\'s table without a pipeline, each one\'s with it', async () => {
    expect((await runner.readRows('users_current')).rows).toEqual([{ who: 'b' }]);
    expect((await runner.readRows('users_current', { pipeline: pipelines.a })).rows).toEqual([{ who: 'a' }]);
  });
});
