import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type ElementRef, ThundError, ThundErrorCode } from '@thund/ir';
import type { SourceBatch, StreamSource } from './stream-source.js';

/** Names a directory source never reads: hidden files, `_SUCCESS`-style markers, files being written. */
function ignored(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || name.endsWith('.tmp') || name.endsWith('.crc');
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

function globPattern(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*').replaceAll('?', '[^/]');
  return new RegExp(`^${body}$`);
}

/**
 * A growing directory (or `dir/*.csv` glob, or one file): each file is
 * read once, in name order (files that appear while a backlog is being
 * taken come after it). Files should appear atomically (written
 * elsewhere, then renamed in); hidden, `_`-prefixed and `.tmp` files are
 * skipped.
 */
export class DirectorySource implements StreamSource {
  readonly ended = false;
  readonly #directory: string;
  readonly #pattern: RegExp | undefined;
  readonly #singleFile: string | undefined;
  readonly #seen: Set<string>;
  /** The last listing's new files, in name order; those before `#next` are committed. */
  #pending: string[] = [];
  #next = 0;

  private constructor(directory: string, pattern: RegExp | undefined, singleFile: string | undefined, seen: Set<string>) {
    this.#directory = directory;
    this.#pattern = pattern;
    this.#singleFile = singleFile;
    this.#seen = seen;
  }

  /** `path` is absolute; `seen` holds the files committed epochs read. */
  static async open(path: string, seen: Set<string>, element: ElementRef): Promise<DirectorySource> {
    const name = basename(path);
    if (/[*?]/.test(name)) return new DirectorySource(dirname(path), globPattern(name), undefined, seen);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) {
      throw new ThundError(ThundErrorCode.Source, `streaming source "${path}" does not exist: create the directory (it may start empty) before the run`, { backend: 'native', element });
    }
    return info.isDirectory() ? new DirectorySource(path, undefined, undefined, seen) : new DirectorySource(dirname(path), undefined, path, seen);
  }

  async next(limit: number): Promise<SourceBatch | undefined> {
    // The directory is listed again only once every file of the last listing was handed out and committed:
    // a backlog taken in many small epochs is listed once, not once per epoch. Files taken from an older
    // listing are checked to still exist; if one was removed meanwhile, the directory is listed afresh.
    for (;;) {
      const listed = this.#next >= this.#pending.length;
      if (listed) {
        this.#pending = (await this.#list()).filter((f) => !this.#seen.has(f));
        this.#next = 0;
      }
      if (this.#pending.length === 0) return undefined;
      const files = this.#pending.slice(this.#next, Number.isFinite(limit) ? this.#next + limit : undefined);
      if (listed || (await Promise.all(files.map(exists))).every(Boolean)) return { files, seen: files, memoryItems: 0 };
      this.#pending = [];
      this.#next = 0;
    }
  }

  following(batch: SourceBatch, limit: number): SourceBatch | undefined {
    if (this.#pending[this.#next] !== batch.files[0]) return undefined;
    const from = this.#next + batch.files.length;
    const files = this.#pending.slice(from, Number.isFinite(limit) ? from + limit : undefined);
    return files.length === 0 ? undefined : { files, seen: files, memoryItems: 0 };
  }

  async committed(batch: SourceBatch): Promise<void> {
    for (const file of batch.seen) this.#seen.add(file);
    while (this.#next < this.#pending.length && this.#seen.has(this.#pending[this.#next] as string)) this.#next += 1;
  }

  async close(): Promise<void> {}

  async #list(): Promise<string[]> {
    if (this.#singleFile !== undefined) return [this.#singleFile];
    const entries = await readdir(this.#directory, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !ignored(e.name) && (this.#pattern === undefined || this.#pattern.test(e.name)))
      .map((e) => join(this.#directory, e.name))
      .sort();
  }
}
