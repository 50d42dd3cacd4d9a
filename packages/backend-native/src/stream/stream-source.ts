import type { FileFormat } from '@thund/ir';

/** What one micro-batch takes from a streaming source. */
export interface SourceBatch {
  /** Files the micro-batch reads (new files of a directory, or staged in-memory items). */
  readonly files: readonly string[];
  /** Set when the files are in another format than the `read_files` node says (staged in-memory rows). */
  readonly format?: FileFormat;
  /** Offsets to commit: file paths read, for a directory source. */
  readonly seen: readonly string[];
  /** Offsets to commit: in-memory items (or, for a table source, rows) consumed in total after this batch. */
  readonly memoryItems: number;
  /** For a table source: the rows (by rowid) the micro-batch reads. */
  readonly rows?: { readonly from: number; readonly to: number };
}

/**
 * A streaming source: a growing directory, an in-memory iterable, or an
 * append-only table of the pipeline. It
 * hands out batches of not yet committed input; `committed` tells it a
 * batch's epoch committed, so it is never handed out again.
 */
export interface StreamSource {
  /**
   * Input that is available now, at most `limit` files or items;
   * `undefined` when there is none. With `wait`, an in-memory source waits
   * for its next item or its end (a directory never waits), or until `signal` aborts.
   */
  next(limit: number, wait: boolean, signal?: AbortSignal): Promise<SourceBatch | undefined>;
  /** True once an in-memory source has ended and everything was handed out; never for directories. */
  readonly ended: boolean;
  /**
   * The batch of at most `limit` files that `next` will hand out once
   * `batch` (the one handed out last) commits, if the source knows it
   * without I/O (the rest of a directory's backlog); `undefined` otherwise.
   * `next` may still hand out another.
   */
  following?(batch: SourceBatch, limit: number): SourceBatch | undefined;
  committed(batch: SourceBatch): Promise<void>;
  close(): Promise<void>;
}
