import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Pipeline } from '@thund/ir';
import { UsageError } from '../usage-error.js';

/** Directories never copied: Þund's own state, version control, installed packages. */
const SKIPPED = new Set(['.thund', '.git', 'node_modules']);

/**
 * What `thund diff` writes outside the pipeline's copy: a sink or the
 * storage root at an absolute path (or one climbing out of the pipeline's
 * directory) would be written by both runs, and is the user's. Refused.
 */
export function outsideWrites(pipeline: Pipeline, baseDir: string): string[] {
  const problems: string[] = [];
  const escapes = (path: string): boolean => {
    if (isAbsolute(path)) return true;
    const rel = relative(baseDir, resolve(baseDir, path));
    return rel === '..' || rel.startsWith(`..${sep}`);
  };
  for (const dataset of pipeline.datasets) {
    if (dataset.type === 'sink' && dataset.location !== undefined && escapes(dataset.location)) problems.push(`sink "${dataset.name}" writes to ${dataset.location}`);
  }
  if (pipeline.storage !== undefined && escapes(pipeline.storage)) problems.push(`the storage root is ${pipeline.storage}`);
  return problems;
}

/** A scratch copy of the pipeline's directory for one backend's run, removed by `remove`. */
export interface ScratchCopy {
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * Copies the pipeline's directory (its inputs) into a fresh temporary
 * directory, without Þund's state or what earlier runs wrote to the
 * pipeline's sinks, so each backend starts from the same inputs and writes
 * only into its own copy.
 */
export async function scratchCopy(pipeline: Pipeline, baseDir: string, label: string): Promise<ScratchCopy> {
  const outside = outsideWrites(pipeline, baseDir);
  if (outside.length > 0) {
    throw new UsageError(`thund diff runs each backend in a copy of the pipeline's directory, but ${outside.join('; ')}, outside it, where both runs would write: make those paths relative to the pipeline's directory`);
  }
  const sinks = new Set(pipeline.datasets.filter((d) => d.type === 'sink').map((d) => resolve(baseDir, d.location ?? d.name)));
  const storage = pipeline.storage === undefined ? undefined : resolve(baseDir, pipeline.storage);
  const dir = await mkdtemp(join(tmpdir(), `thund-diff-${label}-`));
  try {
    await cp(baseDir, dir, {
      recursive: true,
      // Spark's file source takes files oldest first: the copies keep the inputs' modification times.
      preserveTimestamps: true,
      filter: (source) => {
        const name = source.slice(source.lastIndexOf(sep) + 1);
        return !SKIPPED.has(name) && !sinks.has(source) && source !== storage;
      },
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
