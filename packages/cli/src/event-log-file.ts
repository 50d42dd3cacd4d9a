import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { type JsonObject, type RunEvent, ThundError, ThundErrorCode, runEventFromJson, runEventToJson } from '@thund/ir';
import { fileErrorReason } from './file-error-reason.js';

/**
 * The `--events` log of `thund run`: one JSON line per event, in the wire
 * form `thund events` and `thund view --events` read. The file is opened
 * before the run starts, so a bad path is reported before any data moves.
 */
export class EventLogFile {
  readonly #path: string;
  readonly #stream: WriteStream;
  #error: unknown;

  private constructor(path: string, stream: WriteStream) {
    this.#path = path;
    this.#stream = stream;
    stream.on('error', (error) => (this.#error ??= error));
  }

  /**
   * Creates the log, or replaces an earlier event log. A path that cannot be
   * written, or an existing file that is not an event log (the pipeline
   * itself, a data file: a typo must not destroy it), is a THUND_SOURCE error
   * saying why.
   */
  static async create(path: string): Promise<EventLogFile> {
    if (!(await replaceable(path))) {
      throw new ThundError(ThundErrorCode.Source, `refusing to overwrite ${path} with the event log: it holds something other than run events; pass --events a new file name (or an earlier event log)`);
    }
    try {
      const handle = await open(path, 'w');
      return new EventLogFile(path, handle.createWriteStream());
    } catch (error) {
      throw new ThundError(ThundErrorCode.Source, `cannot write the event log ${path}: ${fileErrorReason(error)}; pass --events a file path in an existing, writable directory`, { cause: error });
    }
  }

  write(event: RunEvent): void {
    if (this.#error === undefined) this.#stream.write(`${JSON.stringify(runEventToJson(event))}\n`);
  }

  /** Flushes and closes the log; a write that failed on the way is reported here. */
  async close(): Promise<void> {
    if (!this.#stream.closed) {
      this.#stream.end();
      await once(this.#stream, 'close').catch(() => undefined);
    }
    if (this.#error !== undefined) {
      throw new ThundError(ThundErrorCode.Source, `writing the event log ${this.#path} failed: ${fileErrorReason(this.#error)}; the log is incomplete`, { cause: this.#error });
    }
  }
}

/** Whether `path` is absent, empty, not a regular file (open reports why), or starts with a run event. */
async function replaceable(path: string): Promise<boolean> {
  let head: string;
  try {
    const handle = await open(path, 'r');
    try {
      if (!(await handle.stat()).isFile()) return true;
      const buffer = Buffer.alloc(65_536);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return true;
  }
  const first = head.split('\n').find((line) => line.trim() !== '');
  if (first === undefined) return true;
  try {
    const json: unknown = JSON.parse(first);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
    runEventFromJson(json as JsonObject);
    return true;
  } catch {
    return false;
  }
}
