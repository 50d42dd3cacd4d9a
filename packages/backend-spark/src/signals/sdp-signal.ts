import { type RunPhase, ThundErrorCode } from '@thund/ir';
import type { ExecutePlanResponse } from '../gen/spark/connect/base_pb.js';
import { type FlowFailure, failureIn } from './flow-failure.js';
import { parseSdpMessage } from './sdp-message.js';

/** SDP says where one of its flows stands. */
export interface FlowState {
  /** Discriminant. */
  readonly kind: 'FlowState';
  /** The flow as Spark names it (usually catalog- and database-qualified); `FlowNames.resolve` maps it to the graph's flow. */
  readonly flow: string;
  /** SDP's state word (`QUEUED`, `FAILED`, `SKIPPED`, …). */
  readonly state: string;
  /** The state as a Þund phase. */
  readonly phase: RunPhase;
  /** Why, for a state that needs saying: idle, skipped, excluded, stopped. */
  readonly reason?: string;
  /** Why the flow failed (phase `failed` only). */
  readonly failure?: FlowFailure;
  /** The message as Spark sent it, for showing. */
  readonly text: string;
}

/** SDP says where the run stands. */
export interface RunState {
  /** Discriminant. */
  readonly kind: 'RunState';
  /** SDP's state word (`RUNNING`, `COMPLETED`, `FAILED`, `CANCELED`). */
  readonly state: string;
  /** The message as Spark sent it, for showing. */
  readonly text: string;
}

/** Any other SDP message: shown as Spark sent it. */
export interface SparkNote {
  /** Discriminant. */
  readonly kind: 'SparkNote';
  /** The message as Spark sent it. */
  readonly text: string;
}

/** What one SDP event tells a run. */
export type SdpSignal = FlowState | RunState | SparkNote;

/** The signal of a StartRun response, when it carries an SDP event. */
export function sdpSignalOf(response: ExecutePlanResponse): SdpSignal | undefined {
  if (response.responseType.case !== 'pipelineEventResult') return undefined;
  return readSdpMessage(response.responseType.value.event?.message ?? '');
}

/** What an SDP event message says (`parseSdpMessage`), a failure's markers read. */
export function readSdpMessage(text: string): SdpSignal {
  const parsed = parseSdpMessage(text);
  if (parsed.kind === 'run') return { kind: 'RunState', state: parsed.state, text };
  if (parsed.kind === 'info') return { kind: 'SparkNote', text };
  const { error } = parsed;
  const failure = parsed.phase !== 'failed'
    ? undefined
    : error === undefined
      ? { kind: 'EngineFailure' as const, code: ThundErrorCode.Engine, message: text }
      : failureIn(error.message, { kind: 'EngineFailure', code: ThundErrorCode.Engine, message: error.message, ...(error.engineClass === undefined ? {} : { engineClass: error.engineClass }) });
  return {
    kind: 'FlowState', flow: parsed.flow, state: parsed.state, phase: parsed.phase, text,
    ...(parsed.reason === undefined ? {} : { reason: parsed.reason }),
    ...(failure === undefined ? {} : { failure }),
  };
}
