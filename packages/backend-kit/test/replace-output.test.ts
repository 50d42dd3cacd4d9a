import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_MARKER, type SinkFs, nodeSinkFs, replaceOutput } from '../src/index.js';
import { OWNER, caseDirs } from './support/case-dirs.js';

const fresh = caseDirs('thund-kit-');
const owner = OWNER;
/** Writes a directory output holding one file with `text`. */
const writeDir = (text: string) => async (path: string): Promise<number> => {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'part-0.txt'), text);
  return 1;
};

describe('replaceOutput', () => {
  it('creates a marked output, then replaces it whole, leaving nothing beside it', async () => {
    const dir = fresh();
    const location = join(dir, 'out');
    await replaceOutput({ location, kind: 'directory', owner, runId: 'r1', write: writeDir('one') });
    expect(readdirSync(location).sort()).toEqual([OUTPUT_MARKER, 'part-0.txt']);
    await replaceOutput({ location, kind: 'directory', owner, runId: 'r2', write: writeDir('two') });
    expect(readFileSync(join(location, 'part-0.txt'), 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('refuses a directory it did not create (THUND_OUTPUT_NOT_OWNED, naming the backend) and leaves it as it was', async () => {
    const dir = fresh();
    const location = join(dir, 'mine');
    mkdirSync(location);
    writeFileSync(join(location, 'notes.txt'), 'keep me');
    await expect(replaceOutput({ location, kind: 'directory', owner, runId: 'r1', write: writeDir('x') }))
      .rejects.toMatchObject({ code: 'THUND_OUTPUT_NOT_OWNED', message: expect.stringContaining('backend "test"') });
    expect(readdirSync(location)).toEqual(['notes.txt']);
    expect(readdirSync(dir)).toEqual(['mine']);
  });

  it('when moving the new output in fails, the old one is back in place, whole', async () => {
    const dir = fresh();
    const location = join(dir, 'out');
    await replaceOutput({ location, kind: 'directory', owner, runId: 'r1', write: writeDir('one') });
    const failing: SinkFs = {
      ...nodeSinkFs,
      async rename(from, to) {
        if (to === location && from.includes('thund-new')) throw Object.assign(new Error('EACCES: injected'), { code: 'EACCES' });
        await nodeSinkFs.rename(from, to);
      },
    };
    await expect(replaceOutput({ location, kind: 'directory', owner, runId: 'r2', write: writeDir('two'), fs: failing })).rejects.toThrow(/injected/);
    expect(readFileSync(join(location, 'part-0.txt'), 'utf8')).toBe('one');
    expect(readdirSync(dir)).toEqual(['out']);
  });
});
