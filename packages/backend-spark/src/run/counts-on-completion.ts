import { type FlowCounts, UNCOUNTED } from './flow-counts.js';

/**
 * Counts each flow as soon as Spark reports it completed, while the rest
 * of the graph still runs, and emits its completed event then. The count
 * queries read what the flow read (Spark reports no per-flow metrics to a
 * client), so started here they overlap the flows after it instead of
 * following the whole run.
 */
export class CountsOnCompletion {
  readonly #count: (flow: string) => Promise<FlowCounts>;
  readonly #complete: (flow: string, counts: FlowCounts) => void;
  readonly #started = new Set<string>();
  /** The last completed event in line: events follow the order Spark completed the flows (upstream first), whichever count is in first. */
  #emitted: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(count: (flow: string) => Promise<FlowCounts>, complete: (flow: string, counts: FlowCounts) => void) {
    this.#count = count;
    this.#complete = complete;
  }

  /** Starts counting `flow` (once); its completed event follows when its counts are in and the flows Spark completed before it have theirs. */
  start(flow: string): void {
    if (this.#stopped || this.#started.has(flow)) return;
    this.#started.add(flow);
    const counted = this.#count(flow).catch(() => UNCOUNTED);
    this.#emitted = Promise.all([counted, this.#emitted]).then(([counts]) => {
      if (!this.#stopped) this.#complete(flow, counts);
    });
  }

  /** Waits until every flow started has its completed event. */
  async settled(): Promise<void> {
    await this.#emitted;
  }

  /** No further completed events (a cancelled run does not wait for its counts). */
  stop(): void {
    this.#stopped = true;
  }
}
