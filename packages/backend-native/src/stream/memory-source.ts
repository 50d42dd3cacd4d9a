import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ElementRef, ThundError, ThundErrorCode } from '@thund/ir';
import { type MemoryBatch, memoryBatchRows } from './memory-rows.js';
import type { SourceBatch, StreamSource } from './stream-source.js';

/**
 * An in-memory async iterable as a streaming source. Items are pulled in
 * the background; each one taken by a micro-batch is staged as a JSON
 * lines file under the storage root (so DuckDB reads it like any file) and
 * removed once its epoch committed. The first `skip` items (already
 * committed by an earlier run) are discarded.
 */
export class MemorySource implements StreamSource {
  readonly #directory: string;
  readonly #element: ElementRef;
  readonly #queue: MemoryBatch[] = [];
  #consumed: number;
  #done = false;
  #failure: unknown;
  #wake: (() => void) | undefined;
  readonly #iterator: AsyncIterator<MemoryBatch>;

  constructor(iterable: AsyncIterable<MemoryBatch>, skip: number, stagingDirectory: string, element: ElementRef) {
    this.#directory = stagingDirectory;
    this.#element = element;
    this.#consumed = skip;
    this.#iterator = iterable[Symbol.asyncIterator]();
    void this.#pump(skip);
  }

  get ended(): boolean {
    return this.#done && this.#queue.length === 0;
  }

  async next(limit: number, wait: boolean, signal?: AbortSignal): Promise<SourceBatch | undefined> {
    while (wait && this.#queue.length === 0 && !this.#done && signal?.aborted !== true) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    if (this.#failure !== undefined) {
      throw ThundError.from(this.#failure, ThundErrorCode.Source, { backend: 'native', element: this.#element });
    }
    if (this.#queue.length === 0) return undefined;
    const items = this.#queue.splice(0, Number.isFinite(limit) ? limit : this.#queue.length);
    await mkdir(this.#directory, { recursive: true });
    const files: string[] = [];
    for (const [i, item] of items.entries()) {
      const rows = memoryBatchRows(item);
      if (rows.length === 0) continue;
      const file = join(this.#directory, `item-${String(this.#consumed + i).padStart(10, '0')}.json`);
      await writeFile(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
      files.push(file);
    }
    this.#consumed += items.length;
    return { files, format: 'json', seen: [], memoryItems: this.#consumed };
  }

  async committed(batch: SourceBatch): Promise<void> {
    await Promise.all(batch.files.map((f) => rm(f, { force: true })));
  }

  /** Stops pulling. The iterator is told to return without waiting: a generator suspended in an `await` would block the run's end. */
  async close(): Promise<void> {
    this.#done = true;
    this.#iterator.return?.().catch(() => undefined);
  }

  async #pump(skip: number): Promise<void> {
    let skipped = 0;
    try {
      for (;;) {
        const step = await this.#iterator.next();
        if (step.done === true || this.#done) break;
        if (skipped < skip) skipped += 1;
        else this.#queue.push(step.value);
        this.#notify();
      }
    } catch (reason) {
      this.#failure = reason;
    }
    this.#done = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
