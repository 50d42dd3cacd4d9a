import { readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverOutput, replaceOutput, type SinkFs } from '@thund/backend-kit';
import { useTempDirs } from '../support/helpers.js';
import { type FsCall, faultFs, fsError } from './support/fault-fs.js';
import { whichGeneration, writeGeneration } from './support/generations.js';

/**
 * Faults injected through the sink writer's fs seam while a partitioned
 * output of generation 1 is replaced by generation 2. After each, the
 * location holds exactly generation 1 or generation 2, complete (after the
 * recovery the next run does, where the fault left a replacement half
 * done); then a third replacement succeeds and leaves no leftovers.
 */
/** One failing call: the `nth` call (from 0) matching `when`, and with `sticky` every later one too. */
interface Injection {
  readonly when: (call: FsCall) => boolean;
  readonly nth?: number;
  readonly sticky?: boolean;
  readonly error: NodeJS.ErrnoException;
}

interface Fault {
  readonly name: string;
  readonly inject: readonly Injection[];
  /** The generation the location holds once recovered: the old (1) or the new (2). */
  readonly outcome: 1 | 2;
  /** Whether the replacement itself reports the failure. */
  readonly fails: boolean;
  /** Whether the state right after the fault needs the next run's recovery to be a complete generation. */
  readonly needsRecovery?: boolean;
}

const named = (call: FsCall, i: number, pattern: RegExp): boolean => pattern.test(basename(call.paths[i] ?? ''));
const writing = (pattern: RegExp) => (c: FsCall): boolean => c.op === 'writeText' && named(c, 0, pattern);
const partitionFile = (c: FsCall): boolean => c.op === 'writeText' && c.paths[0]?.includes('.thund-new-') === true && named(c, 0, /^data_0\.csv$/);
const renaming = (from: RegExp, to: RegExp = /./) => (c: FsCall): boolean => c.op === 'rename' && named(c, 0, from) && named(c, 1, to);
const removing = (pattern: RegExp) => (c: FsCall): boolean => c.op === 'remove' && named(c, 0, pattern);
const NEW = /^\.out\.thund-new-r2$/;
const OLD = /^\.out\.thund-old-r2$/;

const FAULTS: readonly Fault[] = [
  { name: 'ENOSPC writing the first partition file of the new output', inject: [{ when: partitionFile, error: fsError('ENOSPC', 'disk full') }], outcome: 1, fails: true },
  { name: 'ENOSPC writing the third partition file of the new output', inject: [{ when: partitionFile, nth: 2, error: fsError('ENOSPC', 'disk full') }], outcome: 1, fails: true },
  { name: 'EIO writing the last partition file of the new output', inject: [{ when: partitionFile, nth: 3, error: fsError('EIO', 'i/o error') }], outcome: 1, fails: true },
  { name: 'EIO creating a partition directory of the new output', inject: [{ when: (c) => c.op === 'mkdir' && c.paths[0]?.includes('.thund-new-') === true, nth: 1, error: fsError('EIO', 'i/o error') }], outcome: 1, fails: true },
  { name: 'ENOSPC writing the replacement journal', inject: [{ when: writing(/\.thund-replace$/), error: fsError('ENOSPC', 'disk full') }], outcome: 1, fails: true },
  { name: 'ENOSPC writing the marker of the new output', inject: [{ when: writing(/^\.thund-output\.tmp$/), error: fsError('ENOSPC', 'disk full') }], outcome: 1, fails: true },
  { name: 'EIO renaming the marker of the new output into place', inject: [{ when: renaming(/^\.thund-output\.tmp$/), error: fsError('EIO', 'i/o error') }], outcome: 1, fails: true },
  { name: 'EACCES renaming the old output aside', inject: [{ when: renaming(/^out$/, OLD), error: fsError('EACCES', 'permission denied') }], outcome: 1, fails: true },
  { name: 'EXDEV renaming the new output into place (the old one is moved back)', inject: [{ when: renaming(NEW), error: fsError('EXDEV', 'cross-device link') }], outcome: 1, fails: true },
  {
    name: 'EIO renaming the new output into place, and EIO again moving the old one back',
    inject: [{ when: renaming(NEW), error: fsError('EIO', 'i/o error') }, { when: renaming(OLD), sticky: true, error: fsError('EIO', 'i/o error, again') }],
    outcome: 1, fails: true, needsRecovery: true,
  },
  {
    name: 'ENOSPC writing the new output, then EIO removing the unfinished new output',
    inject: [{ when: partitionFile, nth: 1, error: fsError('ENOSPC', 'disk full') }, { when: removing(NEW), sticky: true, error: fsError('EIO', 'i/o error') }],
    outcome: 1, fails: true,
  },
  { name: 'EBUSY removing the old output after the new one is in place', inject: [{ when: removing(OLD), error: fsError('EBUSY', 'resource busy') }], outcome: 2, fails: false },
  { name: 'EIO removing the journal after the new output is in place', inject: [{ when: removing(/\.thund-replace$/), error: fsError('EIO', 'i/o error') }], outcome: 2, fails: false },
];

