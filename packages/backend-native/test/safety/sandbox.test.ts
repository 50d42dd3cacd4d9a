import { cp, readFile, symlink } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Pipeline, ThundError, from, parsePipeline, pipeline, readFiles, sql } from '@thund/ir';
import { finish, rowsOf, runToEnd, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const ORDERS_EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples', 'orders');

const backends = useBackends();
const tempDir = useTempDirs();

function readsFile(path: string): Pipeline {
  return pipeline('p').materializedView('m', { query: readFiles('csv', path) }).build();
}

function rawSql(text: string): Pipeline {
  return pipeline('p').materializedView('m', { query: sql('duckdb', text) }).build();
}

/** A local HTTP server that counts the requests it gets, to prove nothing was fetched. */
async function countingServer(): Promise<{ readonly url: string; readonly requests: () => number; readonly close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    response.end('x\n1\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/data.csv`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sandbox: check keeps every path inside the base directory', () => {
  it('refuses read_files of an absolute path outside it, naming the flow, the path and the fix', async () => {
    const baseDir = await tempDir();
    const report = backends({ baseDir, sandbox: true }).check(readsFile('/etc/passwd'));
    expect(report.ok).toBe(false);
    const violation = report.violations.find((v) => v.feature === 'sandbox_path');
    expect(violation).toMatchObject({ element: { kind: 'flow', name: 'm' }, value: '/etc/passwd', path: '$.flows[0].query.path' });
    expect(violation?.message).toContain('flow "m"');
    expect(violation?.message).toContain('"/etc/passwd"');
    expect(violation?.message).toContain(`outside the base directory ${baseDir}`);
    expect(violation?.message).toMatch(/move the data into .* relative path/);
    // Without the sandbox the same pipeline passes check: it is a trusted pipeline's business.
    expect(backends({ baseDir }).check(readsFile('/etc/passwd')).violations.filter((v) => v.feature === 'sandbox_path')).toEqual([]);
  });

  it('fails the run before anything is read', async () => {
    const baseDir = await tempDir();
    const { result, events } = await runToEnd(backends({ baseDir, sandbox: true }), readsFile('/etc/passwd'));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(result.flows).toEqual([expect.objectContaining({ name: 'm', phase: 'cancelled' })]);
    expect(events.some((e) => e.element.name === 'm' && e.phase === 'running')).toBe(false);
  });

  it('refuses a relative path that climbs out with "..", in read_files and in a sink location', async () => {
    const baseDir = await tempDir();
    const p = pipeline('p')
      .materializedView('m', { query: readFiles('csv', 'data/../../secrets/*.csv') })
      .sink('out', { format: 'csv', location: '../exported' })
      .flow('export', { target: 'out', query: from('m') })
      .build();
    const sandboxed = backends({ baseDir, sandbox: true }).check(p).violations.filter((v) => v.feature === 'sandbox_path');
    expect(sandboxed.map((v) => [v.element.kind, v.element.name, v.value])).toEqual([
      ['dataset', 'out', '../exported'],
      ['flow', 'm', 'data/../../secrets/*.csv'],
    ]);
    expect(sandboxed[1]?.message).toContain(join(dirname(baseDir), 'secrets', '*.csv'));
    // ".." that stays inside is fine.
    expect(backends({ baseDir, sandbox: true }).check(readsFile('data/../orders.csv')).ok).toBe(true);
  });

  it('refuses an absolute sink location and a storage root outside the base directory', async () => {
    const baseDir = await tempDir();
    const elsewhere = await tempDir();
    const p = pipeline('p', { storage: join(elsewhere, 'state') })
      .materializedView('m', { query: readFiles('csv', 'in.csv') })
      .sink('out', { format: 'csv', location: join(elsewhere, 'out') })
      .flow('export', { target: 'out', query: from('m') })
      .build();
    const violations = backends({ baseDir, sandbox: true }).check(p).violations.filter((v) => v.feature === 'sandbox_path');
    expect(violations.map((v) => [v.element.kind, v.path])).toEqual([['pipeline', '$.storage'], ['dataset', '$.datasets[1].location']]);
    // An absolute path inside the base directory is fine.
    expect(backends({ baseDir, sandbox: true }).check(readsFile(join(baseDir, 'in.csv'))).ok).toBe(true);
  });

  it('refuses an http:// path in check, and a raw SQL URL fails at run without any download', async () => {
    const baseDir = await tempDir();
    const server = await countingServer();
    try {
      const checked = backends({ baseDir, sandbox: true }).check(readsFile(server.url));
      expect(checked.violations.find((v) => v.feature === 'sandbox_path')?.message).toMatch(/is a URL, and the sandbox reads and writes local files/);

      const { result } = await runToEnd(backends({ baseDir, sandbox: true }), rawSql(`SELECT * FROM read_csv('${server.url}')`));
      expect(result.status).toBe('failed');
      const error = result.flows[0]?.error;
      expect(error?.code).toBe('THUND_SOURCE');
      expect(error?.message).toContain(`Permission Error: Cannot access file "${server.url}"`);
      expect(error?.message).toContain('NativeBackendConfig.sandbox');
      expect(error?.message).not.toMatch(/httpfs|download|install/i);
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('sandbox: DuckDB itself refuses what raw SQL could reach', () => {
  it('a raw SQL read of /etc/passwd fails its flow with a clear error, and the backend keeps working', async () => {
    const baseDir = await tempDir();
    const backend = backends({ baseDir, sandbox: true });
    expect(backend.check(rawSql("SELECT * FROM read_text('/etc/passwd')")).ok).toBe(true);
    const { result } = await runToEnd(backend, rawSql("SELECT * FROM read_text('/etc/passwd')"));
    expect(result.status).toBe('failed');
    expect(result.flows[0]).toMatchObject({ name: 'm', phase: 'failed', error: { code: 'THUND_SOURCE' } });
    expect(result.flows[0]?.error?.message).toContain('Permission Error: Cannot access file "/etc/passwd"');
    expect(result.flows[0]?.error?.message).toContain('inside the base directory');

    const fine = await runToEnd(backend, rawSql("SELECT 'still here' AS s"));
    expect(fine.result.status).toBe('completed');
    expect(rowsOf(await backend.readDataset('m'))).toEqual([{ s: 'still here' }]);
  });

  it('a symlink inside the base directory that leads outside: check refuses a read_files path through it, and DuckDB refuses raw SQL through it', async () => {
    const baseDir = await tempDir();
    await symlink('/etc', join(baseDir, 'etc'));
    const backend = backends({ baseDir, sandbox: true });
    expect(backend.check(readsFile('etc/passwd')).violations.map((v) => v.feature)).toEqual(['sandbox_path']);
    const p = rawSql(`SELECT * FROM read_text('${join(baseDir, 'etc', 'passwd')}')`);
    expect(backend.check(p).ok).toBe(true);
    const { result } = await runToEnd(backend, p);
    expect(result.flows[0]?.error?.message).toContain('Permission Error');
  });

  it('runs with external access off, no extension autoloading, and the configuration locked', async () => {
    const baseDir = await tempDir();
    const backend = backends({ baseDir, sandbox: true });
    const settings = rawSql(`SELECT name, value FROM duckdb_settings() WHERE name IN
      ('enable_external_access', 'autoinstall_known_extensions', 'autoload_known_extensions', 'lock_configuration', 'allowed_directories') ORDER BY name`);
    expect((await runToEnd(backend, settings)).result.status).toBe('completed');
    const values = Object.fromEntries(rowsOf(await backend.readDataset('m')).map((row) => [row['name'], row['value']]));
    expect(values).toMatchObject({ enable_external_access: 'false', autoinstall_known_extensions: 'false', autoload_known_extensions: 'false', lock_configuration: 'true' });
    expect(values['allowed_directories']).toContain(`${baseDir}/`);
  });

  it('refuses DuckDB settings that would override it', () => {
    expect(() => backends({ sandbox: true, duckdb: { enable_external_access: 'true' } })).toThrow(ThundError);
    expect(() => backends({ sandbox: true, duckdb: { lock_configuration: 'false' } })).toThrow(/which the sandbox controls/);
    expect(() => backends({ duckdb: { enable_external_access: 'true' } })).not.toThrow();
  });
});

describe('sandbox: normal pipelines still run', () => {
  it('examples/orders gives the same rows with the sandbox on as without', async () => {
    const document = parsePipeline(await readFile(join(ORDERS_EXAMPLE, 'pipeline.json'), 'utf8'));
    const rows = async (sandbox: boolean): Promise<Record<string, Record<string, unknown>[]>> => {
      const baseDir = await tempDir();
      await cp(join(ORDERS_EXAMPLE, 'data'), join(baseDir, 'data'), { recursive: true });
      const backend = backends({ baseDir, sandbox });
      expect(backend.check(document)).toMatchObject({ ok: true });
      const { result } = await runToEnd(backend, document);
      expect(result.status).toBe('completed');
      const out: Record<string, Record<string, unknown>[]> = {};
      for (const name of ['clean_orders', 'daily_revenue', 'daily_revenue_export']) out[name] = rowsOf(await backend.readDataset(name));
      return out;
    };
    const plain = await rows(false);
    const sandboxed = await rows(true);
    expect(plain['daily_revenue']?.length).toBeGreaterThan(0);
    expect(sandboxed).toEqual(plain);
  });

  it('keeps using a database file outside the base directory (DuckDB always opens its own file)', async () => {
    const baseDir = await tempDir();
    const database = join(await tempDir(), 'warehouse.duckdb');
    await writeText(join(baseDir, 'in.csv'), 'id,name\n1,ann\n2,bob\n');
    const first = backends({ baseDir, database, sandbox: true });
    expect((await runToEnd(first, readsFile('in.csv'))).result.status).toBe('completed');
    await first.close();
    const again = backends({ baseDir, database, sandbox: true });
    expect(rowsOf(await again.readDataset('m'))).toEqual([{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }]);
  });

  it('streams from a directory and an in-memory source, with checkpoints under the storage root', async () => {
    const baseDir = await tempDir();
    await writeText(join(baseDir, 'incoming', 'a.json'), '{"k":"a","v":1}\n{"k":"b","v":2}\n');
    const schema = [{ name: 'k', type: 'utf8' as const, nullable: true }, { name: 'v', type: 'int64' as const, nullable: true }];
    const p = pipeline('s')
      .streamingTable('files', { query: readFiles('json', 'incoming/', { schema }) })
      .streamingTable('memory', { query: readFiles('json', 'clicks', { schema }) })
      .build();
    async function* clicks(): AsyncIterable<Record<string, unknown>[]> {
      yield [{ k: 'c', v: 3 }];
    }
    const backend = backends({ baseDir, sandbox: true });
    const { result } = await finish(backend.run(p, { sources: { clicks: clicks() } }));
    expect(result.status).toBe('completed');
    expect(rowsOf(await backend.readDataset('files'))).toEqual([{ k: 'a', v: 1 }, { k: 'b', v: 2 }]);
    expect(rowsOf(await backend.readDataset('memory'))).toEqual([{ k: 'c', v: 3 }]);
  });
});
