import type { RunEvent } from '@thund/ir';

/** An async iterable of events that a test pushes into, like a live RunHandle. */
export class EventFeed implements AsyncIterable<RunEvent> {
  readonly #queue: RunEvent[] = [];
  #wake: (() => void) | undefined;
  #ended = false;

  push(event: RunEvent): void {
    this.#queue.push(event);
    this.#wake?.();
  }

  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RunEvent> {
    for (;;) {
      while (this.#queue.length > 0) yield this.#queue.shift() as RunEvent;
      if (this.#ended) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}

export function flowEvent(runId: string, name: string, phase: RunEvent['phase'], details?: RunEvent['details']): RunEvent {
  return {
    timestamp: new Date().toISOString(), runId, element: { kind: 'flow', name }, level: phase === 'failed' ? 'error' : 'info',
    message: `flow ${name} ${phase}`, ...(phase === undefined ? {} : { phase }), ...(details === undefined ? {} : { details }),
  };
}
