import type { ExpectationResult, RunEvent, RunEventError, RunPhase } from '@thund/ir';
import { TERMINAL_PHASES, sumExpectations } from '@thund/ir';

/** What the events of a run say about one flow so far, as {@link foldRunEvent} accumulates it. */
export interface FlowState {
  /** The flow's name. */
  readonly name: string;
  /** The flow's latest lifecycle phase; `queued` until an event says otherwise. */
  readonly phase: RunPhase;
  /** Timestamp of the first non-queued phase. */
  readonly startedAt?: string;
  /** Timestamp of the terminal phase. */
  readonly endedAt?: string;
  /** Wall time in milliseconds, set at the terminal phase: the event's own `durationMs`, else the time since `startedAt`. */
  readonly durationMs?: number;
  /** Rows read: summed over micro-batch events (those with an `epoch`); any other event carrying a count replaces it as the total. */
  readonly rowsRead: number;
  /** Rows written, accumulated like `rowsRead`. */
  readonly rowsWritten: number;
  /** The latest expectation results an event carried (each event's list replaces the previous one). */
  readonly expectations: readonly ExpectationResult[];
  /** How many micro-batch events (events with an `epoch`) the flow has had. */
  readonly epochs: number;
  /** The latest watermark reported, RFC 3339. */
  readonly watermark?: string;
  /** Rows dropped for arriving behind the watermark, accumulated like `rowsRead`. */
  readonly lateRows: number;
  /** The message of the flow's latest event (`''` before any). */
  readonly lastMessage: string;
  /** The latest error an event of the flow reported. */
  readonly error?: RunEventError;
  /** How many events concerned the flow. */
  readonly events: number;
}

/** What the events of a run say about the run so far: its phase, its flows and event counts. */
export interface RunState {
  /** The run id of the first event folded. */
  readonly runId?: string;
  /** The pipeline's name, from its events. */
  readonly pipeline?: string;
  /** The pipeline's latest lifecycle phase; `queued` until a pipeline event says otherwise. */
  readonly phase: RunPhase;
  /** Timestamp of the pipeline's first non-queued phase. */
  readonly startedAt?: string;
  /** Timestamp of the pipeline's terminal phase. */
  readonly endedAt?: string;
  /** Every flow seen (or named up front), by name, in the order first seen. */
  readonly flows: ReadonlyMap<string, FlowState>;
  /** How many events were folded, of any element. */
  readonly events: number;
  /** How many of them had level `warn`. */
  readonly warnings: number;
  /** How many of them had level `error`. */
  readonly errors: number;
}

/** The state before any event: queued, no flows, zero counts. Frozen, so it can be shared. */
export const EMPTY_RUN_STATE: RunState = Object.freeze({ phase: 'queued', flows: new Map(), events: 0, warnings: 0, errors: 0 });

/** Flow names known up front (from the pipeline), so flows that never emit still show as queued. */
export function initialRunState(flowNames: readonly string[] = []): RunState {
  return { ...EMPTY_RUN_STATE, flows: new Map(flowNames.map((name) => [name, emptyFlow(name)])) };
}

function emptyFlow(name: string): FlowState {
  return { name, phase: 'queued', rowsRead: 0, rowsWritten: 0, expectations: [], epochs: 0, lateRows: 0, lastMessage: '', events: 0 };
}

/**
 * One step of the fold from events to run state. Pure: the CLI progress and
 * the viewer both use it, so they never disagree. Counters from micro-batch
 * events add up; a terminal event's totals replace them when it carries them.
 * It copies the flows map, so folding a long run step by step is quadratic
 * in its flows: `RunStateFolder` folds the same way in place.
 */
export function foldRunEvent(state: RunState, event: RunEvent): RunState {
  return foldInto(state, event, () => new Map(state.flows));
}

/**
 * The fold of `foldRunEvent`, for one consumer that only reads the latest
 * state (a progress display, a viewer): each event costs the same however
 * many flows the run has (the flows map is updated in place, so a state it
 * returned earlier sees later flow updates).
 */
