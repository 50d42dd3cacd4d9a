import { cp, readdir, stat, utimes } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { UsageError } from '../usage-error.js';

/**
 * The new input of each run after the first, for `thund diff --runs N
 * --feed <dir>`: `<dir>/1` … `<dir>/<N-1>`, each laid out like the
 * pipeline's directory (e.g. `2/data/events/part-0004.json`).
 */
export async function feedBatches(feed: string | undefined, runs: number, baseDir: string): Promise<string[]> {
  if (feed === undefined) throw new UsageError(`--runs ${runs} needs --feed <dir>: the new input files of each later run, in <dir>/1 … <dir>/${runs - 1}`);
  const root = resolve(baseDir, feed);
  const batches: string[] = [];
  for (let run = 1; run < runs; run++) {
    const dir = join(root, String(run));
    const info = await stat(dir).catch(() => undefined);
    if (info?.isDirectory() !== true) throw new UsageError(`--feed ${feed} has no directory ${run}/ (the new input files of run ${run + 1})`);
    batches.push(dir);
  }
  return batches;
}

/**
 * Copies one batch of new input into a side's copy of the pipeline's
 * directory. The new files get modification times after every file already
 * there (in name order), as files that arrive later would have: Spark's file
 * source reads files oldest first.
 */
export async function deliver(batch: string, into: string): Promise<void> {
  const files = (await readdir(batch, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
    .map((e) => relative(batch, join(e.parentPath, e.name))).sort();
  const newest = await newestTime(into);
  await cp(batch, into, { recursive: true });
  for (const [i, file] of files.entries()) {
    const when = new Date(Math.max(newest, Date.now()) + (i + 1) * 1000);
    await utimes(join(into, file), when, when);
  }
}

async function newestTime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}
