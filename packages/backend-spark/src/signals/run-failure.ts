import type { ThundError } from '@thund/ir';
import { type EngineFailure, engineFailureOf } from './flow-failure.js';
import { type FlowNames, unresolvedFlows } from './flow-names.js';

/** What the error that ended a run says about the graph's flows. */
export interface RunFailed {
  /** The error, as the flows it names fail with it. */
  readonly failure: EngineFailure;
  /** Flows the error names as failed, as Spark names them: SDP's list of flows it could not resolve, and graph flows its text names. */
  readonly failedFlows: readonly string[];
  /** Flows SDP could not resolve because a flow they read did not, as Spark names them. */
  readonly upstreamFlows: readonly string[];
  /** The message's first line, for the flows it cancels. */
  readonly summary: string;
}

/** Reads the error that ended a run; `names` tells which identifiers in its text are the graph's flows. */
export function readRunFailure(error: ThundError, names: FlowNames): RunFailed {
  const message = error.rawMessage;
  const unresolved = unresolvedFlows(message);
  return {
    failure: engineFailureOf(error),
    failedFlows: [...unresolved.failed, ...names.mentionedIn(message)],
    upstreamFlows: unresolved.upstream,
    summary: message.trim().split('\n')[0] ?? message,
  };
}
