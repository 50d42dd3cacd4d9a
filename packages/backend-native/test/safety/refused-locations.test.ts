import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Pipeline, from, pipeline, readFiles, sql } from '@thund/ir';
import { finish, useBackends, useTempDirs, writeText } from '../support/helpers.js';

/** A batch pipeline copying `in/orders.csv` into a partitioned CSV sink at `location`. */
function partitionedSink(location: string): Pipeline {
  return pipeline('exports')
    .materializedView('orders', { query: readFiles('csv', 'in/orders.csv') })
    .sink('export', { format: 'csv', location, partitionColumns: ['customer'] })
    .flow('export_orders', { target: 'export', query: from('orders') })
    .build();
}

const FIX = 'that is not the base directory itself, the storage root, an input, or another sink\'s location';

describe('check refuses sink locations that would swallow what the user named', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  /** A project with an input file and a file of the user's, and a directory beside the project with another. */
  async function project(): Promise<{ root: string; dir: string; files: string[] }> {
    const root = await tempDir();
    const dir = join(root, 'project');
    const files = [
      await writeText(join(dir, 'in/orders.csv'), 'id,customer\n1,ann\n2,bob\n'),
      await writeText(join(dir, 'notes.txt'), 'my notes\n'),
      await writeText(join(root, 'victim/precious.txt'), 'keep me\n'),
    ];
    return { root, dir, files };
  }

  it.each([
    ['.', (dir: string) => `would write to ${dir} (".")`, 'is the pipeline\'s base directory'],
    ['../victim', (dir: string) => `would write to ${join(dir, '../victim')} ("../victim")`, 'is outside the base directory'],
    ['in', (dir: string) => `would write to ${join(dir, 'in')} ("in")`, 'contains the input "in/orders.csv" of flow "orders"'],
  ])('a partitioned batch sink at %j is refused by check and by run, and nothing is deleted', async (location, where, reason) => {
    const { dir, files } = await project();
    const b = backend({ baseDir: dir });
    const p = partitionedSink(location);
    const report = b.check(p);
    expect(report.ok).toBe(false);
    const violation = report.violations.find((v) => v.feature === 'output_location');
    expect(violation?.element).toEqual({ kind: 'dataset', name: 'export' });
    expect(violation?.message).toContain(`sink "export" ${where(dir)}`);
    expect(violation?.message).toContain(reason);
    expect(violation?.message).toContain(`choose a location inside ${dir} ${FIX}`);
    const { result } = await finish(b.run(p));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    for (const file of files) expect(existsSync(file), file).toBe(true);
  });

  it('a sink at "/" is refused by check (it would contain the project, the storage root and the home directory)', async () => {
    const { dir } = await project();
    const violation = backend({ baseDir: dir }).check(partitionedSink('/')).violations.find((v) => v.feature === 'output_location');
    expect(violation?.value).toBe('/');
    expect(violation?.message).toContain('sink "export" would write to / ("/"), which is a filesystem root');
    expect(violation?.message).toContain(`contains the pipeline's base directory ${dir}`);
    expect(violation?.message).toContain(`contains the home directory ${homedir()}`);
    expect(violation?.message).toContain(`choose a location inside ${dir} ${FIX}`);
  });

  it('a streaming sink at "." is refused, so a full refresh cannot delete the project', async () => {
    const { dir, files } = await project();
    const b = backend({ baseDir: dir });
    const p = pipeline('stream')
      .sink('copy', { format: 'csv', location: '.' })
      .flow('copy_orders', { kind: 'streaming', target: 'copy', query: readFiles('csv', 'in') })
      .build();
    expect(b.check(p).violations.map((v) => v.message)).toEqual([
      expect.stringContaining(`sink "copy" would write to ${dir} ("."), which is the pipeline's base directory ${dir}, and contains the storage root ${join(dir, '.thund/stream')}, and contains the input "in" of flow "copy_orders"`),
    ]);
    const { result } = await finish(b.run(p, { fullRefresh: true }));
    expect(result.status).toBe('failed');
    for (const file of files) expect(existsSync(file), file).toBe(true);
  });

  it('two sinks sharing a location are both refused', () => {
    const p = pipeline('twice')
      .sink('a', { format: 'csv', location: 'out/same' })
      .flow('fa', { target: 'a', query: sql('duckdb', 'SELECT 1 AS x') })
      .sink('b', { format: 'csv', location: 'out/same/' })
      .flow('fb', { target: 'b', query: sql('duckdb', 'SELECT 2 AS x') })
      .build();
    const violations = backend({ baseDir: '/work/project' }).check(p).violations;
    expect(violations.map((v) => [v.element.name, v.value])).toEqual([['a', '/work/project/out/same'], ['b', '/work/project/out/same']]);
    expect(violations[0]?.message).toContain('is the location of sink "b" (/work/project/out/same)');
  });
});