export class RunStateFolder {
  #state: RunState;
  readonly #flows: Map<string, FlowState>;

  constructor(flowNames: readonly string[] = []) {
    this.#flows = new Map(flowNames.map((name) => [name, emptyFlow(name)]));
    this.#state = { ...EMPTY_RUN_STATE, flows: this.#flows };
  }

  /** The state after the events applied so far. */
  get state(): RunState {
    return this.#state;
  }

  /** Folds one event in and returns the new state (its flows map is shared with every earlier one). */
  apply(event: RunEvent): RunState {
    this.#state = foldInto(this.#state, event, () => this.#flows);
    return this.#state;
  }
}

/** The run-level fields of the next state; a flow event's flow folded into the map `flowsToUpdate` gives (which the state then holds). */
function foldInto(state: RunState, event: RunEvent, flowsToUpdate: () => Map<string, FlowState>): RunState {
  const base: RunState = {
    ...state,
    runId: state.runId ?? event.runId,
    events: state.events + 1,
    warnings: state.warnings + (event.level === 'warn' ? 1 : 0),
    errors: state.errors + (event.level === 'error' ? 1 : 0),
  };
  if (event.element.kind === 'pipeline') {
    if (event.phase === undefined) return { ...base, pipeline: base.pipeline ?? event.element.name };
    return {
      ...base,
      pipeline: event.element.name,
      phase: event.phase,
      startedAt: base.startedAt ?? (event.phase === 'queued' ? undefined : event.timestamp),
      endedAt: TERMINAL_PHASES.has(event.phase) ? event.timestamp : base.endedAt,
    };
  }
  if (event.element.kind !== 'flow') return base;
  const flows = flowsToUpdate();
  flows.set(event.element.name, foldFlow(flows.get(event.element.name) ?? emptyFlow(event.element.name), event));
  return { ...base, flows };
}

function foldFlow(flow: FlowState, event: RunEvent): FlowState {
  const d = event.details ?? {};
  const terminal = event.phase !== undefined && TERMINAL_PHASES.has(event.phase);
  const perBatch = d.epoch !== undefined;
  const next: FlowState = {
    ...flow,
    events: flow.events + 1,
    lastMessage: event.message,
    phase: event.phase ?? flow.phase,
    rowsRead: perBatch ? flow.rowsRead + (d.rowsRead ?? 0) : (d.rowsRead ?? flow.rowsRead),
    rowsWritten: perBatch ? flow.rowsWritten + (d.rowsWritten ?? 0) : (d.rowsWritten ?? flow.rowsWritten),
    lateRows: perBatch ? flow.lateRows + (d.lateRows ?? 0) : (d.lateRows ?? flow.lateRows),
    epochs: perBatch ? flow.epochs + 1 : flow.epochs,
    // A micro-batch's counts add to the run's (as its rows do); a flow-level event's are the run's totals.
    expectations: d.expectations === undefined ? flow.expectations : perBatch ? sumExpectations(flow.expectations, d.expectations) : d.expectations,
  };
  const started = flow.startedAt ?? (event.phase !== undefined && event.phase !== 'queued' ? event.timestamp : undefined);
  return {
    ...next,
    ...(started === undefined ? {} : { startedAt: started }),
    ...(d.watermark === undefined ? (flow.watermark === undefined ? {} : { watermark: flow.watermark }) : { watermark: d.watermark }),
    ...(d.error === undefined ? {} : { error: d.error }),
    ...(terminal ? { endedAt: event.timestamp } : {}),
    ...(terminal && d.durationMs !== undefined ? { durationMs: d.durationMs } : terminal && started !== undefined ? { durationMs: Date.parse(event.timestamp) - Date.parse(started) } : {}),
  };
}

/** Folds a whole event sequence. */
export function foldRunEvents(events: Iterable<RunEvent>, flowNames: readonly string[] = []): RunState {
  const folder = new RunStateFolder(flowNames);
  for (const event of events) folder.apply(event);
  return folder.state;
}
