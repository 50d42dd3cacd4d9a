import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSparkBackend } from '@thund/backend-spark';
import { thund } from './support/run-thund.js';

// Hardening item 12 (Spark): `thund show … users_current --backend spark`
// for a project with `database: cdc_trunc` printed `default.users_current`,
// another pipeline's table. show reads each dataset in the database its
// pipeline's run wrote it to.
const remote = process.env['THUND_SPARK_REMOTE'];
/** `users_current`, made unique to this process: the plain pipeline writes it into the server's shared `default` database. */
const DATASET = `users_current_${process.pid}`;

/** A pipeline document writing {@link DATASET} (one row naming `who`) into `database`, or the default database. */
function pipelineJson(who: string, database?: string): string {
  return JSON.stringify({
    version: 1,
    name: `show_db_${who}`,
    ...(database === undefined ? {} : { database }),
    datasets: [{ name: DATASET, type: 'materialized_view' }],
    flows: [{ name: DATASET, target: DATASET, kind: 'batch', query: { kind: 'sql', dialect: 'spark', sql: `SELECT '${who}' AS who` } }],
  });
}

describe.runIf(remote !== undefined)('thund show --backend spark: the pipeline\'s own database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-show-spark-db-'));
  const databases = { a: `thund_show_a${process.pid}`, b: `thund_show_b${process.pid}` };
  afterAll(async () => {
    const spark = await createSparkBackend({ remote: remote as string });
    try {
      for (const database of Object.values(databases)) await spark.session.sql(`DROP DATABASE IF EXISTS \`${database}\` CASCADE`).catch(() => undefined);
      await spark.session.sql(`DROP TABLE IF EXISTS \`default\`.\`${DATASET}\``).catch(() => undefined);
    } finally {
      await spark.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('two pipelines writing users_current into different databases (and one into default): show prints each one\'s own rows, not default\'s', async () => {
    writeFileSync(join(dir, 'plain.json'), pipelineJson('plain'));
    writeFileSync(join(dir, 'a.json'), pipelineJson('a', databases.a));
    writeFileSync(join(dir, 'b.json'), pipelineJson('b', databases.b));
    for (const file of ['plain.json', 'a.json', 'b.json']) {
      const run = await thund(dir, 'run', file, '--backend', 'spark', '--remote', remote as string);
      expect(run.code, run.err).toBe(0);
    }
    for (const who of ['a', 'b', 'plain']) {
      const shown = await thund(dir, 'show', `${who}.json`, DATASET, '--backend', 'spark', '--remote', remote as string, '--format', 'csv');
      expect(shown.code, shown.err).toBe(0);
      expect(shown.out, who).toBe(`who\n${who}\n`);
    }
  }, 240_000);
});
