import { afterEach, describe, expect, it } from 'vitest';
import { SparkConnectSession, SparkError, createSparkBackend } from '../../src/index.js';
import { type Http2Peer, handshakeOnlyHttp2Server } from './support/peers.js';

// Hardening item 8: a peer that completes the HTTP/2 handshake but answers
// neither RPCs nor PINGs. Each keepalive failure (UNAVAILABLE, retried as a
// dropped connection) used to restart the unary call with a fresh deadline:
// `thund check` took (retries + 1) × (keepaliveMs + keepaliveTimeoutMs),
// 305 s, against timeouts.unaryMs = 60 s. The deadline bounds the whole
// call, retries included.

const UNARY_MS = 1_000;
/** Keepalive fails after ~400 ms, well inside the deadline, so each attempt ends by keepalive and is retried. */
const TIMEOUTS = { unaryMs: UNARY_MS, keepaliveMs: 200, keepaliveTimeoutMs: 200 };
/** The CLI's retry budget (5 attempts, 100 ms first backoff). */
const RETRY = { attempts: 5, backoffMs: 100 };
/** Timer and scheduling slack on a loaded 2-core machine. */
const SLACK_MS = 1_000;

function expectUnaryDeadline(error: unknown, remote: string, method: string): void {
  expect(error).toBeInstanceOf(SparkError);
  const spark = error as SparkError;
  expect(spark.code).toBe('THUND_CONNECTION');
  expect(spark.sparkCode).toBe('SPARK_TIMEOUT');
  expect(spark.message).toContain(`[SPARK_TIMEOUT] the Spark Connect server at ${remote} did not answer ${method} within ${UNARY_MS} ms`);
  expect(spark.message).toContain(`raise timeouts.unaryMs (now ${UNARY_MS} ms)`);
}

describe('a peer that completes the HTTP/2 handshake and then answers nothing, not even PINGs', () => {
  let peer: Http2Peer | undefined;
  afterEach(async () => {
    await peer?.close();
  });

  it('check (createSparkBackend: the version call) fails within timeouts.unaryMs, keepalive retries included', { timeout: 20_000 }, async () => {
    peer = await handshakeOnlyHttp2Server();
    const started = performance.now();
    const error = await createSparkBackend({ remote: peer.remote, timeouts: TIMEOUTS, retry: RETRY }).then(() => undefined, (reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expectUnaryDeadline(error, peer.remote, 'AnalyzePlan');
    expect(elapsed).toBeLessThan(UNARY_MS + SLACK_MS);
    // The client pinged and the peer never acknowledged: keepalive ended the first attempt, and the retry on a new connection ran within the same deadline.
    expect(peer.pings()).toBeGreaterThan(0);
    expect(peer.accepted()).toBeGreaterThan(1);
    expect((error as SparkError).message).toMatch(/within 1000 ms, its \d+ retr(y|ies) after a dropped connection included/);
  });

  it('Config fails the same way: one deadline for the call and its retries', { timeout: 20_000 }, async () => {
    peer = await handshakeOnlyHttp2Server();
    const session = SparkConnectSession.connect(peer.remote, { timeouts: TIMEOUTS, maxReattempts: RETRY.attempts, backoffMs: RETRY.backoffMs });
    try {
      const started = performance.now();
      const error = await session.getConfig(['spark.sql.ansi.enabled']).then(() => undefined, (reason: unknown) => reason);
      expectUnaryDeadline(error, peer.remote, 'Config');
      expect(performance.now() - started).toBeLessThan(UNARY_MS + SLACK_MS);
    } finally {
      session.close();
    }
  });
});
