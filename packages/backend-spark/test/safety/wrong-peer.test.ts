import { afterEach, describe, expect, it } from 'vitest';
import { SparkConnectSession, SparkError, createSparkBackend } from '../../src/index.js';
import { type Peer, closedPort, http1Server, http2NotFoundServer } from './support/peers.js';

// Issue 12: a web server on the Spark Connect port was reported as
// "connection refused". What grpc-js 1.14 reports, and what we say:
// - HTTP/1.1 (node:http): UNAVAILABLE "No connection established. Last error:
//   Protocol error" → SPARK_NOT_SPARK_CONNECT, not retried;
// - plain HTTP/2 answering 404: UNIMPLEMENTED "Received HTTP status code 404"
//   → SPARK_NOT_SPARK_CONNECT;
// - nothing listening: UNAVAILABLE "… connect ECONNREFUSED …" →
//   SPARK_CONNECTION_REFUSED, "connection refused", retried as before.

/** Well above one round trip on 127.0.0.1, well below the retry backoff below (200 + 400 + 800 ms). */
const NO_RETRY_MS = 1_000;
const RETRY = { attempts: 3, backoffMs: 200 };

async function failure(promise: Promise<unknown>): Promise<{ error: SparkError; elapsed: number }> {
  const started = performance.now();
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(SparkError);
  return { error: error as SparkError, elapsed: performance.now() - started };
}

function expectNotSparkConnect(error: SparkError, remote: string): void {
  expect(error.code).toBe('THUND_CONNECTION');
  expect(error.sparkCode).toBe('SPARK_NOT_SPARK_CONNECT');
  expect(error.message).toContain(`the server at ${remote} is not a Spark Connect (gRPC) server`);
  expect(error.message).toMatch(/Check the host and port/);
  expect(error.message).not.toMatch(/connection refused/i);
}

describe('the wrong peer on the port', () => {
  let peer: Peer;
  afterEach(async () => {
    await peer?.close();
  });

  it('an HTTP/1.1 server: check says it is not a Spark Connect (gRPC) server, at once, without retrying', { timeout: 10_000 }, async () => {
    peer = await http1Server();
    const { error, elapsed } = await failure(createSparkBackend({ remote: peer.remote, retry: RETRY }));
    expectNotSparkConnect(error, peer.remote);
    expect(error.message).toMatch(/does not speak HTTP\/2/);
    expect(elapsed).toBeLessThan(NO_RETRY_MS);
    expect(peer.accepted()).toBe(1);
  });

  it('an HTTP/1.1 server: a query (ExecutePlan stream) gets the same answer', { timeout: 10_000 }, async () => {
    peer = await http1Server();
    const session = SparkConnectSession.connect(peer.remote, { maxReattempts: RETRY.attempts, backoffMs: RETRY.backoffMs });
    try {
      const { error, elapsed } = await failure(session.sql('SELECT 1'));
      expectNotSparkConnect(error, peer.remote);
      expect(elapsed).toBeLessThan(NO_RETRY_MS);
    } finally {
      session.close();
    }
  });

  it('an HTTP/2 server that is not gRPC (404): not a Spark Connect server, naming the HTTP status', { timeout: 10_000 }, async () => {
    peer = await http2NotFoundServer();
    const { error, elapsed } = await failure(createSparkBackend({ remote: peer.remote, retry: RETRY }));
    expectNotSparkConnect(error, peer.remote);
    expect(error.message).toMatch(/HTTP status 404/);
    expect(elapsed).toBeLessThan(NO_RETRY_MS);
  });

  it('a closed port stays "connection refused" (SPARK_CONNECTION_REFUSED), retried within the budget', { timeout: 10_000 }, async () => {
    peer = await closedPort();
    const { error, elapsed } = await failure(createSparkBackend({ remote: peer.remote, retry: { attempts: 1, backoffMs: 10 } }));
    expect(error.code).toBe('THUND_CONNECTION');
    expect(error.sparkCode).toBe('SPARK_CONNECTION_REFUSED');
    expect(error.message).toContain(`[SPARK_CONNECTION_REFUSED] cannot reach the Spark Connect server at ${peer.remote}: connection refused (after 1 attempt)`);
    expect(error.message).toMatch(/tools\/spark\/start\.sh/);
    expect(error.message).not.toMatch(/not a Spark Connect/);
    expect(elapsed).toBeLessThan(NO_RETRY_MS);
  });
});
