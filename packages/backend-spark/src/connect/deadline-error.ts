/** Which deadline expired: establishing the connection, or a unary call's answer. */
export type DeadlinePhase = 'connect' | 'answer';

/** The option that sets the expired deadline (named in the error message). */
export type DeadlineSetting = 'timeouts.connectMs' | 'timeouts.unaryMs';

/** What a {@link SparkDeadlineError} knows of the deadline that expired. */
export interface DeadlineFacts {
  /** The RPC that timed out (`AnalyzePlan`, `ExecutePlan`, …). */
  readonly method: string;
  /** Whether the connection was never established or the answer never came. */
  readonly phase: DeadlinePhase;
  /** The option that set the deadline, for the message to name. */
  readonly setting: DeadlineSetting;
  /** The deadline, in milliseconds. */
  readonly deadlineMs: number;
}

/** gRPC's DEADLINE_EXCEEDED. */
const DEADLINE_EXCEEDED = 4;

/**
 * A Spark Connect call that ran out of time, raised by the transport (its
 * connection watchdog, or grpc-js's deadline of a unary call). It is
 * shaped like a grpc-js ServiceError (`code` 4, `details`) and carries the
 * deadline's facts, so the error mapping can name the option to raise.
 */
export class SparkDeadlineError extends Error {
  /** Always `SparkDeadlineError`. */
  override name = 'SparkDeadlineError';
  /** gRPC's DEADLINE_EXCEEDED (4), as on a grpc-js ServiceError. */
  readonly code = DEADLINE_EXCEEDED;
  /** What timed out, e.g. `AnalyzePlan: no answer within 60000 ms`; also the error's message. */
  readonly details: string;
  /** Which deadline expired. */
  readonly facts: DeadlineFacts;

  constructor(facts: DeadlineFacts, options: { cause?: unknown } = {}) {
    const details = facts.phase === 'connect'
      ? `${facts.method}: no connection established within ${facts.deadlineMs} ms`
      : `${facts.method}: no answer within ${facts.deadlineMs} ms`;
    super(details, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = details;
    this.facts = facts;
  }
}
