import type { RunEvent, RunEventDetails } from '@thund/ir';
import { ThundErrorCode } from '@thund/ir';
import { parseSdpMessage } from '../signals/sdp-message.js';

/** An event as Spark Declarative Pipelines streams it: a timestamp and a message, nothing else. */
export interface SdpEvent {
  /** RFC 3339, possibly with nanoseconds. */
  readonly timestamp: string;
  /** Free text; a flow's or the run's status is spelled in its first line (see {@link parseSdpMessage}). */
  readonly message: string;
}

/** What {@link fromSdpEvent} needs to know beyond the event. */
export interface SdpContext {
  /** The id of the Þund run every event is stamped with. */
  readonly runId: string;
  /** Pipeline name, for run-level events and unknown messages. */
  readonly pipeline: string;
  /**
   * Maps Spark's (usually catalog- and database-qualified) flow name to the
   * pipeline's flow name. Default: the last dot-separated part.
   */
  readonly resolveFlow?: (sparkName: string) => string;
}

/** RFC 3339 with milliseconds (Spark sends nanoseconds). */
function toMillis(timestamp: string): string {
  const parsed = Date.parse(timestamp);
  return Number.isNaN(parsed) ? timestamp : new Date(parsed).toISOString();
}

/**
 * Maps an SDP event to a RunEvent: flow status parsed from the message into
 * a phase (with Spark's error class on failures); run status onto the
 * pipeline element; anything else kept as an info event on the pipeline.
 */
export function fromSdpEvent(event: SdpEvent, context: SdpContext): RunEvent {
  const parsed = parseSdpMessage(event.message);
  const base = { timestamp: toMillis(event.timestamp), runId: context.runId, message: event.message };
  if (parsed.kind === 'flow') {
    const name = context.resolveFlow?.(parsed.flow) ?? parsed.flow.split('.').at(-1) ?? parsed.flow;
    const details: RunEventDetails = {
      ...(parsed.reason === undefined ? {} : { reason: parsed.reason }),
      ...(parsed.error === undefined
        ? {}
        : { error: { code: ThundErrorCode.Engine, message: parsed.error.message, ...(parsed.error.engineClass === undefined ? {} : { engineClass: parsed.error.engineClass }) } }),
    };
    return {
      ...base,
      element: { kind: 'flow', name },
      phase: parsed.phase,
      level: parsed.phase === 'failed' ? 'error' : parsed.phase === 'cancelled' ? 'warn' : 'info',
      ...(Object.keys(details).length === 0 ? {} : { details }),
    };
  }
  if (parsed.kind === 'run') {
    return { ...base, element: { kind: 'pipeline', name: context.pipeline }, phase: parsed.phase, level: parsed.phase === 'failed' ? 'error' : 'info' };
  }
  return { ...base, element: { kind: 'pipeline', name: context.pipeline }, level: 'info' };
}
