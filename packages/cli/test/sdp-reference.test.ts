import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnyRow, compareRows } from '@thund/arrow-rows';
import { createSparkBackend } from '@thund/backend-spark';
import type { DatasetRows, ExecBackend, Pipeline } from '@thund/ir';
import { loadSqlProject, parsePipelineSpec } from '@thund/sql';
import { stringify } from 'yaml';
import { createScratchBackend } from '../src/backends.js';
import { rowsAsJsonLines } from '../src/format-rows.js';

/*
 * The strongest test of @thund/sql: every SQL project below runs three ways
 * against the same input files and the same .sql files — by the reference
 * client (`spark-pipelines` from pyspark[pipelines], whose parser and engine
 * are Spark's own) on the local Spark Connect server, by Þund on native, and
 * by Þund on Spark — and every dataset must hold the same rows, with the
 * same columns in the same order.
 *
 * What the harness changes per run is the spec file only: an absolute
 * `${data}` (SDP resolves relative paths against the server's working
 * folder), a file: URI storage (SDP requires one) and a fresh database.
 */

const remote = process.env['THUND_SPARK_REMOTE'];
const client = process.env['THUND_SPARK_PIPELINES'];
const projects = join(dirname(fileURLToPath(import.meta.url)), 'sdp-projects');
const temp = mkdtempSync(join(tmpdir(), 'thund-sdp-reference-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const run = promisify(execFile);

/** Every dataset but temporary views, which live only inside a run. */
function comparable(pipeline: Pipeline): string[] {
  return pipeline.datasets.filter((d) => d.type !== 'temporary_view').map((d) => d.name);
}

async function drain(backend: ExecBackend, pipeline: Pipeline): Promise<void> {
  const handle = backend.run(pipeline);
  for await (const _ of handle) { /* the result says how it ended */ }
  const result = await handle.result;
  const failed = result.flows.filter((f) => f.phase !== 'completed');
  expect(result.status, failed.map((f) => `${f.name}: ${f.phase} ${f.error?.message ?? ''}`).join('\n')).toBe('completed');
}

async function readAll(backend: ExecBackend, names: readonly string[]): Promise<Map<string, DatasetRows>> {
  const rows = new Map<string, DatasetRows>();
  for (const name of names) rows.set(name, await (backend.readRows as NonNullable<ExecBackend['readRows']>)(name));
  return rows;
}

function expectSame(label: string, reference: ReadonlyMap<string, DatasetRows>, other: ReadonlyMap<string, DatasetRows>): void {
  for (const [name, expected] of reference) {
    const actual = other.get(name) as DatasetRows;
    // Each project's datasets hold rows, so equal means the same rows, not two empty reads.
    expect(expected.totalRows, `${label}: the reference's ${name} is empty`).toBeGreaterThan(0);
    expect(actual.columns, `${label}: columns of ${name}`).toEqual(expected.columns);
    const comparison = compareRows(expected.rows as AnyRow[], actual.rows as AnyRow[]);
    // Rows hold bigints (JSON.stringify throws on them): both sides as JSON Lines, the differing rows first.
    const lines = (rows: readonly AnyRow[]): string => rowsAsJsonLines({ ...expected, rows, totalRows: rows.length });
    const message = `${label}: rows of ${name}\nonly in the reference:\n${lines(comparison.onlyLeft)}only in Þund:\n${lines(comparison.onlyRight)}`
      + `the reference:\n${lines(expected.rows)}Þund:\n${lines(actual.rows)}`;
    expect(comparison.equal, message).toBe(true);
  }
}

describe.runIf(remote !== undefined || process.env['CI'] === 'true')('SDP SQL projects: the reference client, Þund on native and Þund on Spark give the same rows', () => {
  it('has the reference client and a server', () => {
    expect(remote, 'THUND_SPARK_REMOTE (tools/spark/with-server.sh sets it)').toBeDefined();
    expect(client !== undefined && existsSync(client), `the reference client at ${client} (tools/spark/install.sh installs pyspark[pipelines])`).toBe(true);
  });

  for (const project of readdirSync(projects).sort()) {
    it(project, async () => {
      const dir = join(temp, project);
      cpSync(join(projects, project), dir, { recursive: true });
      const stamp = `${project.replace(/\W/g, '_')}_${process.pid}`;
      const spec = parsePipelineSpec(readSpec(dir), 'spark-pipeline.yml');
      const configuration = { ...spec.configuration, data: join(dir, 'data') };
      const referenceDb = `sdp_ref_${stamp}`;
      writeFileSync(join(dir, 'spark-pipeline.yml'), stringify({
        name: spec.name,
        storage: pathToFileURL(join(dir, 'reference-storage')).href,
        database: referenceDb,
        configuration,
        libraries: spec.include.map((include) => ({ glob: { include } })),
      }));

      // The reference: spark-pipelines, into a database of its own (SDP needs it to exist).
      const spark = await createSparkBackend({ baseDir: dir, remote: remote as string, database: referenceDb });
      const thundSpark = await createScratchBackend('spark', { baseDir: dir, remote: remote as string }, `sdp_thund_${stamp}`, dir);
      const native = await createScratchBackend('native', { baseDir: dir }, 'unused', dir);
      try {
        await spark.session.sql(`CREATE DATABASE IF NOT EXISTS \`${referenceDb}\``);
        const venv = dirname(client as string);
        try {
          await run(client as string, ['--remote', remote as string, 'run', '--spec', join(dir, 'spark-pipeline.yml')], {
            cwd: dir, env: { ...process.env, PATH: `${venv}:${process.env['PATH'] ?? ''}`, SPARK_LOCAL_IP: '127.0.0.1' }, maxBuffer: 64 * 1024 * 1024,
          });
        } catch (error) {
          const failure = error as { stdout?: string; stderr?: string };
          throw new Error(`spark-pipelines failed on ${project}:\n${(failure.stdout ?? '').slice(-3000)}\n${(failure.stderr ?? '').slice(-3000)}`);
        }
        const loaded = (await loadSqlProject(dir)).pipeline;
        const names = comparable(loaded);
        const reference = await readAll(spark, names);

        await drain(native.backend, { ...loaded, storage: join(dir, 'native-storage') });
        expectSame(`${project} on native`, reference, await readAll(native.backend, names));

        await drain(thundSpark.backend, { ...loaded, database: `sdp_thund_${stamp}`, storage: join(dir, 'spark-storage') });
        expectSame(`${project} on Spark`, reference, await readAll(thundSpark.backend, names));
      } finally {
        await spark.session.sql(`DROP DATABASE IF EXISTS \`${referenceDb}\` CASCADE`).catch(() => undefined);
        await spark.close();
        await thundSpark.dispose().catch(() => undefined);
        await thundSpark.backend.close?.();
        await native.backend.close?.();
      }
    }, 300_000);
  }
});

function readSpec(dir: string): string {
  return readFileSync(join(dir, 'spark-pipeline.yml'), 'utf8');
}
