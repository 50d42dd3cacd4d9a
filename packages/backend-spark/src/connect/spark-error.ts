import { type ElementRef, ThundError, ThundErrorCode } from '@thund/ir';
import { type ConnectionFailure, connectionFailureOf, isRetryableConnectionFailure } from './connection-failure.js';
import { SparkErrorCode } from './spark-error-code.js';
import { decodeStatusDetails, type SparkErrorInfo } from './status-details.js';

/** gRPC status codes this module branches on. */
export const GrpcCode = { Cancelled: 1, DeadlineExceeded: 4, Internal: 13, Unavailable: 14, Unauthenticated: 16 } as const;

/** What Spark said about a failure, beyond its message. */
export interface SparkErrorFacts {
  /** Spark's error class (`UNRESOLVED_COLUMN.WITH_SUGGESTION`), when it has one. */
  readonly engineClass?: string;
  /** The SQLSTATE Spark gives the error class (`42703` for an unresolved column). */
  readonly sqlState?: string;
  /** The JVM exception class. */
  readonly exceptionClass?: string;
  /** The gRPC status code of the failed call. */
  readonly grpcCode?: number;
  /** The values filled into the error class's message template (e.g. `objectName`), by name. */
  readonly messageParameters?: Readonly<Record<string, string>>;
}

/** A ThundError raised by the Spark backend, with Spark's own classification attached. */
export class SparkError extends ThundError {
  override name = 'SparkError';
  /** What Spark said about the failure, as far as the failed call carried it (a connection problem carries little beyond `grpcCode`). */
  readonly facts: SparkErrorFacts;
  /** Which connection problem a THUND_CONNECTION error is (stable, see SparkErrorCode); undefined for other errors. */
  readonly sparkCode: SparkErrorCode | undefined;

  constructor(code: ThundErrorCode, message: string, facts: SparkErrorFacts, options: { element?: ElementRef; cause?: unknown; sparkCode?: SparkErrorCode } = {}) {
    const { sparkCode, ...rest } = options;
    super(code, message, { backend: 'spark', ...rest });
    this.facts = facts;
    this.sparkCode = sparkCode;
  }

  /** Spark's error class, as in `facts.engineClass`. */
  get engineClass(): string | undefined {
    return this.facts.engineClass;
  }
}

/** The shape of a grpc-js ServiceError this module reads (structural, so fakes can produce it). */
export interface GrpcErrorLike {
  /** gRPC status code. */
  readonly code?: number;
  /** The status message (Spark's error message), without grpc-js's `<code> <name>:` prefix. */
  readonly details?: string;
  /** The error message; read when `details` is absent. */
  readonly message?: string;
  /** Trailing metadata; its `grpc-status-details-bin` carries Spark's `ErrorInfo`. */
  readonly metadata?: {
    /** The values of one metadata key (binary keys end in `-bin`). */
    get(key: string): ReadonlyArray<string | Buffer>;
  };
}

function isGrpcError(value: unknown): value is GrpcErrorLike & Error {
  return value instanceof Error && typeof (value as GrpcErrorLike).code === 'number';
}

