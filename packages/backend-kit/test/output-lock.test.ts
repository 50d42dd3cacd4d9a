import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarker, nodeSinkFs, replaceOutput, sidecarMarkerPath } from '../src/index.js';
import { OWNER, caseDirs } from './support/case-dirs.js';

const fresh = caseDirs('thund-kit-lock-');
const owner = OWNER;

/** Writes a single-file output, pausing until `release` so a second run can try meanwhile. */
function slowFile(text: string, release: Promise<void>) {
  return async (path: string): Promise<number> => {
    await release;
    writeFileSync(path, text);
    return 1;
  };
}

function plantLock(location: string, holder: object): string {
  const lock = join(location, '..', `.${location.split('/').pop()}.thund-lock`);
  // The lock's form: a symbolic link whose target is its holder's JSON, URI-encoded.
  symlinkSync(`thund-lock-holder:${encodeURIComponent(JSON.stringify(holder))}`, lock);
  return lock;
}

describe('replaceOutput holds the output\'s lock', () => {
  it('a second replacement while one is in progress is refused with THUND_BUSY; the output and its marker stay whole', async () => {
    const dir = fresh();
    const location = join(dir, 'out.csv');
    let release = (): void => undefined;
    const first = replaceOutput({ location, kind: 'file', owner, runId: 'r1', write: slowFile('one\n', new Promise((resolve) => { release = resolve; })) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = replaceOutput({ location, kind: 'file', owner, runId: 'r2', write: async (path) => { writeFileSync(path, 'two\n'); return 1; } });
    await expect(second).rejects.toMatchObject({ code: 'THUND_BUSY', message: expect.stringMatching(/another run \(process \d+ on .*\) is replacing it.*remove the lock/) });
    release();
    await expect(first).resolves.toBe(1);
    expect(readFileSync(location, 'utf8')).toBe('one\n');
    // One marker document, which owns the file: the next run replaces it.
    expect(JSON.parse(readFileSync(sidecarMarkerPath(location), 'utf8'))).toMatchObject({ thund: 'output', dataset: 'export' });
    await replaceOutput({ location, kind: 'file', owner, runId: 'r3', write: async (path) => { writeFileSync(path, 'three\n'); return 1; } });
    expect(readFileSync(location, 'utf8')).toBe('three\n');
    expect(readdirSync(dir).sort()).toEqual(['.out.csv.thund-output', 'out.csv']);
  });

  it('breaks the lock of a run that died (its pid is gone) and replaces the output', async () => {
    const dir = fresh();
    const location = join(dir, 'out.csv');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    plantLock(location, { pid: Number(dead.stdout), host: hostname(), since: new Date().toISOString() });
    await replaceOutput({ location, kind: 'file', owner, runId: 'r1', write: async (path) => { writeFileSync(path, 'x\n'); return 1; } });
    expect(readFileSync(location, 'utf8')).toBe('x\n');
    expect((await readMarker(nodeSinkFs, sidecarMarkerPath(location)))?.files).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(['.out.csv.thund-output', 'out.csv']);
  });

  it('keeps the lock of a live process, and of a process on another host, and says how to clear it', async () => {
    const dir = fresh();
    const location = join(dir, 'out.csv');
    const live: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const lock = plantLock(location, { pid: live.pid, host: hostname(), since: '2026-12-07T00:00:00.000Z' });
      const write = async (path: string): Promise<number> => { writeFileSync(path, 'x\n'); return 1; };
      await expect(replaceOutput({ location, kind: 'file', owner, runId: 'r1', write })).rejects.toMatchObject({ code: 'THUND_BUSY', message: expect.stringContaining(lock) });
      rmSync(lock, { recursive: true });
      plantLock(location, { pid: 1, host: 'elsewhere.example', since: '2026-12-07T00:00:00.000Z' });
      await expect(replaceOutput({ location, kind: 'file', owner, runId: 'r2', write })).rejects.toMatchObject({ code: 'THUND_BUSY', message: expect.stringContaining('on elsewhere.example') });
    } finally {
      live.kill();
    }
  });
});
