import { lstat, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What is at a path, without following a symlink. */
export interface PathEntry {
  /** A regular file, a directory, or anything else (a symlink, a socket, …). */
  readonly kind: 'file' | 'directory' | 'other';
  /** `dev:ino:size:mtimeNs`: survives a rename, changes when the file is rewritten or replaced. */
  readonly identity: string;
}

/**
 * The filesystem operations sink outputs are written, replaced and removed
 * with. Production code uses `nodeSinkFs`; tests pass their own to inject
 * faults (a failing rename, ENOSPC on a write) without mocking modules.
 */
export interface SinkFs {
  /** Creates a directory and its parents; no error when it exists. */
  mkdir(path: string): Promise<void>;
  /** The names in a directory (`[]` when it does not exist). */
  readdir(path: string): Promise<string[]>;
  /** Every file (anything but a directory) under a directory, as paths relative to it with `/` separators. */
  list(path: string): Promise<string[]>;
  /** A file's text, or undefined when it does not exist. */
  readText(path: string): Promise<string | undefined>;
  /** Writes `text` to a file, creating or truncating it (not atomic: see `writeMarker`). */
  writeText(path: string, text: string): Promise<void>;
  /** Renames a file or directory; a file already at `to` is replaced atomically (a non-empty directory is not). */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file or a directory tree; no error when it does not exist. */
  remove(path: string): Promise<void>;
  /** What is at `path`, or undefined when nothing is. */
  entry(path: string): Promise<PathEntry | undefined>;
}

const isMissing = (reason: unknown): boolean => (reason as { code?: unknown } | null)?.code === 'ENOENT';

/** The {@link SinkFs} on the real filesystem, over `node:fs/promises`. */
export const nodeSinkFs: SinkFs = {
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  async readdir(path) {
    try {
      return await readdir(path);
    } catch (reason) {
      if (isMissing(reason)) return [];
      throw reason;
    }
  },
  async list(path) {
    const entries = await readdir(path, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => relative(path, join(e.parentPath, e.name)).split('\\').join('/')).sort();
  },
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (reason) {
      if (isMissing(reason)) return undefined;
      throw reason;
    }
  },
  async writeText(path, text) {
    await writeFile(path, text);
  },
  async rename(from, to) {
    await rename(from, to);
  },
  async remove(path) {
    await rm(path, { recursive: true, force: true });
  },
  async entry(path) {
    try {
      const stats = await lstat(path, { bigint: true });
      const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
      return { kind, identity: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}` };
    } catch (reason) {
      if (isMissing(reason)) return undefined;
      throw reason;
    }
  },
};
