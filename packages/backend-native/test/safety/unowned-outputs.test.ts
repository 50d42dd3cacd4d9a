import { existsSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Pipeline, pipeline, readFiles, sql } from '@thund/ir';
import { finish, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const ROWS = "SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'a')) AS v(id, k)";

function batchSink(partitioned: boolean): Pipeline {
  return pipeline('exports')
    .sink('export', { format: 'csv', location: partitioned ? 'out/export' : 'out/export.csv', ...(partitioned ? { partitionColumns: ['k'] } : {}) })
    .flow('write', { target: 'export', query: sql('duckdb', ROWS) })
    .build();
}

function streamingSink(): Pipeline {
  return pipeline('stream')
    .sink('copy', { format: 'csv', location: 'out/copy' })
    .flow('copy_in', { kind: 'streaming', target: 'copy', query: readFiles('csv', 'in') })
    .build();
}

/** Every file under `dir` with its content. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

describe('Þund replaces or removes only outputs it created', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('refuses a pre-existing unmarked directory at a partitioned sink location and leaves it intact', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'out/export/thesis.tex'), 'years of work\n');
    await writeText(join(dir, 'out/export/k=a/data_0.csv'), 'id\n42\n');
    const before = await tree(join(dir, 'out/export'));
    const { result } = await finish(backend({ baseDir: dir }).run(batchSink(true)));
    expect(result.status).toBe('failed');
    const failure = result.flows.find((f) => f.name === 'write')?.error;
    expect(failure?.code).toBe('THUND_OUTPUT_NOT_OWNED');
    expect(failure?.message).toContain(`sink "export" cannot write to ${join(dir, 'out/export')}: it holds a directory Þund did not create (it has no .thund-output marker)`);
    expect(failure?.message).toContain('move it elsewhere (or delete it yourself if it is not needed), or choose another location for the sink');
    expect(await tree(join(dir, 'out/export'))).toEqual(before);
    expect(await readdir(join(dir, 'out'))).toEqual(['export']);
  });

  it('refuses a pre-existing file at a single-file sink location, and a file Þund wrote but the user changed since', async () => {
    const dir = await tempDir();
    const path = join(dir, 'out/export.csv');
    await writeText(path, 'my,own\ndata,here\n');
    const b = backend({ baseDir: dir });
    const first = await finish(b.run(batchSink(false)));
    expect(first.result.flows[0]?.error?.code).toBe('THUND_OUTPUT_NOT_OWNED');
    expect(first.result.flows[0]?.error?.message).toContain(`sink "export" cannot write to ${path}: it holds a file Þund did not write (or that was changed since Þund wrote it)`);
    expect(await readFile(path, 'utf8')).toBe('my,own\ndata,here\n');

    // Once the user moved it away, Þund writes (and marks) its own file and may replace it on the next run …
    await rm(path);
    expect((await finish(b.run(batchSink(false)))).result.status).toBe('completed');
    expect((await finish(b.run(batchSink(false)))).result.status).toBe('completed');
    expect(JSON.parse(await readFile(join(dir, 'out/.export.csv.thund-output'), 'utf8'))).toMatchObject({ thund: 'output', pipeline: 'exports', dataset: 'export' });
    // … but not after the user edited it.
    await writeFile(path, 'id,k\n1,edited by hand\n');
    expect((await finish(b.run(batchSink(false)))).result.flows[0]?.error?.code).toBe('THUND_OUTPUT_NOT_OWNED');
    expect(await readFile(path, 'utf8')).toBe('id,k\n1,edited by hand\n');
  });

  it('marks the partitioned output it creates, and replaces it on the next run', async () => {
    const dir = await tempDir();
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(batchSink(true)))).result.status).toBe('completed');
    expect(JSON.parse(await readFile(join(dir, 'out/export/.thund-output'), 'utf8'))).toMatchObject({ thund: 'output', pipeline: 'exports', dataset: 'export', createdAt: expect.any(String) });
    expect((await finish(b.run(batchSink(true)))).result.status).toBe('completed');
    expect((await readdir(join(dir, 'out'))).sort()).toEqual(['export']);
    expect(Object.keys(await tree(join(dir, 'out/export'))).sort()).toEqual(['.thund-output', 'k=a/data_0.csv', 'k=b/data_0.csv']);
    expect((await b.readDataset('export')).numRows).toBe(3);
  });

  it('refuses to replace its own partitioned output once the user put a file of theirs into it, and keeps the file', async () => {
    const dir = await tempDir();
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(batchSink(true)))).result.status).toBe('completed');
    expect(JSON.parse(await readFile(join(dir, 'out/export/.thund-output'), 'utf8'))).toMatchObject({ contents: ['k=a/data_0.csv', 'k=b/data_0.csv'] });
    await writeText(join(dir, 'out/export/k=a/README.md'), 'what these files are\n');
    const before = await tree(join(dir, 'out/export'));
    const { result } = await finish(b.run(batchSink(true)));
    expect(result.flows[0]?.error?.code).toBe('THUND_OUTPUT_NOT_OWNED');
    expect(result.flows[0]?.error?.message).toContain(`cannot write to ${join(dir, 'out/export')}: it holds Þund's output, but also a file Þund did not write there (k=a/README.md)`);
    expect(await tree(join(dir, 'out/export'))).toEqual(before);
  });

  it('two batch flows of one run writing one partitioned sink replace it one after another, leaving one complete output', async () => {
    const dir = await tempDir();
    const p = pipeline('twice')
      .sink('export', { format: 'csv', location: 'out/export', partitionColumns: ['k'] })
      .flow('first', { target: 'export', query: sql('duckdb', "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, k)") })
      .flow('second', { target: 'export', query: sql('duckdb', "SELECT * FROM (VALUES (3, 'c')) AS v(id, k)") })
      .build();
    const b = backend({ baseDir: dir, maxConcurrency: 2 });
    for (let run = 0; run < 3; run += 1) {
      const { result } = await finish(b.run(p));
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
      const files = Object.keys(await tree(join(dir, 'out/export'))).sort();
      expect([['.thund-output', 'k=a/data_0.csv', 'k=b/data_0.csv'], ['.thund-output', 'k=c/data_0.csv']]).toContainEqual(files);
      expect(await readdir(join(dir, 'out'))).toEqual(['export']);
    }
  });

  it('refuses a streaming sink directory it did not create, before touching checkpoints, and leaves it intact', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/a.csv'), 'id\n1\n');
    await writeText(join(dir, 'out/copy/part-00000000.csv'), 'not, thund\'s\n');
    const { result } = await finish(backend({ baseDir: dir }).run(streamingSink()));
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('THUND_OUTPUT_NOT_OWNED');
    expect(result.error?.message).toContain(`sink "copy" cannot write to ${join(dir, 'out/copy')}: it holds a directory Þund did not create`);
    expect(await tree(join(dir, 'out/copy'))).toEqual({ 'part-00000000.csv': 'not, thund\'s\n' });
  });

  it('a full refresh removes a streaming sink directory only while it carries Þund\'s marker', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/a.csv'), 'id\n1\n');
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(streamingSink()))).result.status).toBe('completed');
    expect(existsSync(join(dir, 'out/copy/.thund-output'))).toBe(true);
    expect((await finish(b.run(streamingSink(), { fullRefresh: true }))).result.status).toBe('completed');
    expect(Object.keys(await tree(join(dir, 'out/copy'))).filter((f) => !f.startsWith('_')).sort()).toEqual(['.thund-output', 'part-00000000.csv']);

    // A file of the user's in it: a full refresh refuses to delete the directory, before resetting any checkpoint.
    await writeText(join(dir, 'out/copy/notes.txt'), 'mine\n');
    const withNotes = await tree(join(dir, 'out/copy'));
    const kept = await finish(b.run(streamingSink(), { fullRefresh: true }));
    expect(kept.result.status).toBe('failed');
    expect(kept.result.error?.message).toContain(`sink "copy" cannot write to ${join(dir, 'out/copy')}: it holds Þund's output, but also a file Þund did not write there (notes.txt)`);
    expect(await tree(join(dir, 'out/copy'))).toEqual(withNotes);
    const resumed = await finish(b.run(streamingSink()));
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.flows[0]?.rowsWritten).toBe(0); // the checkpoint was kept: nothing read again
    await rm(join(dir, 'out/copy/notes.txt'));

    // The marker is gone (say the user took the directory over): a full refresh refuses to delete it.
    await rm(join(dir, 'out/copy/.thund-output'));
    const before = await tree(join(dir, 'out/copy'));
    const refused = await finish(b.run(streamingSink(), { fullRefresh: true }));
    expect(refused.result.status).toBe('failed');
    expect(refused.result.error?.message).toContain('THUND_OUTPUT_NOT_OWNED');
    expect(await tree(join(dir, 'out/copy'))).toEqual(before);
  });
});
