import { type DeadlineFacts, SparkDeadlineError } from './deadline-error.js';

/** gRPC status codes this module reads. */
const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;

/** What went wrong with the connection to the server, as far as the client can tell. */
export type ConnectionFailure =
  /** A deadline expired (facts absent when the error did not come from our transport). */
  | {
      /** Discriminant. */
      readonly kind: 'timeout';
      /** Which deadline expired, when our transport raised the error. */
      readonly deadline?: DeadlineFacts;
      /** The error's details, for messages (grpc-js's first line, timestamps removed). */
      readonly detail: string;
    }
  /** The peer answered, but not as a gRPC server; `evidence` says how. */
  | {
      /** Discriminant. */
      readonly kind: 'not-grpc';
      /** How the peer gave itself away, as a phrase for the message (an HTTP status, a failed HTTP/2 handshake). */
      readonly evidence: string;
      /** The error's details, for messages (grpc-js's first line, timestamps removed). */
      readonly detail: string;
    }
  /** Nothing listens at the address. */
  | {
      /** Discriminant. */
      readonly kind: 'refused';
      /** The error's details, for messages (grpc-js's first line, timestamps removed). */
      readonly detail: string;
    }
  /** The connection failed or dropped for another reason. */
  | {
      /** Discriminant. */
      readonly kind: 'failed';
      /** The error's details, for messages (grpc-js's first line, timestamps removed). */
      readonly detail: string;
    };

interface StatusLike {
  readonly code?: number;
  readonly details?: string;
  readonly message?: string;
}

/**
 * Classifies a failed call by what grpc-js 1.14 reports (probed against
 * real peers on 127.0.0.1):
 *
 * - nothing listening: UNAVAILABLE `No connection established. Last error:
 *   Error: connect ECONNREFUSED 127.0.0.1:<port>`;
 * - an HTTP/1.1 server (node:http) or any non-HTTP/2 protocol (an SSH
 *   banner): UNAVAILABLE `No connection established. Last error: Protocol
 *   error (<time>)` — the HTTP/2 handshake fails on the first bytes;
 * - an HTTP/2 server that is not gRPC: `Received HTTP status code <n>`
 *   with the code grpc-js maps the HTTP status to (404 → UNIMPLEMENTED,
 *   502/503/504 → UNAVAILABLE, …);
 * - a peer that accepts TCP and never answers: no error at all until a
 *   deadline (our SparkDeadlineError, or DEADLINE_EXCEEDED `… Waiting for
 *   LB pick`);
 * - a peer that closes at once: UNAVAILABLE `… Last error: Failed to connect`.
 *
 * Returns undefined for anything that is not a connection problem (Spark's
 * own errors, CANCELLED, …).
 */
export function connectionFailureOf(error: unknown): ConnectionFailure | undefined {
  if (error instanceof SparkDeadlineError) return { kind: 'timeout', deadline: error.facts, detail: error.details };
  if (typeof error !== 'object' || error === null) return undefined;
  const status = error as StatusLike;
  if (typeof status.code !== 'number') return undefined;
  const detail = cleanDetail(status.details ?? status.message ?? '');
  const httpStatus = /Received HTTP status code (\d+)/.exec(detail)?.[1];
  if (httpStatus !== undefined) {
    return { kind: 'not-grpc', evidence: `it answered a gRPC call with HTTP status ${httpStatus} (a web server, or a proxy that could not reach Spark Connect)`, detail };
  }
  if (status.code === DEADLINE_EXCEEDED) return { kind: 'timeout', detail };
  if (status.code !== UNAVAILABLE) return undefined;
  if (/No connection established\..*Protocol error/s.test(detail)) {
    return { kind: 'not-grpc', evidence: 'it does not speak HTTP/2, so the gRPC handshake failed (an HTTP/1.1 web server or another protocol answered)', detail };
  }
  if (/ECONNREFUSED|Connection refused/i.test(detail)) return { kind: 'refused', detail };
  return { kind: 'failed', detail };
}

/**
 * Whether retrying may help: a refused or dropped connection (the server
 * restarting, a network blip). Not a timeout (retrying would multiply the
 * wait the user set) nor a peer that is not a gRPC server.
 */
export function isRetryableConnectionFailure(error: unknown): boolean {
  const failure = connectionFailureOf(error);
  return (error as StatusLike).code === UNAVAILABLE && (failure?.kind === 'refused' || failure?.kind === 'failed');
}

/** grpc-js details without their noise: the first line, no timestamps, no empty `Resolution note`. */
function cleanDetail(detail: string): string {
  return (detail.split('\n')[0] ?? '')
    .replace(/ \(\d{4}-\d\d-\d\dT[\d:.]+Z\)/g, '')
    .replace(/\.? ?Resolution note: ?$/, '')
    .trim();
}
