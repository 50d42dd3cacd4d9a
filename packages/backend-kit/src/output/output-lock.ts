import { readFileSync } from 'node:fs';
import { lstat, readlink, rename, rm, symlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ThundError, ThundErrorCode } from '@thund/ir';
import type { OutputOwner } from './output-marker.js';

/** Who holds a lock: written into it when it is taken. */
interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** The holder process's start time (Linux: `/proc/<pid>/stat`), so a reused pid is not taken for the holder. */
  readonly started?: string;
  readonly since: string;
}

/** `.orders.csv.thund-lock` beside `orders.csv`: a symbolic link naming its holder, present while a run replaces that output. */
export function outputLockPath(location: string): string {
  return join(dirname(location), `.${basename(location)}.thund-lock`);
}

/**
 * Runs `work` while holding the output's lock, so two runs never replace
 * one output at once (their journals, staging and markers would
 * interleave: a marker holding two documents, one run's recovery removing
 * the other's new output). The lock is a symbolic link whose target
 * names its holder: made in one atomic step, so a run killed at any
 * instant leaves either no lock or one that says who held it (a
 * directory and a holder file were two steps, and a kill between them
 * left a lock naming no one). A lock whose holder is a dead process on this host
 * (a run killed mid-replace) is broken and taken. A live holder's lock
 * refuses this run with `THUND_BUSY` at once: waiting would only write
 * the same output twice.
 */
export async function withOutputLock<T>(location: string, owner: OutputOwner, work: () => Promise<T>): Promise<T> {
  const lock = outputLockPath(location);
  const busy = await takeLock(lock);
  if (busy !== undefined) throw busyError(lock, owner, location, busy.holder);
  return holding(lock, work);
}

/** Like {@link withOutputLock}, but while another live run holds the lock, `work` is not run and `undefined` is returned. */
export async function whenOutputUnlocked<T>(location: string, work: () => Promise<T>): Promise<T | undefined> {
  const lock = outputLockPath(location);
  if ((await takeLock(lock)) !== undefined) return undefined;
  return holding(lock, work);
}

async function holding<T>(lock: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await rm(lock, { force: true }).catch(() => undefined);
  }
}

/** The link's target: the holder as URI-encoded JSON (no `/`, so it is one path component that points nowhere). */
const LINK_PREFIX = 'thund-lock-holder:';

/** Takes the lock (breaking a dead holder's); returns who holds it when a live run does. */
async function takeLock(lock: string): Promise<{ readonly holder: LockHolder | undefined } | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      await symlink(LINK_PREFIX + encodeURIComponent(JSON.stringify(currentHolder())), lock);
      return undefined;
    } catch (reason) {
      if ((reason as NodeJS.ErrnoException).code !== 'EEXIST') throw reason;
    }
    const holder = await readHolder(lock);
    if (attempt === 0 && (holder === undefined ? await abandonedEmpty(lock) : isDead(holder))) {
      // Moved aside first: of two runs breaking the same dead lock, one rename wins and the other finds nothing to move.
      const aside = `${lock}-stale-${process.pid}-${Date.now()}`;
      if (await rename(lock, aside).then(() => true, () => false)) await rm(aside, { recursive: true, force: true });
      continue;
    }
    return { holder };
  }
}

function busyError(lock: string, owner: OutputOwner, location: string, holder: LockHolder | undefined): ThundError {
  const who = holder === undefined ? 'another run' : `another run (process ${holder.pid} on ${holder.host}, since ${holder.since})`;
  return new ThundError(
    ThundErrorCode.Busy,
    `sink "${owner.dataset}" cannot write ${location}: ${who} is replacing it; one run at a time writes an output. Run again when that run has finished; if no run is writing it, remove the lock ${lock}`,
    { ...(owner.backend === undefined ? {} : { backend: owner.backend }), element: { kind: 'dataset', name: owner.dataset } },
  );
}

async function readHolder(lock: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(decodeURIComponent((await readlink(lock)).slice(LINK_PREFIX.length))) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.since !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, since: parsed.since, ...(typeof parsed.started === 'string' ? { started: parsed.started } : {}) };
  } catch {
    // Gone this instant, or not a link Þund made: a live holder is the safe guess.
    return undefined;
  }
}

/** A lock naming no holder, a minute after it was made (a development build's directory lock): no run holds it. */
async function abandonedEmpty(lock: string): Promise<boolean> {
  const made = await lstat(lock).then((s) => s.mtimeMs, () => undefined);
  return made !== undefined && Date.now() - made > 60_000;
}

function currentHolder(): LockHolder {
  const started = processStart(process.pid);
  return { pid: process.pid, host: hostname(), since: new Date().toISOString(), ...(started === undefined ? {} : { started }) };
}

/** Whether the holder is gone: only judged on this host, by its pid and (where known) its start time. */
function isDead(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (reason) {
    return (reason as NodeJS.ErrnoException).code === 'ESRCH';
  }
  return holder.started !== undefined && processStart(holder.pid) !== holder.started;
}

/** A process's start time in clock ticks since boot (field 22 of `/proc/<pid>/stat`); undefined where there is no /proc. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
