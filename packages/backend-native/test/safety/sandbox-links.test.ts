import { mkdir, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Pipeline, from, pipeline, readFiles } from '@thund/ir';
import { rowsOf, runToEnd, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const backends = useBackends();
const tempDir = useTempDirs();

const SCHEMA = [{ name: 'id', type: 'int64' as const, nullable: true }];

/** A streaming pipeline: its checkpoints and state live in `<storage>/native.duckdb`. */
function streaming(name: string): Pipeline {
  return pipeline(name).streamingTable('t', { query: readFiles('csv', 'in/', { schema: SCHEMA, options: { header: 'true' } }) }).build();
}

/** A victim pipeline that has run once, with its storage in `<dir>/.thund`, and the rows it holds. */
async function victim(): Promise<{ readonly dir: string; readonly rows: () => Promise<unknown[]> }> {
  const dir = await tempDir();
  await writeText(join(dir, 'in', 'a.csv'), 'id\n1\n2\n3\n');
  const first = backends({ baseDir: dir });
  expect((await runToEnd(first, streaming('v'))).result.status).toBe('completed');
  await first.close();
  return {
    dir,
    rows: async () => {
      const again = backends({ baseDir: dir });
      await runToEnd(again, pipeline('v').streamingTable('t', { query: readFiles('csv', 'in/', { schema: SCHEMA, options: { header: 'true' } }) }).build());
      const rows = rowsOf(await again.readDataset('t'));
      await again.close();
      return rows;
    },
  };
}

describe('sandbox: symbolic links on storage and output paths', () => {
  it('refuses a .thund storage folder that links into another pipeline\'s storage; the other pipeline keeps its rows', async () => {
    const target = await victim();
    const attacker = await tempDir();
    await writeText(join(attacker, 'in', 'a.csv'), 'id\n9\n');
    await symlink(join(target.dir, '.thund'), join(attacker, '.thund'));
    const backend = backends({ baseDir: attacker, sandbox: true });
    const report = backend.check(streaming('v'));
    const violation = report.violations.find((v) => v.feature === 'sandbox_path');
    expect(violation?.message).toContain(`symbolic link ${join(attacker, '.thund')}`);
    expect(violation?.message).toContain(`outside the base directory ${attacker}`);
    const { result } = await runToEnd(backend, streaming('v'));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    await backend.close();
    expect(await target.rows()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // Without the sandbox, a link is the user's own business.
    expect(backends({ baseDir: attacker }).check(streaming('v')).ok).toBe(true);
  });

  it('refuses a database file inside the folder that is a link to another database', async () => {
    const elsewhere = await tempDir();
    const baseDir = await tempDir();
    await writeText(join(elsewhere, 'real.duckdb'), '');
    await symlink(join(elsewhere, 'real.duckdb'), join(baseDir, 'state.duckdb'));
    await writeText(join(baseDir, 'in.csv'), 'id\n1\n');
    const p = pipeline('p').materializedView('m', { query: readFiles('csv', 'in.csv') }).build();
    const report = backends({ baseDir, database: 'state.duckdb', sandbox: true }).check(p);
    expect(report.violations.map((v) => [v.feature, v.value])).toEqual([['sandbox_path', join(baseDir, 'state.duckdb')]]);
  });

  it('refuses a sink folder that links outside, and a dangling link where a sink will be written', async () => {
    const elsewhere = await tempDir();
    const baseDir = await tempDir();
    await writeText(join(baseDir, 'in.csv'), 'id\n1\n');
    await symlink(elsewhere, join(baseDir, 'out'));
    await symlink(join(elsewhere, 'not-yet'), join(baseDir, 'export.csv'));
    const p = pipeline('p')
      .materializedView('m', { query: readFiles('csv', 'in.csv') })
      .sink('folder', { format: 'csv', location: 'out/rows' })
      .sink('file', { format: 'csv', location: 'export.csv' })
      .flow('to_folder', { target: 'folder', query: from('m') })
      .flow('to_file', { target: 'file', query: from('m') })
      .build();
    const backend = backends({ baseDir, sandbox: true });
    const violations = backend.check(p).violations.filter((v) => v.feature === 'sandbox_path');
    expect(violations.map((v) => [v.element.name, v.path])).toEqual([['folder', '$.datasets[1].location'], ['file', '$.datasets[2].location']]);
    expect((await runToEnd(backend, p)).result.status).toBe('failed');
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('refuses a read_files directory that links outside (a streaming source is listed by Þund, not DuckDB)', async () => {
    const elsewhere = await tempDir();
    const baseDir = await tempDir();
    await writeText(join(elsewhere, 'secret.csv'), 'id\n42\n');
    await symlink(elsewhere, join(baseDir, 'in'));
    const violations = backends({ baseDir, sandbox: true }).check(streaming('s')).violations;
    expect(violations.map((v) => [v.feature, v.element.name, v.value])).toEqual([['sandbox_path', 't', 'in/']]);
  });

  it('accepts links that stay inside the base directory', async () => {
    const baseDir = await tempDir();
    await mkdir(join(baseDir, 'data'), { recursive: true });
    await writeText(join(baseDir, 'data', 'a.csv'), 'id\n1\n');
    await symlink(join(baseDir, 'data'), join(baseDir, 'in'));
    const backend = backends({ baseDir, sandbox: true });
    expect(backend.check(streaming('s')).violations).toEqual([]);
    expect((await runToEnd(backend, streaming('s'))).result.status).toBe('completed');
    expect(rowsOf(await backend.readDataset('t'))).toEqual([{ id: 1 }]);
  });
});
