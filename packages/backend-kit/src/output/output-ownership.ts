import { basename, dirname, join } from 'node:path';
import { ThundError, ThundErrorCode } from '@thund/ir';
import { OUTPUT_MARKER, type OutputOwner, markerText, readMarker, sidecarMarkerPath, writeMarker } from './output-marker.js';
import type { PathEntry, SinkFs } from './sink-fs.js';

/**
 * `THUND_OUTPUT_NOT_OWNED`: what is at a sink location was not created by
 * Þund, which replaces or removes only its own outputs.
 */
export function notOwnedError(owner: OutputOwner, path: string, found: string): ThundError {
  return new ThundError(
    ThundErrorCode.OutputNotOwned,
    `sink "${owner.dataset}" cannot write to ${path}: it holds ${found}, and Þund replaces or removes only outputs it created; move it elsewhere (or delete it yourself if it is not needed), or choose another location for the sink`,
    { ...(owner.backend === undefined ? {} : { backend: owner.backend }), element: { kind: 'dataset', name: owner.dataset } },
  );
}

/**
 * Why Þund may not replace or remove what is at `path`, or undefined when it
 * may: a directory holding a `.thund-output` marker and, if the marker lists
 * the files Þund wrote (batch outputs), no others; an empty directory; a file
 * whose identity its sidecar marker lists (Þund wrote it, unchanged since).
 */
export async function refusal(fs: SinkFs, path: string, entry: PathEntry): Promise<string | undefined> {
  switch (entry.kind) {
    case 'directory': {
      const marker = await readMarker(fs, join(path, OUTPUT_MARKER));
      if (marker === undefined) {
        // An empty directory holds nothing to lose (a torn marker write of a claim leaves only its temporary).
        if ((await fs.readdir(path)).every((name) => name === `${OUTPUT_MARKER}.tmp`)) return undefined;
        return `a directory Þund did not create (it has no ${OUTPUT_MARKER} marker)`;
      }
      if (marker.contents === undefined) return undefined;
      const written = new Set([...marker.contents, OUTPUT_MARKER, `${OUTPUT_MARKER}.tmp`]);
      const foreign = (await fs.list(path)).filter((file) => !written.has(file));
      return foreign.length === 0 ? undefined : foreignFiles(foreign);
    }
    case 'file':
      return ((await readMarker(fs, sidecarMarkerPath(path)))?.files ?? []).includes(entry.identity)
        ? undefined
        : 'a file Þund did not write (or that was changed since Þund wrote it)';
    case 'other':
      return 'something that is neither a file nor a directory (a symlink?)';
  }
}

/**
 * Throws `THUND_OUTPUT_NOT_OWNED` unless what is at `path` (if anything) is
 * Þund's, and, given `written`, a directory holds only files it accepts.
 */
export async function assertOwned(fs: SinkFs, path: string, owner: OutputOwner, written?: (file: string) => boolean): Promise<PathEntry | undefined> {
  const entry = await fs.entry(path);
  if (entry === undefined) return undefined;
  const found = await refusal(fs, path, entry);
  if (found !== undefined) throw notOwnedError(owner, path, found);
  if (written !== undefined && entry.kind === 'directory') {
    const foreign = (await fs.list(path)).filter((file) => !written(file));
    if (foreign.length > 0) throw notOwnedError(owner, path, foreignFiles(foreign));
  }
  return entry;
}

/** `Þund's output, but also files Þund did not write there (a, b, c, and 2 more)` */
function foreignFiles(foreign: readonly string[]): string {
  const named = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
  return `Þund's output, but also ${foreign.length === 1 ? 'a file' : 'files'} Þund did not write there (${named})`;
}

/** Where a directory being removed is moved first, so an interrupted removal never leaves an unmarked half. */
function removalPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.thund-removed`);
}

/**
 * Makes `path` a directory marked as Þund's output: creates it (with its
 * marker) when absent, marks it when empty, accepts it when marked, and
 * refuses anything else with `THUND_OUTPUT_NOT_OWNED`.
 */
export async function claimOutputDirectory(fs: SinkFs, path: string, owner: OutputOwner): Promise<void> {
  await fs.remove(removalPath(path)); // an interrupted removal's leftover: Þund moved it there
  const entry = await assertOwned(fs, path, owner);
  if (entry !== undefined && entry.kind !== 'directory') {
    throw notOwnedError(owner, path, 'a file where the sink needs a directory of its own');
  }
  if (entry !== undefined && (await readMarker(fs, join(path, OUTPUT_MARKER))) !== undefined) return;
  await fs.mkdir(path);
  await writeMarker(fs, join(path, OUTPUT_MARKER), markerText(owner));
}

/**
 * Removes an output directory if it is Þund's (refuses otherwise, and also
 * when it holds a file for which `written` is false: one Þund did not write
 * there): it is first renamed aside, atomically, then deleted, so an
 * interruption leaves either the whole marked directory or a leftover that
 * the next claim removes.
 */
export async function removeOutputDirectory(fs: SinkFs, path: string, owner: OutputOwner, written: (file: string) => boolean = () => true): Promise<void> {
  const removed = removalPath(path);
  await fs.remove(removed);
  if ((await assertOwned(fs, path, owner, written)) === undefined) return;
  await fs.rename(path, removed);
  await fs.remove(removed);
}
