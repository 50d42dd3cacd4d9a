import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunEvent, type ThundError, pipeline, sql } from '@thund/ir';
import { SparkBackend, SparkConnectSession, SparkError, createSparkBackend } from '../../src/index.js';
import { resolveConfig } from '../../src/spark-config.js';
import { type Peer, silentTcpServer } from './support/peers.js';

// Issue 12: a peer that accepts TCP and never answers (a wedged server, a
// black-holing firewall) used to hang `thund check` and `thund run`
// forever. Every call now has a connect deadline; expiring is
// THUND_CONNECTION / SPARK_TIMEOUT naming the address, the deadline and the fix.

const DEADLINE_MS = 500;
/** Timer and scheduling slack on a loaded 2-core machine. */
const SLACK_MS = 1_500;

describe('a server that accepts TCP and never answers', () => {
  let peer: Peer;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'thund-spark-silent-'));
  });
  afterEach(async () => {
    await peer?.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function expectTimeout(error: unknown, remote: string, setting: string): void {
    expect(error).toBeInstanceOf(SparkError);
    const spark = error as SparkError;
    expect(spark.code).toBe('THUND_CONNECTION');
    expect(spark.sparkCode).toBe('SPARK_TIMEOUT');
    expect(spark.message).toContain('[SPARK_TIMEOUT]');
    expect(spark.message).toContain(remote);
    expect(spark.message).toContain(`${DEADLINE_MS} ms`);
    expect(spark.message).toContain(`Is a Spark Connect server running at ${remote}?`);
    expect(spark.message).toContain(`raise ${setting}`);
    expect(spark.message).toContain('tools/spark/start.sh');
  }

  it('check (createSparkBackend: connect, read the version) fails with SPARK_TIMEOUT within timeouts.connectMs', { timeout: 10_000 }, async () => {
    peer = await silentTcpServer();
    const started = performance.now();
    const error = await createSparkBackend({ remote: peer.remote, baseDir: dir, timeouts: { connectMs: DEADLINE_MS } }).then(() => undefined, (reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expectTimeout(error, peer.remote, 'timeouts.connectMs');
    expect((error as SparkError).message).toMatch(/no connection was established within 500 ms \(AnalyzePlan\)/);
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // The peer was reached (it accepted), and the timeout was not retried: one connection.
    expect(peer.accepted()).toBe(1);
  });

  it('the unary deadline bounds check too when it is the shorter one (timeouts.unaryMs named)', { timeout: 10_000 }, async () => {
    peer = await silentTcpServer();
    const started = performance.now();
    const error = await createSparkBackend({ remote: peer.remote, baseDir: dir, timeouts: { connectMs: 60_000, unaryMs: DEADLINE_MS } }).then(() => undefined, (reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expectTimeout(error, peer.remote, 'timeouts.unaryMs');
    expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('a query (ExecutePlan stream) fails with SPARK_TIMEOUT within timeouts.connectMs', { timeout: 10_000 }, async () => {
    peer = await silentTcpServer();
    const session = SparkConnectSession.connect(peer.remote, { timeouts: { connectMs: DEADLINE_MS } });
    try {
      const started = performance.now();
      const error = await session.sql('SELECT 1').then(() => undefined, (reason: unknown) => reason);
      const elapsed = performance.now() - started;
      expectTimeout(error, peer.remote, 'timeouts.connectMs');
      expect((error as ThundError).message).toMatch(/\(ExecutePlan\)/);
      expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
    } finally {
      session.close();
    }
  });

  it('run fails (not hangs) with SPARK_TIMEOUT within timeouts.connectMs, the flow failed with the message', { timeout: 10_000 }, async () => {
    peer = await silentTcpServer();
    const config = resolveConfig({ remote: peer.remote, baseDir: dir, timeouts: { connectMs: DEADLINE_MS } });
    // A backend as createSparkBackend would return it had the version call answered.
    const session = SparkConnectSession.connect(config.remote, { timeouts: config.timeouts, maxReattempts: config.retry.attempts, backoffMs: config.retry.backoffMs });
    const backend = new SparkBackend(config, session, '4.3.0');
    try {
      const p = pipeline('silent').materializedView('one', { query: sql('spark', 'SELECT 1 AS x') }).build();
      const started = performance.now();
      const handle = backend.run(p);
      const events: RunEvent[] = [];
      for await (const event of handle) events.push(event);
      const result = await handle.result;
      const elapsed = performance.now() - started;
      expect(result.status).toBe('failed');
      expect(result.error?.code).toBe('THUND_CONNECTION');
      const flow = result.flows.find((f) => f.name === 'one');
      expect(flow?.phase).toBe('failed');
      expect(flow?.error?.code).toBe('THUND_CONNECTION');
      expect(flow?.error?.message).toContain('[SPARK_TIMEOUT]');
      expect(flow?.error?.message).toContain(peer.remote);
      expect(flow?.error?.message).toContain('raise timeouts.connectMs (now 500 ms)');
      expect(events.at(-1)).toMatchObject({ element: { kind: 'pipeline' }, phase: 'failed' });
      expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
    } finally {
      await backend.close();
    }
  });
});
