import type { RunEvent, RunHandle, RunResult } from '@thund/ir';

/**
 * A run that starts when its events are first iterated: `thund view --live`
 * hands it to the viewer, so no data moves unless the viewer could listen.
 * Cancelled before it started, it never starts.
 */
export class LazyRun implements AsyncIterable<RunEvent> {
  readonly #start: () => RunHandle;
  #handle: RunHandle | undefined;
  #cancelled = false;

  constructor(start: () => RunHandle) {
    this.#start = start;
  }

  [Symbol.asyncIterator](): AsyncIterator<RunEvent> {
    if (this.#handle === undefined && !this.#cancelled) this.#handle = this.#start();
    if (this.#handle === undefined) return noEvents();
    return this.#handle[Symbol.asyncIterator]();
  }

  /** The run's outcome, or undefined if it never started. Never rejects. */
  get result(): Promise<RunResult> | undefined {
    return this.#handle?.result;
  }

  /** Cancels the run (or keeps it from starting); resolves when it has ended. */
  async cancel(): Promise<void> {
    this.#cancelled = true;
    await this.#handle?.cancel();
  }
}

async function* noEvents(): AsyncGenerator<RunEvent> {
  // A run cancelled before it started has no events.
}
