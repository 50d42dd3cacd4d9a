import { ThundError, ThundErrorCode } from '@thund/ir';

/**
 * How long the Spark Connect client waits, and how it notices a dead
 * server. Every value is in milliseconds.
 *
 * - `connectMs` bounds establishing the connection (TCP, TLS, the HTTP/2
 *   handshake with the server) for every call. A peer that accepts TCP and
 *   never answers fails with SPARK_TIMEOUT after this long.
 * - `unaryMs` is the deadline of each unary RPC (Config, AnalyzePlan,
 *   Interrupt, ReleaseExecute), from sending it to its answer, retries
 *   after a dropped connection included.
 * - Streaming RPCs (ExecutePlan, ReattachExecute) have no overall deadline:
 *   a pipeline run or a long query may stream for hours. Once connected, a
 *   dead or unreachable server is detected by HTTP/2 keepalive pings, sent
 *   every `keepaliveMs` and expected back within `keepaliveTimeoutMs`; a
 *   stream whose pings go unanswered fails as a lost connection and is
 *   reattached (within the retry budget).
 */
export interface ConnectTimeouts {
  /** Most time to establish the connection (TCP, TLS, HTTP/2 handshake), for every call. */
  readonly connectMs: number;
  /** Deadline of each unary RPC, from sending it to its answer. */
  readonly unaryMs: number;
  /** Interval between HTTP/2 keepalive pings, also on an idle channel. */
  readonly keepaliveMs: number;
  /** How long a ping may go unanswered before the connection counts as lost. */
  readonly keepaliveTimeoutMs: number;
}

/**
 * Defaults: 30 s to connect, 60 s per unary call, a ping every 30 s answered
 * within 20 s. Spark Connect 4.3 accepts client pings every 10 s or more
 * (`spark.connect.grpc.keepAlive.*`); older servers (grpc-java's default,
 * 5 min) answer more frequent pings with GOAWAY `too_many_pings`, which
 * grpc-js handles by doubling its interval — raise `keepaliveMs` there.
 */
export const DEFAULT_CONNECT_TIMEOUTS: ConnectTimeouts = Object.freeze({
  connectMs: 30_000,
  unaryMs: 60_000,
  keepaliveMs: 30_000,
  keepaliveTimeoutMs: 20_000,
});

/** Largest timer Node accepts (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Fills unset timeouts with the defaults. A value that is not a positive
 * number of milliseconds (at most ~24 days) is a THUND_VALIDATION error
 * naming the option.
 */
export function resolveConnectTimeouts(timeouts: Partial<ConnectTimeouts> = {}): ConnectTimeouts {
  const resolved: Record<keyof ConnectTimeouts, number> = { ...DEFAULT_CONNECT_TIMEOUTS };
  for (const key of Object.keys(DEFAULT_CONNECT_TIMEOUTS) as Array<keyof ConnectTimeouts>) {
    const value = timeouts[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
      throw new ThundError(
        ThundErrorCode.Validation,
        `invalid Spark backend option timeouts.${key}: ${String(value)} (expected a positive number of milliseconds, at most ${MAX_TIMER_MS}; default ${DEFAULT_CONNECT_TIMEOUTS[key]})`,
        { backend: 'spark' },
      );
    }
    resolved[key] = Math.ceil(value);
  }
  return Object.freeze(resolved);
}

/** The grpc-js channel options that turn keepalive pings on. */
export function keepaliveChannelOptions(timeouts: ConnectTimeouts): Readonly<Record<string, number>> {
  return {
    'grpc.keepalive_time_ms': timeouts.keepaliveMs,
    'grpc.keepalive_timeout_ms': timeouts.keepaliveTimeoutMs,
    // Pings also on an idle channel, so a dead connection is found before the next call is sent on it.
    'grpc.keepalive_permit_without_calls': 1,
  };
}
