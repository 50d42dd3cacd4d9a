import { basename, dirname, join } from 'node:path';
import { OUTPUT_MARKER, type OutputOwner, markerText, readMarker, sidecarMarkerPath, writeMarker } from './output-marker.js';
import { whenOutputUnlocked, withOutputLock } from './output-lock.js';
import { assertOwned } from './output-ownership.js';
import { type SinkFs, nodeSinkFs } from './sink-fs.js';

/** One replacement of a batch sink's output. */
export interface ReplaceRequest {
  /** The sink's resolved location. */
  readonly location: string;
  /** A partitioned sink writes a directory; any other, one file. */
  readonly kind: 'directory' | 'file';
  /** Who the output belongs to: recorded in the new output's marker and named in a `THUND_OUTPUT_NOT_OWNED` refusal. */
  readonly owner: OutputOwner;
  /** Makes the names of this replacement's temporary siblings unique. */
  readonly runId: string;
  /** Writes the complete new output at `path` (absent before); returns the rows written. */
  readonly write: (path: string) => Promise<number>;
  /** The filesystem to use; default {@link nodeSinkFs}. Tests pass one that injects faults. */
  readonly fs?: SinkFs;
}

/** The record of a replacement in progress: the names of its siblings, written before either exists. */
interface Journal {
  readonly temp: string;
  readonly aside: string;
}

/** `.orders.thund-replace` beside `orders`: present exactly while a replacement is in progress. */
function journalPath(location: string): string {
  return join(dirname(location), `.${basename(location)}.thund-replace`);
}

async function readJournal(fs: SinkFs, location: string): Promise<Journal | undefined> {
  const text = await fs.readText(journalPath(location));
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Journal>;
    // Only names of the form Þund gives its own siblings are ever touched.
    const own = (name: unknown, tag: string): name is string => typeof name === 'string' && name.startsWith(`.${basename(location)}.thund-${tag}-`) && !name.includes('/');
    return own(parsed.temp, 'new') && own(parsed.aside, 'old') ? { temp: parsed.temp, aside: parsed.aside } : { temp: '', aside: '' };
  } catch {
    return { temp: '', aside: '' }; // torn while being written: nothing was created after it yet
  }
}

/**
 * Finishes or undoes a replacement a crash interrupted, from its journal:
 * the old output moved aside with nothing in its place is moved back; with
 * the new output in place, the old one aside is removed; an unfinished new
 * output is removed. Without a journal nothing is touched, and nothing is
 * while another live run holds the output's lock (its journal is not a
 * crash's); a dead run's lock is removed.
 */
export async function recoverOutput(location: string, fs: SinkFs = nodeSinkFs): Promise<void> {
  if ((await fs.entry(dirname(location))) === undefined) return; // nothing was ever written there
  // A journal is a crashed run's only when no live run holds the output: one in progress is left alone.
  await whenOutputUnlocked(location, () => recoverLocked(location, fs));
}

async function recoverLocked(location: string, fs: SinkFs): Promise<void> {
  const journal = await readJournal(fs, location);
  if (journal === undefined) return;
  const parent = dirname(location);
  if (journal.aside !== '') {
    const aside = join(parent, journal.aside);
    if ((await fs.entry(aside)) !== undefined) {
      if ((await fs.entry(location)) === undefined) await fs.rename(aside, location);
      else await fs.remove(aside);
    }
  }
  if (journal.temp !== '') await fs.remove(join(parent, journal.temp));
  await fs.remove(journalPath(location));
}

/**
 * Replaces a sink's output so that, whatever fails and wherever the process
 * dies, the location holds the old complete output or the new complete one:
 *
 * 0. take the output's lock (`THUND_BUSY` while another run replaces it);
 * 1. recover an interrupted earlier replacement; refuse (`THUND_OUTPUT_NOT_OWNED`)
 *    unless what is at the location is Þund's;
 * 2. write a journal naming the two siblings below;
 * 3. write the new output to a hidden temporary sibling and mark it as Þund's
 *    (a `.thund-output` file in a directory, listing the files written; the
 *    file's identity in the sidecar marker of a single file);
 * 4. rename the old output to a hidden aside sibling (a directory cannot be
 *    renamed over; a file is replaced by one atomic rename instead);
 * 5. rename the new output into place — the commit point;
 * 6. remove the old output and the journal.
 *
 * A failure before the commit point moves the old output back and removes
 * the new; after it, leftovers are removed by the next replacement's recovery.
 */
export async function replaceOutput(request: ReplaceRequest): Promise<number> {
  const fs = request.fs ?? nodeSinkFs;
  await fs.mkdir(dirname(request.location));
  return withOutputLock(request.location, request.owner, () => replaceLocked(fs, request));
}

/** The replacement itself, with this run holding the output's lock (so any journal found is a crashed run's). */
async function replaceLocked(fs: SinkFs, request: ReplaceRequest): Promise<number> {
  const { location, owner } = request;
  const parent = dirname(location);
  const name = basename(location);
  await recoverLocked(location, fs);
  const current = await assertOwned(fs, location, owner);
  const journal: Journal = { temp: `.${name}.thund-new-${request.runId}`, aside: `.${name}.thund-old-${request.runId}` };
  const temp = join(parent, journal.temp);
  const aside = join(parent, journal.aside);
  await fs.writeText(journalPath(location), JSON.stringify(journal));

  let rows: number;
  try {
    rows = await request.write(temp);
    if (request.kind === 'directory') {
      await writeMarker(fs, join(temp, OUTPUT_MARKER), markerText(owner, { contents: await fs.list(temp) }));
    } else {
      const written = await fs.entry(temp);
      const kept = current?.kind === 'file' ? [current.identity] : [];
      await writeMarker(fs, sidecarMarkerPath(location), markerText(owner, { files: [...kept, ...(written === undefined ? [] : [written.identity])] }));
    }
  } catch (reason) {
    await abandon(fs, location, temp).catch(() => undefined); // else recovered on the next replacement
    throw reason;
  }

  const moveAside = current !== undefined && !(current.kind === 'file' && request.kind === 'file');
  let movedAside = false;
  try {
    if (moveAside) {
      await fs.rename(location, aside);
      movedAside = true;
    }
    await fs.rename(temp, location);
  } catch (reason) {
    // Put the old output back; if even that fails, the journal lets the next run do it.
    try {
      if (movedAside) await fs.rename(aside, location);
      await abandon(fs, location, temp);
    } catch {
      // recovered on the next replacement
    }
    throw reason;
  }

  try {
    if (movedAside) await fs.remove(aside);
    if (request.kind === 'file') {
      const placed = await fs.entry(location);
      if (placed !== undefined) await writeMarker(fs, sidecarMarkerPath(location), markerText(owner, { files: [placed.identity] }));
    } else if ((await readMarker(fs, sidecarMarkerPath(location))) !== undefined) {
      await fs.remove(sidecarMarkerPath(location)); // the location was a single file before
    }
    await fs.remove(journalPath(location));
  } catch {
    // The new output is in place and complete; the next replacement's recovery removes what is left.
  }
  return rows;
}

/** Removes an unfinished new output, then the journal (kept if the removal fails, for recovery). */
async function abandon(fs: SinkFs, location: string, temp: string): Promise<void> {
  await fs.remove(temp);
  await fs.remove(journalPath(location));
}
