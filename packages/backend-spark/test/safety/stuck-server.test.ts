import { afterEach, describe, expect, it } from 'vitest';
import { SparkConnectSession, SparkError, createSparkBackend } from '../../src/index.js';
import { FakeSparkServer } from './support/fake-spark-server.js';

// A gRPC server that completes the handshake and then never answers a unary
// call (a stuck Spark driver): the call ends at timeouts.unaryMs with
// SPARK_TIMEOUT saying the server did not answer, not retried.

const DEADLINE_MS = 500;
const SLACK_MS = 1_500;

describe('a connected server that never answers a unary call', () => {
  let server: FakeSparkServer | undefined;
  afterEach(() => server?.stop());

  function expectNoAnswer(error: unknown, remote: string, method: string): void {
    expect(error).toBeInstanceOf(SparkError);
    const spark = error as SparkError;
    expect(spark.code).toBe('THUND_CONNECTION');
    expect(spark.sparkCode).toBe('SPARK_TIMEOUT');
    expect(spark.message).toContain(`[SPARK_TIMEOUT] the Spark Connect server at ${remote} did not answer ${method} within ${DEADLINE_MS} ms`);
    expect(spark.message).toContain(`raise timeouts.unaryMs (now ${DEADLINE_MS} ms)`);
  }

  it('check (AnalyzePlan for the version) fails within timeouts.unaryMs, once', { timeout: 10_000 }, async () => {
    server = await FakeSparkServer.start({ unary: 'never' });
    const started = performance.now();
    const error = await createSparkBackend({ remote: server.remote, timeouts: { unaryMs: DEADLINE_MS }, retry: { attempts: 3, backoffMs: 10 } }).then(() => undefined, (reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expectNoAnswer(error, server.remote, 'AnalyzePlan');
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // An expired deadline is not retried: each attempt would wait the whole deadline again.
    expect(server.calls.filter((c) => c === 'AnalyzePlan')).toHaveLength(1);
  });

  it('Config (get/set) fails the same way', { timeout: 10_000 }, async () => {
    server = await FakeSparkServer.start({ unary: 'never' });
    const session = SparkConnectSession.connect(server.remote, { timeouts: { unaryMs: DEADLINE_MS } });
    try {
      const started = performance.now();
      const error = await session.getConfig(['spark.sql.ansi.enabled']).then(() => undefined, (reason: unknown) => reason);
      expectNoAnswer(error, server.remote, 'Config');
      expect(performance.now() - started).toBeLessThan(DEADLINE_MS + SLACK_MS);
    } finally {
      session.close();
    }
  });
});
