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
    { backend: 'native', element: { kind: 'dataset', name: owner.dataset } },
  );
}

/**
 * Whether Þund may replace or remove what is at `path`: a directory holding
 * a `.thund-output` marker (or nothing at all), or a file whose identity its
 * sidecar marker lists (Þund wrote it, and it has not been changed since).
 */
export async function isOwned(fs: SinkFs, path: string, entry: PathEntry): Promise<boolean> {
  switch (entry.kind) {
    case 'directory':
      if ((await readMarker(fs, join(path, OUTPUT_MARKER))) !== undefined) return true;
      // An empty directory holds nothing to lose (a torn marker write of a claim leaves only its temporary).
      return (await fs.readdir(path)).every((name) => name === `${OUTPUT_MARKER}.tmp`);
    case 'file':
      return ((await readMarker(fs, sidecarMarkerPath(path)))?.files ?? []).includes(entry.identity);
    case 'other':
      return false;
  }
}

/** Throws `THUND_OUTPUT_NOT_OWNED` unless what is at `path` (if anything) is Þund's. */
export async function assertOwned(fs: SinkFs, path: string, owner: OutputOwner): Promise<PathEntry | undefined> {
  const entry = await fs.entry(path);
  if (entry === undefined || (await isOwned(fs, path, entry))) return entry;
  const found = entry.kind === 'directory'
    ? `a directory Þund did not create (it has no ${OUTPUT_MARKER} marker)`
    : entry.kind === 'file'
      ? 'a file Þund did not write (or that was changed since Þund wrote it)'
      : 'something that is neither a file nor a directory (a symlink?)';
  throw notOwnedError(owner, path, found);
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
 * Removes an output directory if it is Þund's (refuses otherwise): it is
 * first renamed aside, atomically, then deleted, so an interruption leaves
 * either the whole marked directory or a leftover that the next claim removes.
 */
export async function removeOutputDirectory(fs: SinkFs, path: string, owner: OutputOwner): Promise<void> {
  const removed = removalPath(path);
  await fs.remove(removed);
  const entry = await assertOwned(fs, path, owner);
  if (entry === undefined) return;
  await fs.rename(path, removed);
  await fs.remove(removed);
}
