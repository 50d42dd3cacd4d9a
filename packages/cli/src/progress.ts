import { type FlowState, type RunState, foldRunEvent, initialRunState } from '@thund/events';
import type { Pipeline, RunEvent, RunPhase, RunResult } from '@thund/ir';
import type { CliIo } from './io.js';

const SYMBOL: Readonly<Record<RunPhase, string>> = {
  queued: '·', planning: '…', running: '▶', completed: '✓', failed: '✗', cancelled: '⊘',
};

/** Human summary of a flow's state: rows, duration, expectation counts, error. */
export function describeFlow(flow: FlowState): string {
  const parts: string[] = [];
  if (flow.rowsRead > 0) parts.push(`${flow.rowsRead} rows read`);
  if (flow.rowsWritten > 0 || flow.phase === 'completed') parts.push(`${flow.rowsWritten} rows written`);
  if (flow.durationMs !== undefined) parts.push(`${Math.round(flow.durationMs)} ms`);
  if (flow.epochs > 0) parts.push(`${flow.epochs} micro-batches`);
  if (flow.lateRows > 0) parts.push(`${flow.lateRows} late rows dropped`);
  for (const e of flow.expectations) parts.push(`${e.name} (${e.action}): ${e.passed} passed, ${e.failed} failed`);
  if (flow.error !== undefined) parts.push(flow.error.message);
  return parts.join('; ');
}

/**
 * Progress of a run per flow, rendered from the `@thund/events` fold. On a
 * terminal the block of flow lines is redrawn in place; otherwise each phase
 * change is one plain line.
 */
export class RunProgress {
  readonly #io: CliIo;
  #state: RunState;
  #drawn = 0;

  constructor(io: CliIo, pipeline: Pipeline) {
    this.#io = io;
    this.#state = initialRunState(pipeline.flows.map((f) => f.name));
  }

  get state(): RunState {
    return this.#state;
  }

  update(event: RunEvent): void {
    this.#state = foldRunEvent(this.#state, event);
    if (event.element.kind !== 'flow') {
      if (event.level === 'error' || event.level === 'warn') this.#plain(`${event.element.kind} ${event.element.name}: ${event.message}`);
      return;
    }
    if (this.#io.isTTY) return this.#redraw();
    const flow = this.#state.flows.get(event.element.name);
    if (event.phase === undefined || flow === undefined) return;
    const detail = describeFlow(flow);
    this.#plain(`${SYMBOL[event.phase]} flow ${flow.name} ${event.phase}${detail === '' ? '' : `: ${detail}`}`);
  }

  finish(result: RunResult): void {
    if (this.#io.isTTY) this.#redraw();
    this.#io.stdout.write(`run ${result.runId} ${result.status} in ${(result.durationMs / 1000).toFixed(2)} s\n`);
  }

  #plain(text: string): void {
    this.#io.stdout.write(`${text}\n`);
  }

  #redraw(): void {
    const flows = [...this.#state.flows.values()];
    const width = Math.max(...flows.map((f) => f.name.length));
    const lines = flows.map((f) => `${SYMBOL[f.phase]} ${f.name.padEnd(width)}  ${f.phase.padEnd(9)} ${describeFlow(f)}`);
    // Move up over the previous block and clear each line before rewriting it.
    const up = this.#drawn > 0 ? `\x1b[${this.#drawn}A` : '';
    this.#io.stdout.write(`${up}${lines.map((l) => `\x1b[2K${l}`).join('\n')}\n`);
    this.#drawn = lines.length;
  }
}
