import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { type RunEvent, ThundError, ThundErrorCode, runEventToJson } from '@thund/ir';
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

  /** Creates (or truncates) the log; a path that cannot be written is a THUND_SOURCE error saying why. */
  static async create(path: string): Promise<EventLogFile> {
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
