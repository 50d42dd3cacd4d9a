import { rename, rm, stat } from 'node:fs/promises';

/** The three paths of one output replacement. */
export interface OutputSwap {
  /** Where the output lives. */
  readonly location: string;
  /** The new output, complete, beside it. */
  readonly staged: string;
  /** Where the old output waits while the new one moves in. */
  readonly aside: string;
}

/**
 * Moves a complete staged output into place: the old one is renamed aside,
 * the new one renamed in, then the old one removed. If moving the new one
 * in fails, the old one is renamed back: the location holds the old output
 * or the new one, whole, never neither. (Spark writes the staged output;
 * this runs on the client, which shares the sink's file system with the
 * server, as every path of the Spark backend already assumes.)
 */
export async function replaceOutput(swap: OutputSwap): Promise<void> {
  const hadOld = await exists(swap.location);
  if (hadOld) await rename(swap.location, swap.aside);
  try {
    await rename(swap.staged, swap.location);
  } catch (reason) {
    if (hadOld) await rename(swap.aside, swap.location);
    throw reason;
  }
  if (hadOld) await rm(swap.aside, { recursive: true, force: true });
}

/** Removes a staged output that will not be used (it is this run's own). */
export async function discardStaged(swap: OutputSwap): Promise<void> {
  await rm(swap.staged, { recursive: true, force: true });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
