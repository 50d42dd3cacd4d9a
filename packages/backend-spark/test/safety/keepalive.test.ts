import { afterEach, describe, expect, it } from 'vitest';
import { SparkConnectSession, SparkError } from '../../src/index.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { FakeSparkServer, resultComplete } from './support/fake-spark-server.js';

// A stream has no overall deadline (a run may stream for hours): once
// connected, keepalive pings tell a working server from a dead one. Against a
// real gRPC server (grpc-js) that computes silently, behind a TCP proxy.

const TIMEOUTS = { connectMs: 400, keepaliveMs: 200, keepaliveTimeoutMs: 200 };
const PLAN = { opType: { case: 'root' as const, value: {} } };

describe('keepalive under a long, silent stream', () => {
  let server: FakeSparkServer | undefined;
  let proxy: TcpProxy | undefined;
  let session: SparkConnectSession | undefined;
  afterEach(async () => {
    session?.close();
    await proxy?.stop();
    server?.stop();
  });

  it('a server computing silently for 4× the connect deadline is not cut off, and pings flow meanwhile', { timeout: 10_000 }, async () => {
    const computeMs = 4 * TIMEOUTS.connectMs;
    server = await FakeSparkServer.start({
      stream: (call) => {
        const timer = setTimeout(() => {
          call.write(resultComplete(call.request.operationId ?? ''));
          call.end();
        }, computeMs);
        call.on('cancelled', () => clearTimeout(timer));
      },
    });
    proxy = await TcpProxy.start({ targetHost: '127.0.0.1', targetPort: server.port });
    session = SparkConnectSession.connect(proxy.remote, { timeouts: TIMEOUTS, maxReattempts: 0 });
    const pending = session.drain(PLAN);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.connectMs));
    const before = { client: proxy.clientBytes, server: proxy.serverBytes };
    await new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUTS.connectMs));
    // While the server says nothing about the stream, HTTP/2 PINGs go out and their ACKs come back.
    expect(proxy.clientBytes).toBeGreaterThan(before.client);
    expect(proxy.serverBytes).toBeGreaterThan(before.server);
    const responses = await pending;
    expect(responses.map((r) => r.responseType.case)).toEqual(['resultComplete']);
    expect(server.calls.filter((c) => c === 'ExecutePlan')).toHaveLength(1);
    expect(proxy.dropped).toBe(0);
  });

  it('a connection that goes dead mid-stream (no bytes either way) is detected by keepalive and reported, not waited on forever', { timeout: 10_000 }, async () => {
    // The server never answers the stream: it "computes" until the client gives up.
    server = await FakeSparkServer.start({ stream: () => undefined });
    proxy = await TcpProxy.start({ targetHost: '127.0.0.1', targetPort: server.port });
    session = SparkConnectSession.connect(proxy.remote, { timeouts: TIMEOUTS, maxReattempts: 1, backoffMs: 10 });
    const pending = session.drain(PLAN).then(() => undefined, (reason: unknown) => reason);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    // Alive: pings are answered, the stream stays open past the connect deadline.
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUTS.connectMs));
    expect(settled).toBe(false);
    // Now the network eats everything: the next ping goes unanswered.
    proxy.pause();
    const cut = performance.now();
    const error = await pending;
    const elapsed = performance.now() - cut;
    expect(error).toBeInstanceOf(SparkError);
    const spark = error as SparkError;
    expect(spark.code).toBe('THUND_CONNECTION');
    // The dead stream was reattached once; the new connection never completed its handshake (the proxy holds its bytes).
    expect(spark.sparkCode).toBe('SPARK_TIMEOUT');
    expect(spark.message).toContain(proxy.remote);
    expect(spark.message).toMatch(/\(ReattachExecute\)/);
    // ping interval + ping timeout + backoff + connect deadline, plus slack.
    expect(elapsed).toBeLessThan(TIMEOUTS.keepaliveMs + TIMEOUTS.keepaliveTimeoutMs + TIMEOUTS.connectMs + 2_000);
  });
});
