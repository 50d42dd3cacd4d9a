import {
  type ElementRef, type Flow, type FlowOutcome, type RunContext, type RunEventError, type RunPhase, TERMINAL_PHASES, ThundErrorCode, excludedFlowEvent, excludedOutcome,
} from '@thund/ir';
import { type ExpectationFailed, type FlowFailure, describeFailure } from '../signals/flow-failure.js';
import { FlowNames } from '../signals/flow-names.js';
import type { FlowState, SdpSignal } from '../signals/sdp-signal.js';

const ORDER: Readonly<Record<RunPhase, number>> = { queued: 0, planning: 1, running: 2, completed: 3, failed: 3, cancelled: 3, excluded: 3 };

/**
 * Turns SDP events (as `signals/` reads them) into RunEvents for the pipeline's flows. Phases
 * only move forward and nothing follows a terminal phase (a message that
 * would break that is kept as a phase-less info event); SDP's "completed"
 * is held back until the backend has counted rows and expectations, so the
 * completed event carries them.
 */
export class FlowTracker {
  readonly #context: RunContext;
  readonly #names: FlowNames;
  readonly #pipeline: ElementRef;
  readonly #phase = new Map<string, RunPhase>();
  readonly #outcomes = new Map<string, FlowOutcome>();
  /** Flows SDP reported completed, awaiting their completed event. */
  readonly completedOnSpark = new Set<string>();
  /** Flows a failed expectation stopped, awaiting their failed event (which carries the counts). */
  readonly expectationFailures = new Map<string, ExpectationFailed>();
  /** Whether Spark ran any flow (the run got past resolving the graph). */
  flowsRan = false;
  runState: string | undefined;
  #onCompletedOnSpark: ((flow: string) => void) | undefined;

  readonly #members: ReadonlyMap<string, readonly string[]>;
  /** Pipeline flow → the SDP flows standing for it that have yet to complete (an update/complete flow has two). */
  readonly #partsLeft = new Map<string, Set<string>>();

  /** `members`: SDP flow name → the pipeline flows it stands for (default: itself). */
  constructor(context: RunContext, pipeline: string, flows: readonly string[], catalog: string, database: string, members: ReadonlyMap<string, readonly string[]> = new Map()) {
    this.#context = context;
    this.#members = members;
    this.#pipeline = { kind: 'pipeline', name: pipeline };
    this.#names = new FlowNames([...new Set([...flows, ...members.keys()])], catalog, database);
    for (const [sdpFlow, pipelineFlows] of members) {
      for (const flow of pipelineFlows) this.#partsLeft.set(flow, (this.#partsLeft.get(flow) ?? new Set()).add(sdpFlow));
    }
  }

  get names(): FlowNames {
    return this.#names;
  }

