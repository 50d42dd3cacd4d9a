import { type FlowState, type RunState, RunStateFolder } from '@thund/events';
import type { Pipeline, RunEvent, RunPhase, RunResult } from '@thund/ir';
import { escapeForTerminal } from './escape-for-terminal.js';
import type { CliIo } from './io.js';

const SYMBOL: Readonly<Record<RunPhase, string>> = {
  queued: '·', planning: '…', running: '▶', completed: '✓', failed: '✗', cancelled: '⊘',
};

/** A replayed log may carry any phase text: unknown ones get a question mark. */
function symbol(phase: RunPhase): string {
  return (SYMBOL as Readonly<Record<string, string | undefined>>)[phase] ?? '?';
}

/** Human summary of a flow's state: rows, duration, expectation counts, error; names and messages escaped for the terminal. */
export function describeFlow(flow: FlowState): string {
  const parts: string[] = [];
  if (flow.rowsRead > 0) parts.push(`${flow.rowsRead} rows read`);
  if (flow.rowsWritten > 0 || flow.phase === 'completed') parts.push(`${flow.rowsWritten} rows written`);
  if (flow.durationMs !== undefined) parts.push(`${Math.round(flow.durationMs)} ms`);
  if (flow.epochs > 0) parts.push(`${flow.epochs} micro-batches`);
  if (flow.lateRows > 0) parts.push(`${flow.lateRows} late rows dropped`);
  for (const e of flow.expectations) parts.push(`${escapeForTerminal(e.name)} (${escapeForTerminal(e.action)}): ${e.passed} passed, ${e.failed} failed`);
  if (flow.error !== undefined) parts.push(escapeForTerminal(flow.error.message));
  return parts.join('; ');
}

/**
 * Progress of a run per flow, rendered from the `@thund/events` fold. On a
 * terminal the block of flow lines is redrawn in place; otherwise each phase
 * change is one plain line. Names and messages come from the pipeline and
 * its data, so they are printed escaped (`escapeForTerminal`): only this
 * class emits cursor movements.
 */
export class RunProgress {
  readonly #io: CliIo;
  readonly #folder: RunStateFolder;
  #drawn = 0;

  constructor(io: CliIo, pipeline: Pipeline) {
    this.#io = io;
    this.#folder = new RunStateFolder(pipeline.flows.map((f) => f.name));
  }

  get state(): RunState {
    return this.#folder.state;
  }

  update(event: RunEvent): void {
    this.#folder.apply(event);
    if (event.element.kind !== 'flow') {
      if (event.level === 'error' || event.level === 'warn') this.#plain(`${escapeForTerminal(event.element.kind)} ${escapeForTerminal(event.element.name)}: ${escapeForTerminal(event.message)}`);
      return;
    }
    if (this.#io.isTTY) {
      this.#redraw();
      return;
    }
    const flow = this.#folder.state.flows.get(event.element.name);
    if (event.phase === undefined || flow === undefined) return;
    const detail = describeFlow(flow);
    this.#plain(`${symbol(event.phase)} flow ${escapeForTerminal(flow.name)} ${escapeForTerminal(event.phase)}${detail === '' ? '' : `: ${detail}`}`);
  }

  finish(result: RunResult): void {
    if (this.#io.isTTY) this.#redraw();
    this.#io.stdout.write(`run ${escapeForTerminal(result.runId)} ${result.status} in ${(result.durationMs / 1000).toFixed(2)} s\n`);
  }

  #plain(text: string): void {
    this.#io.stdout.write(`${text}\n`);
  }

  #redraw(): void {
    const flows = [...this.#folder.state.flows.values()];
    const names = flows.map((f) => escapeForTerminal(f.name));
    const width = Math.max(...names.map((name) => name.length));
    const lines = flows.map((f, i) => `${symbol(f.phase)} ${(names[i] ?? '').padEnd(width)}  ${escapeForTerminal(f.phase).padEnd(9)} ${describeFlow(f)}`);
    // Move up over the previous block and clear each line before rewriting it.
    const up = this.#drawn > 0 ? `\x1b[${this.#drawn}A` : '';
    this.#io.stdout.write(`${up}${lines.map((l) => `\x1b[2K${l}`).join('\n')}\n`);
    this.#drawn = lines.length;
  }
}