/** `[CLASS.SUB] message` → `CLASS.SUB`. */
export function errorClassOf(message: string): string | undefined {
  return /\[([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)\]/.exec(message)?.[1];
}

function infoOf(error: GrpcErrorLike): SparkErrorInfo | undefined {
  const raw = error.metadata?.get('grpc-status-details-bin')[0];
  if (raw === undefined || typeof raw === 'string') return undefined;
  try {
    return decodeStatusDetails(raw).errorInfo;
  } catch {
    return undefined;
  }
}

function parameters(info: SparkErrorInfo | undefined): Record<string, string> | undefined {
  const json = info?.metadata['messageParameters'];
  if (json === undefined || json === '') return undefined;
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** Spark's facts about a gRPC error: error class, SQL state, exception class. */
export function sparkFacts(error: GrpcErrorLike): SparkErrorFacts {
  const info = infoOf(error);
  const message = error.details ?? error.message ?? '';
  const engineClass = info?.metadata['errorClass'] ?? errorClassOf(message);
  const params = parameters(info);
  return {
    ...(engineClass === undefined ? {} : { engineClass }),
    ...(info?.metadata['sqlState'] === undefined ? {} : { sqlState: info.metadata['sqlState'] }),
    ...(info?.reason === undefined || info.reason === '' ? {} : { exceptionClass: info.reason }),
    ...(error.code === undefined ? {} : { grpcCode: error.code }),
    ...(params === undefined ? {} : { messageParameters: params }),
  };
}

/**
 * Whether a gRPC failure means the server could not be reached or the
 * stream dropped, so that retrying (reattaching) may help. A deadline that
 * expired and a peer that is not a gRPC server are not retried.
 */
export function isConnectionFailure(error: unknown): boolean {
  return isRetryableConnectionFailure(error);
}

export interface ErrorContext {
  /** The connection string shown in connection errors (no secrets). */
  readonly remote: string;
  readonly element?: ElementRef;
  /** Reconnection attempts made before giving up (a connection failure during an operation). */
  readonly attempts?: number;
  /** Whether the operation had received responses before the connection failed (it was lost, not refused). */
  readonly connected?: boolean;
}

const START = 'start one there (for a local one: tools/spark/start.sh), or point the backend at a running one (remote option or THUND_SPARK_REMOTE)';
const FIX = `Check that the server is running and that the address is right: ${START}.`;

/**
 * Maps anything the Spark Connect client threw to a ThundError: an
 * unreachable server, a dropped stream, an expired deadline or a peer that
 * is not a Spark Connect server is THUND_CONNECTION (naming the address, the
 * problem as a SparkErrorCode, and how to fix it), a cancelled call
 * THUND_CANCELLED, anything Spark reported THUND_ENGINE with Spark's error
 * class as `engineClass`.
 */
export function thundErrorFromSpark(reason: unknown, context: ErrorContext): ThundError {
  if (reason instanceof ThundError) return reason;
  const options = { cause: reason, ...(context.element === undefined ? {} : { element: context.element }) };
  if (!isGrpcError(reason)) return ThundError.from(reason, ThundErrorCode.Internal, { backend: 'spark', ...options });
  const facts = sparkFacts(reason);
  const detail = (reason.details ?? reason.message ?? '').trim();
  const failure = connectionFailureOf(reason);
  if (failure !== undefined) {
    const [sparkCode, message] = connectionMessage(failure, context);
    return new SparkError(ThundErrorCode.Connection, `[${sparkCode}] ${message}`, facts, { ...options, sparkCode });
  }
  if (reason.code === GrpcCode.Unauthenticated) {
    const sparkCode = SparkErrorCode.Unauthenticated;
    return new SparkError(ThundErrorCode.Connection, `[${sparkCode}] the Spark Connect server at ${context.remote} refused the credentials: ${detail}. Check the token in the connection string.`, facts, { ...options, sparkCode });
  }
  if (reason.code === GrpcCode.Cancelled || facts.engineClass === 'OPERATION_CANCELED') {
    return new SparkError(ThundErrorCode.Cancelled, 'the Spark operation was cancelled', facts, options);
  }
  return new SparkError(ThundErrorCode.Engine, conciseSparkMessage(detail), facts, options);
}

/** The stable code and the message (what happened, at which address, how to fix it) of a connection problem. */
function connectionMessage(failure: ConnectionFailure, context: ErrorContext): [SparkErrorCode, string] {
  const { remote } = context;
  switch (failure.kind) {
    case 'timeout': {
      const deadline = failure.deadline;
      if (deadline === undefined) {
        return [SparkErrorCode.Timeout, `the Spark Connect server at ${remote} did not answer in time (${failure.detail || 'deadline exceeded'}). Is a Spark Connect server running at ${remote}? If so and it is only slow, raise timeouts.connectMs / timeouts.unaryMs; otherwise ${START}.`];
      }
      const raise = `raise ${deadline.setting} (now ${deadline.deadlineMs} ms)`;
      const retried = context.attempts === undefined || context.attempts === 0 ? '' : `, its ${context.attempts} retr${context.attempts === 1 ? 'y' : 'ies'} after a dropped connection included`;
      if (deadline.phase === 'connect') {
        return [SparkErrorCode.Timeout, `cannot reach the Spark Connect server at ${remote}: no connection was established within ${deadline.deadlineMs} ms (${deadline.method}); something may accept TCP connections there without ever answering. Is a Spark Connect server running at ${remote}? If not, ${START}; if it is only slow to accept connections, ${raise}.`];
      }
      return [SparkErrorCode.Timeout, `the Spark Connect server at ${remote} did not answer ${deadline.method} within ${deadline.deadlineMs} ms${retried}: it may be overloaded or stuck (check its log). If it is only slow, ${raise}.`];
    }
    case 'not-grpc':
      return [SparkErrorCode.NotSparkConnect, `the server at ${remote} is not a Spark Connect (gRPC) server: ${failure.evidence}. Check the host and port (Spark Connect listens on 15002 unless configured otherwise) and point the backend at the Spark Connect server (remote option or THUND_SPARK_REMOTE).`];
    case 'refused':
    case 'failed': {
      const what = failure.kind === 'refused' ? 'connection refused' : `the connection failed or dropped (${failure.detail || 'no detail'})`;
      const tries = context.attempts === undefined || context.attempts === 0 ? '' : ` after ${context.attempts} attempt${context.attempts === 1 ? '' : 's'}`;
      const code = failure.kind === 'refused' ? SparkErrorCode.ConnectionRefused : SparkErrorCode.ConnectionFailed;
      return [code, context.connected === true
        ? `the connection to the Spark Connect server at ${remote} was lost during an operation and could not be re-established${tries} (last error: ${what}). ${FIX}`
        : `cannot reach the Spark Connect server at ${remote}: ${what}${tries === '' ? '' : ` (${tries.trim()})`}. ${FIX}`];
    }
  }
}

/** Spark's message without the JVM class prefix and the echoed logical plan. */
export function conciseSparkMessage(message: string): string {
  const withoutPrefix = message.replace(/^(?:[a-z]+\.)+[A-Za-z$]+(?:Exception|Error): /, '').trim();
  const planStart = withoutPrefix.search(/;\s*\n['A-Z]/);
  return (planStart > 0 ? withoutPrefix.slice(0, planStart) : withoutPrefix).trim();
}