/** A SinkFs over node's that fails the calls the injections name. */
function failing(inject: readonly Injection[]): SinkFs {
  const seen = inject.map(() => 0);
  return faultFs((call) => {
    inject.forEach((injection, i) => {
      if (!injection.when(call)) return;
      const nth = injection.nth ?? 0;
      const count = seen[i] ?? 0;
      seen[i] = count + 1;
      if (count === nth || (injection.sticky === true && count > nth)) throw injection.error;
    });
  }).fs;
}

describe('partitioned sink replace under injected fs faults', () => {
  const tempDir = useTempDirs();

  async function setup(): Promise<{ dir: string; location: string; replace: (gen: number, runId: string, fs?: SinkFs) => Promise<number> }> {
    const dir = await tempDir();
    const location = join(dir, 'out');
    const replace = (gen: number, runId: string, fs = faultFs().fs): Promise<number> =>
      replaceOutput({ location, kind: 'directory', owner: { pipeline: 'p', dataset: 'out' }, runId, fs, write: (path) => writeGeneration(fs, path, gen) });
    await replace(1, 'r1');
    expect(await whichGeneration(location, [1])).toBe(1);
    return { dir, location, replace };
  }

  it.each(FAULTS.map((f, i) => [i + 1, f.name, f] as const))('fault %i: %s', async (_n, _name, fault) => {
    const { dir, location, replace } = await setup();
    const attempt = replace(2, 'r2', failing(fault.inject));
    if (fault.fails) await expect(attempt).rejects.toThrow(fault.inject[0]?.error.message ?? '');
    else await expect(attempt).resolves.toBe(16);
    if (fault.needsRecovery === true) {
      expect(await whichGeneration(location, [1, 2])).toBe('nothing at the location');
      await recoverOutput(location);
    }
    expect(await whichGeneration(location, [1, 2])).toBe(fault.outcome);
    // The next run recovers what the fault left and replaces again, leaving only its output.
    await recoverOutput(location);
    expect(await whichGeneration(location, [1, 2])).toBe(fault.outcome);
    await replace(3, 'r3');
    expect(await whichGeneration(location, [3])).toBe(3);
    expect(await readdir(dir)).toEqual(['out']);
  });

  it('fault 14: ENOSPC writing the new output of a first run leaves nothing at the location and no leftovers', async () => {
    const dir = await tempDir();
    const location = join(dir, 'out');
    const fs = failing([{ when: partitionFile, nth: 1, error: fsError('ENOSPC', 'disk full') }]);
    await expect(replaceOutput({ location, kind: 'directory', owner: { dataset: 'out' }, runId: 'r1', fs, write: (path) => writeGeneration(fs, path, 1) })).rejects.toThrow('ENOSPC');
    expect(await readdir(dir)).toEqual([]);
  });

  it('faults 15–16: a single-file sink keeps its old file, still recognised as Þund\'s, after EIO renaming the new file into place or ENOSPC writing its sidecar marker', async () => {
    for (const fault of [
      { when: renaming(/^\.out\.csv\.thund-new-r2$/), error: fsError('EIO', 'i/o error') },
      { when: writing(/^\.out\.csv\.thund-output\.tmp$/), error: fsError('ENOSPC', 'disk full') },
    ]) {
      const dir = await tempDir();
      const location = join(dir, 'out.csv');
      const replace = (text: string, runId: string, fs: SinkFs = faultFs().fs): Promise<number> =>
        replaceOutput({ location, kind: 'file', owner: { dataset: 'out' }, runId, fs, write: async (path) => { await writeFile(path, text); return 1; } });
      await replace('x\nold\n', 'r1');
      await expect(replace('x\nnew\n', 'r2', failing([fault]))).rejects.toThrow(fault.error.message);
      expect(await readFile(location, 'utf8')).toBe('x\nold\n');
      expect(await readdir(dir).then((names) => names.filter((n) => !n.endsWith('.tmp')).sort())).toEqual(['.out.csv.thund-output', 'out.csv']);
      await replace('x\nthird\n', 'r3');
      expect(await readFile(location, 'utf8')).toBe('x\nthird\n');
      expect(await readdir(dir).then((names) => names.filter((n) => !n.endsWith('.tmp')).sort())).toEqual(['.out.csv.thund-output', 'out.csv']);
    }
  });
});