  /** The pipeline flows an SDP flow identifier stands for (none if it names no flow of the graph). */
  pipelineFlows(identifier: string): readonly string[] {
    const sdpFlow = this.#names.resolve(identifier);
    return sdpFlow === undefined ? [] : (this.#members.get(sdpFlow) ?? [sdpFlow]);
  }

  /**
   * Called once for each pipeline flow once SDP has reported every SDP flow
   * standing for it completed, so its counting can start while the graph runs on.
   */
  whenCompletedOnSpark(listener: (flow: string) => void): void {
    this.#onCompletedOnSpark = listener;
  }

  /** Handles what one SDP event says. */
  onSignal(signal: SdpSignal): void {
    const pipeline = this.#pipeline;
    if (signal.kind === 'RunState') {
      this.runState = signal.state;
      this.#context.emit({ element: pipeline, message: `Spark: ${signal.text}` });
      return;
    }
    const sdpFlow = signal.kind === 'FlowState' ? this.#names.resolve(signal.flow) : undefined;
    if (signal.kind === 'SparkNote' || sdpFlow === undefined) {
      this.#context.emit({ element: pipeline, message: `Spark: ${signal.text}` });
      return;
    }
    for (const flow of this.#members.get(sdpFlow) ?? [sdpFlow]) this.#onFlow(flow, signal, sdpFlow);
  }

  #onFlow(flow: string, parsed: FlowState, sdpFlow: string): void {
    if (parsed.phase === 'running' || parsed.phase === 'completed' || parsed.phase === 'failed') this.flowsRan = true;
    if (parsed.phase === 'completed') {
      this.completedOnSpark.add(flow);
      const left = this.#partsLeft.get(flow) ?? new Set([sdpFlow]);
      if (left.size === 0) return;
      left.delete(sdpFlow);
      this.#partsLeft.set(flow, left);
      if (left.size === 0) this.#onCompletedOnSpark?.(flow);
      return;
    }
    if (parsed.phase === 'failed' && parsed.failure !== undefined) {
      if (parsed.failure.kind === 'ExpectationFailed') this.expectationFailures.set(flow, parsed.failure);
      else this.fail(flow, parsed.failure);
      return;
    }
    if (parsed.phase === 'excluded') {
      // Þund reported the flows its selection leaves out before the run; one SDP left out on its own did not run.
      if (this.#phase.get(flow) !== 'excluded') this.cancel(flow, parsed.reason ?? 'Spark left it out of the run');
      return;
    }
    if (parsed.phase === 'cancelled') {
      const code = parsed.state === 'SKIPPED' ? ThundErrorCode.UpstreamFailed : ThundErrorCode.Cancelled;
      this.cancel(flow, parsed.reason ?? 'the flow did not run', code);
      return;
    }
    this.transition(flow, parsed.phase, `flow "${flow}" is ${parsed.phase} (Spark: ${parsed.state})`);
  }

  /** Emits a phase change if it moves forward; otherwise keeps the message as info. */
  transition(flow: string, phase: RunPhase, message: string, details?: Parameters<RunContext['emit']>[0]['details']): boolean {
    const element: ElementRef = { kind: 'flow', name: flow };
    const previous = this.#phase.get(flow);
    if ((previous !== undefined && TERMINAL_PHASES.has(previous)) || (previous !== undefined && ORDER[phase] < ORDER[previous])) {
      this.#context.emit({ element, message, ...(details === undefined ? {} : { details }) });
      return false;
    }
    if (previous === phase && !TERMINAL_PHASES.has(phase)) return false;
    this.#phase.set(flow, phase);
    const level = phase === 'failed' ? 'error' : phase === 'cancelled' ? 'warn' : 'info';
    this.#context.emit({ element, phase, level, message, ...(details === undefined ? {} : { details }) });
    return true;
  }

  isTerminal(flow: string): boolean {
    const phase = this.#phase.get(flow);
    return phase !== undefined && TERMINAL_PHASES.has(phase);
  }

  /** The flow's failed event and outcome, worded by what failed it (`describeFailure`). */
  fail(flow: string, failure: FlowFailure, extra: Partial<FlowOutcome> = {}): void {
    const { code, message } = describeFailure(failure, flow);
    const { engineClass } = failure;
    const error: RunEventError = { code, message: `[${code}] backend "spark", flow "${flow}": ${message}`, ...(engineClass === undefined ? {} : { engineClass }) };
    if (this.transition(flow, 'failed', error.message, { error, ...(extra.expectations === undefined ? {} : { expectations: extra.expectations }) })) {
      this.#outcomes.set(flow, { name: flow, phase: 'failed', error, ...extra });
    }
  }

  /** Emits a held-back expectation failure, with the expectation counts if known. */
  failExpectation(flow: string, expectations?: FlowOutcome['expectations']): void {
    const held = this.expectationFailures.get(flow);
    if (held === undefined) return;
    this.expectationFailures.delete(flow);
    this.fail(flow, held, expectations === undefined ? {} : { expectations });
  }

  cancel(flow: string, reason: string, code: ThundErrorCode = ThundErrorCode.Cancelled): void {
    const message = `flow "${flow}" did not run: ${reason}`;
    const error: RunEventError = { code, message: `[${code}] backend "spark", flow "${flow}": ${message}` };
    if (this.transition(flow, 'cancelled', message, { reason, error })) this.#outcomes.set(flow, { name: flow, phase: 'cancelled', error });
  }

  complete(flow: string, message: string, outcome: Omit<FlowOutcome, 'name' | 'phase'>): void {
    const details = {
      ...(outcome.rowsWritten === undefined ? {} : { rowsWritten: outcome.rowsWritten }),
      ...(outcome.expectations === undefined ? {} : { expectations: outcome.expectations }),
    };
    if (this.transition(flow, 'completed', message, details)) this.#outcomes.set(flow, { name: flow, phase: 'completed', ...outcome });
  }

  /** A flow the run's selection left out: its terminal `excluded` event and outcome. */
  exclude(flow: Flow): void {
    const event = excludedFlowEvent(flow);
    if (this.transition(flow.name, 'excluded', event.message, event.details)) this.#outcomes.set(flow.name, excludedOutcome(flow));
  }

  outcome(flow: string): FlowOutcome | undefined {
    return this.#outcomes.get(flow);
  }
}
