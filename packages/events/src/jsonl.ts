import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type JsonObject, type RunEvent, ThundError, ThundErrorCode, runEventFromJson, runEventToJson } from '@thund/ir';

/** Writes events as JSON lines (the snake_case wire form), one per line. */
export class JsonlEventWriter {
  readonly #stream;

  constructor(path: string) {
    this.#stream = createWriteStream(path, { flags: 'w' });
  }

  /** Queues one event as a line; it is buffered, so it is on disk only once {@link JsonlEventWriter.close} resolves. */
  write(event: RunEvent): void {
    this.#stream.write(`${JSON.stringify(runEventToJson(event))}\n`);
  }

  /** Flushes the written events and closes the file; resolves once it is closed. */
  async close(): Promise<void> {
    this.#stream.end();
    await once(this.#stream, 'close');
  }
}

/**
 * Reads an event log. A malformed line is an error naming its line number;
 * blank lines are skipped.
 */
export async function* readJsonlEvents(path: string): AsyncGenerator<RunEvent> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  try {
    await opened;
  } catch (error) {
    throw new ThundError(ThundErrorCode.Source, `cannot read event log ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  let line = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ThundError(ThundErrorCode.Validation, `${path}:${line} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new ThundError(ThundErrorCode.Validation, `${path}:${line} is not a JSON object`);
    }
    try {
      yield runEventFromJson(json as JsonObject);
    } catch (error) {
      throw new ThundError(ThundErrorCode.Validation, `${path}:${line}: ${(error as ThundError).rawMessage ?? String(error)}`);
    }
  }
}
