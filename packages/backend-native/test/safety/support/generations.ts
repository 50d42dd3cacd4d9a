import type { Dirent } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { SinkFs } from '@thund/backend-kit';

/**
 * Generations of a partitioned output, each different in partitions and
 * rows, so an output that is neither one complete generation nor another (a
 * mix, a half) is told apart: generation g has partitions `k=0 … k=g+1`,
 * each one file of g + 2 rows `id,gen`.
 */
export function generationFiles(gen: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let k = 0; k <= gen + 1; k += 1) {
    const lines = ['id,gen'];
    for (let i = 0; i < gen + 2; i += 1) lines.push(`${k * 100 + i},${gen}`);
    files.set(`k=${k}/data_0.csv`, `${lines.join('\n')}\n`);
  }
  return files;
}

/** Writes generation `gen` at `path` through `fs` (one directory and one file per partition): a sink writer's `write`. */
export async function writeGeneration(fs: SinkFs, path: string, gen: number): Promise<number> {
  let rows = 0;
  for (const [name, text] of generationFiles(gen)) {
    await fs.mkdir(join(path, name, '..'));
    await fs.writeText(join(path, name), text);
    rows += text.trim().split('\n').length - 1;
  }
  return rows;
}

/** Every file under `location` but the marker, as `relative path → content`, sorted; `undefined` when absent. */
export async function outputFiles(location: string): Promise<Record<string, string> | undefined> {
  let entries: Dirent[];
  try {
    entries = await readdir(location, { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).map((p) => relative(location, p)).filter((p) => p !== '.thund-output').sort();
  const out: Record<string, string> = {};
  for (const file of files) out[file] = await readFile(join(location, file), 'utf8');
  return out;
}

/** Generation `gen` as `outputFiles` returns it. */
export function expectedFiles(gen: number): Record<string, string> {
  return Object.fromEntries([...generationFiles(gen)].sort(([a], [b]) => a.localeCompare(b)));
}

/** Which complete generation the output at `location` is (its marker present), or a description of what it is instead. */
export async function whichGeneration(location: string, candidates: readonly number[]): Promise<number | string> {
  const files = await outputFiles(location);
  if (files === undefined) return 'nothing at the location';
  for (const gen of candidates) {
    if (JSON.stringify(files) === JSON.stringify(expectedFiles(gen))) {
      const marker = await readFile(join(location, '.thund-output'), 'utf8').catch(() => undefined);
      return marker === undefined ? `generation ${gen} without its .thund-output marker` : gen;
    }
  }
  return `neither of generations ${candidates.join(', ')}: ${JSON.stringify(Object.keys(files))}`;
}
