import { styleText } from 'node:util';
import { type FlowState, type RunState, RunStateFolder } from '@thund/events';
import type { Pipeline, RunEvent, RunPhase, RunResult } from '@thund/ir';
import { displayWidth, fitMiddleToWidth, fitToWidth, padToWidth } from './display-width.js';
import { escapeForTerminal } from './escape-for-terminal.js';
import type { CliIo } from './io.js';

/** At most this often the block is redrawn (and once more at the end): a run of many flows sends many events. */
const REDRAW_MS = 100;
const COLOR: Readonly<Partial<Record<RunPhase, Parameters<typeof styleText>[0]>>> = {
  running: 'cyan', planning: 'cyan', completed: 'green', failed: 'red', cancelled: 'yellow', excluded: 'gray',
};

const SYMBOL: Readonly<Record<RunPhase, string>> = {
  queued: '·', planning: '…', running: '▶', completed: '✓', failed: '✗', cancelled: '⊘', excluded: '−',
};

/** A replayed log may carry any phase text: unknown ones get a question mark. */
function symbol(phase: RunPhase): string {
  return (SYMBOL as Readonly<Record<string, string | undefined>>)[phase] ?? '?';
}

/** Human summary of a flow's state: rows, duration, expectation counts, error; names and messages escaped for the terminal. */
export function describeFlow(flow: FlowState): string {
  if (flow.phase === 'excluded') return 'not selected, keeps what it holds';
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
  #lastDraw = Number.NEGATIVE_INFINITY;
  #pending: ReturnType<typeof setTimeout> | undefined;

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
      this.#scheduleRedraw();
      return;
    }
    const flow = this.#folder.state.flows.get(event.element.name);
    if (event.phase === undefined || flow === undefined) return;
    const detail = describeFlow(flow);
    this.#plain(`${symbol(event.phase)} flow ${escapeForTerminal(flow.name)} ${escapeForTerminal(event.phase)}${detail === '' ? '' : `: ${detail}`}`);
  }

  finish(result: RunResult): void {
    if (this.#pending !== undefined) clearTimeout(this.#pending);
    this.#pending = undefined;
    if (this.#io.isTTY) this.#redraw();
    this.#io.stdout.write(`run ${escapeForTerminal(result.runId)} ${result.status} in ${(result.durationMs / 1000).toFixed(2)} s\n`);
  }

  #plain(text: string): void {
    if (this.#io.isTTY && this.#drawn > 0) {
      // A line printed under the block would shift it down and the next redraw would miss its top line:
      // take the block away, print the line, and draw the block again under it.
      this.#io.stdout.write(`\x1b[${this.#drawn}A\x1b[J${fitToWidth(text, Math.max(20, (this.#io.columns ?? 80) - 1))}\n`);
      this.#drawn = 0;
      this.#redraw();
      return;
    }
    this.#io.stdout.write(`${text}\n`);
  }

  #scheduleRedraw(): void {
    const wait = this.#lastDraw + REDRAW_MS - performance.now();
    if (wait <= 0) {
      this.#redraw();
      return;
    }
    if (this.#pending !== undefined) return;
    this.#pending = setTimeout(() => {
      this.#pending = undefined;
      this.#redraw();
    }, wait);
    this.#pending.unref();
  }

  /**
   * The block of flow lines, redrawn in place: each line cut to the
   * terminal's width (a wrapped line would break the cursor-up redraw and
   * leave copies of the block behind), and at most the terminal's height
   * less two lines — flows at work and failed ones first, the others
   * counted on a last line.
   */
  #redraw(): void {
    this.#lastDraw = performance.now();
    const columns = Math.max(20, (this.#io.columns ?? 80) - 1);
    const height = Math.max(3, (this.#io.rows ?? 24) - 2);
    const all = [...this.#folder.state.flows.values()];
    const shown = all.length <= height ? all : pickShown(all, height - 1);
    const names = shown.map((f) => escapeForTerminal(f.name));
    const nameWidth = Math.min(Math.max(...names.map(displayWidth)), Math.floor(columns / 3));
    const lines = shown.map((f, i) => {
      const text = fitToWidth(`${symbol(f.phase)} ${padToWidth(fitMiddleToWidth(names[i] ?? '', nameWidth), nameWidth)}  ${escapeForTerminal(f.phase).padEnd(9)} ${describeFlow(f)}`.trimEnd(), columns);
      const style = COLOR[f.phase];
      // The symbol is one column either way: colour is added after the line is fitted.
      return this.#io.color === true && style !== undefined ? `${styleText(style, text.slice(0, 1))}${text.slice(1)}` : text;
    });
    if (shown.length < all.length) lines.push(fitToWidth(hiddenSummary(all, new Set(shown)), columns));
    // Move up over the previous block and clear each line before rewriting it.
    const up = this.#drawn > 0 ? `\x1b[${this.#drawn}A` : '';
    const clearRest = lines.length < this.#drawn ? '\x1b[J' : '';
    this.#io.stdout.write(`${up}${lines.map((l) => `\x1b[2K${l}`).join('\n')}\n${clearRest}`);
    this.#drawn = lines.length;
  }
}

const AT_WORK: ReadonlySet<RunPhase> = new Set(['running', 'planning', 'failed']);

/** `count` flows to show: those at work and failed ones first, then the rest, each group in pipeline order. */
function pickShown(flows: readonly FlowState[], count: number): FlowState[] {
  const chosen = new Set([...flows.filter((f) => AT_WORK.has(f.phase)), ...flows.filter((f) => !AT_WORK.has(f.phase))].slice(0, count));
  return flows.filter((f) => chosen.has(f));
}

/** `… 9990 more flows: 9000 completed, 990 queued`. */
function hiddenSummary(flows: readonly FlowState[], shown: ReadonlySet<FlowState>): string {
  const byPhase = new Map<string, number>();
  let hidden = 0;
  for (const flow of flows) {
    if (shown.has(flow)) continue;
    hidden += 1;
    byPhase.set(flow.phase, (byPhase.get(flow.phase) ?? 0) + 1);
  }
  return `… ${hidden} more flow${hidden === 1 ? '' : 's'}: ${[...byPhase].map(([phase, n]) => `${n} ${escapeForTerminal(phase)}`).join(', ')}`;
}
