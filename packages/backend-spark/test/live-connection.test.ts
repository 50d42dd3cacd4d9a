import { create } from '@bufbuild/protobuf';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunEvent, ThundError, count, from, pipeline, sql } from '@thund/ir';
import type { Table } from 'apache-arrow';
import {
  type ConnectTransport, GrpcTransport, type SessionOptions, SparkBackend, SparkConnectSession, parseConnectionString, tableToRows,
} from '../src/index.js';
import { type ExecutePlanResponse, ExecutePlanResponseSchema, ReleaseExecuteResponseSchema } from '../src/gen/spark/connect/base_pb.js';
import { resolveConfig } from '../src/spark-config.js';
import { TcpProxy } from './support/tcp-proxy.js';

// The client against a real Spark Connect server through a TCP proxy that
// drops connections (skipped without THUND_SPARK_REMOTE): reattach after a
// dropped ExecutePlan stream, a clear THUND_CONNECTION error when the
// server is gone, and cancelling a live pipeline run.

const remote = process.env['THUND_SPARK_REMOTE'];

/** Every RPC the session made, in order, and what Interrupt answered. */
interface CallLog {
  readonly calls: string[];
  readonly interrupted: string[][];
  readonly executed: string[];
}

/** The gRPC transport with every call recorded. */
function recordingTransport(address: string, log: CallLog): ConnectTransport {
  const inner = new GrpcTransport(parseConnectionString(address));
  return {
    executePlan: (request) => { log.calls.push('executePlan'); log.executed.push(request.operationId ?? ''); return inner.executePlan(request); },
    reattachExecute: (request) => { log.calls.push(`reattachExecute after=${request.lastResponseId ?? '-'}`); return inner.reattachExecute(request); },
    releaseExecute: (request) => { log.calls.push('releaseExecute'); return inner.releaseExecute(request); },
    analyzePlan: (request) => { log.calls.push('analyzePlan'); return inner.analyzePlan(request); },
    config: (request) => { log.calls.push('config'); return inner.config(request); },
    interrupt: async (request) => {
      log.calls.push('interrupt');
      const response = await inner.interrupt(request);
      log.interrupted.push([...response.interruptedIds]);
      return response;
    },
    close: () => inner.close(),
  };
}

/** A backend whose session goes to `address` over a recording transport. */
async function backendAt(address: string, baseDir: string, database: string, options?: SessionOptions): Promise<{ backend: SparkBackend; log: CallLog }> {
  const log: CallLog = { calls: [], interrupted: [], executed: [] };
  const session = new SparkConnectSession(parseConnectionString(address), recordingTransport(address, log), options);
  const version = await session.sparkVersion();
  return { backend: new SparkBackend(resolveConfig({ remote: address, baseDir, database }), session, version), log };
}

function idStats(table: Table): { rows: number; sum: bigint; distinct: boolean } {
  const ids = table.getChild('id');
  if (ids === null) throw new Error('no id column');
  let sum = 0n;
  let previous = -1n;
  let ordered = true;
  for (const value of ids) {
    const id = BigInt(value as bigint);
    sum += id;
    if (id !== previous + 1n) ordered = false;
    previous = id;
  }
  return { rows: table.numRows, sum, distinct: ordered };
}

/**
 * Waits until the write job of materialized view `table` has started on the
 * server (its `_temporary` output directory exists under the server's
 * warehouse, exported by tools/spark/with-server.sh), or `fallbackMs`.
 */
async function slowJobStarted(database: string, table: string, fallbackMs: number): Promise<boolean> {
  const warehouse = process.env['THUND_SPARK_WAREHOUSE'];
  const deadline = performance.now() + fallbackMs;
  const marker = warehouse === undefined ? undefined : join(warehouse, `${database}.db`, table, '_temporary');
  while (performance.now() < deadline) {
    if (marker !== undefined && existsSync(marker)) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const N = 5_000_000;
const SUM = BigInt(N) * BigInt(N - 1) / 2n;
const RANGE = `SELECT id FROM range(0, ${N}, 1, 4)`;

/** Spark's INVALID_HANDLE error for a reattach to an operation the server never got. */
function operationNotFound(): Error {
  const details = '[INVALID_HANDLE.OPERATION_NOT_FOUND] The handle x is invalid. Operation not found. SQLSTATE: HY000';
  return Object.assign(new Error(`13 INTERNAL: ${details}`), { code: 13, details, metadata: { get: () => [] } });
}

function scripted(streams: Array<() => AsyncIterable<ExecutePlanResponse>>, log: string[]): ConnectTransport {
  const unused = () => Promise.reject(new Error('unused'));
  const next = (kind: string) => {
    log.push(kind);
    const make = streams.shift();
    if (make === undefined) throw new Error('no more streams');
    const iterable = make();
    return { cancel: () => undefined, [Symbol.asyncIterator]: () => iterable[Symbol.asyncIterator]() };
  };
  return {
    executePlan: () => next('execute'), reattachExecute: () => next('reattach'),
    releaseExecute: async () => create(ReleaseExecuteResponseSchema, {}), analyzePlan: unused, config: unused, interrupt: unused, close: () => undefined,
  };
}

const sqlResponse = (id: string, complete = false): ExecutePlanResponse => create(ExecutePlanResponseSchema, {
  responseId: id, responseType: complete ? { case: 'resultComplete', value: {} } : { case: 'sqlCommandResult', value: {} },
});

// Recovery rules the live tests rely on, pinned with a scripted transport (these run without a server).
describe('session recovery rules (scripted transport)', () => {
  const plan = { opType: { case: 'root' as const, value: {} } };

  it('a stream that keeps ending before ResultComplete fails with THUND_CONNECTION after the budget instead of returning a partial result', async () => {
    const log: string[] = [];
    const first = () => (async function* () { yield sqlResponse('r1'); })();
    const empty = () => (async function* () { /* ends at once, no ResultComplete */ })();
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), scripted([first, empty, empty, empty], log), { backoffMs: 1, maxReattempts: 2 });
    const seen: string[] = [];
    const error = await (async () => { for await (const r of session.execute(plan)) seen.push(r.responseId); })().then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'THUND_CONNECTION', message: expect.stringMatching(/sc:\/\/127\.0\.0\.1:1 was lost .*after 2 attempts/) });
    expect(log).toEqual(['execute', 'reattach', 'reattach']);
    expect(seen).toEqual(['r1']);
  });

  it('OPERATION_NOT_FOUND on a reattach after a response was received is an engine error, not a resend (a resend would run the plan twice)', async () => {
    const log: string[] = [];
    const drops = () => (async function* () { yield sqlResponse('r1'); throw Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14, details: 'Connection dropped' }); })();
    // biome-ignore lint/correctness/useYield: a stream that fails before its first message
    const notFound = () => (async function* () { throw operationNotFound(); })();
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), scripted([drops, notFound], log), { backoffMs: 1 });
    await expect(session.drain(plan)).rejects.toMatchObject({ code: 'THUND_ENGINE', engineClass: 'INVALID_HANDLE.OPERATION_NOT_FOUND' });
    expect(log).toEqual(['execute', 'reattach']);
  });

  it('closing the session stops a pending reattach with THUND_CANCELLED', async () => {
    const log: string[] = [];
    // biome-ignore lint/correctness/useYield: a stream that fails before its first message
    const drops = () => (async function* () { throw Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14, details: 'Connection dropped' }); })();
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), scripted([drops, drops], log), { backoffMs: 50 });
    const pending = session.drain(plan);
    setTimeout(() => session.close(), 10);
    await expect(pending).rejects.toMatchObject({ code: 'THUND_CANCELLED' });
    expect(log).toEqual(['execute']);
  });
});

if (remote === undefined) {
  describe.skip('live connection: reattach, lost server and cancel on a real Spark Connect server (set THUND_SPARK_REMOTE)', () => it('needs a server', () => {}));
} else {
  const target = new URL(remote.replace(/^sc:/, 'http:'));
  const targetPort = Number(target.port);

  describe('live connection: a real Spark Connect server behind a TCP proxy', () => {
    let dir: string;
    let proxy: TcpProxy;
    const backends: SparkBackend[] = [];
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'thund-spark-live-'));
    });
    afterEach(async () => {
      for (const backend of backends.splice(0)) await backend.close();
      await proxy?.stop();
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    async function connected(options?: SessionOptions): Promise<{ backend: SparkBackend; log: CallLog }> {
      proxy = await TcpProxy.start({ targetHost: '127.0.0.1', targetPort });
      const made = await backendAt(proxy.remote, dir, `thund_live${process.pid}`, options);
      backends.push(made.backend);
      return made;
    }

    it('the proxy forwards: a query through it returns the same rows as without it', async () => {
      const { backend } = await connected();
      const stats = idStats(await backend.session.sql(RANGE));
      expect(stats).toEqual({ rows: N, sum: SUM, distinct: true });
      expect(proxy.serverBytes).toBeGreaterThan(N * 8);
      expect(proxy.dropped).toBe(0);
    });

    it('a stream dropped mid-result (proxy resets the connection, keeps listening) is reattached and the result is complete', async () => {
      const { backend, log } = await connected({ backoffMs: 50 });
      // 5M bigint ids are ~40 MB of Arrow in ~10 responses; cut the connection after 12 MB, in the middle of one.
      const dropped = proxy.dropAfterServerBytes(12 * 1024 * 1024);
      const table = await backend.session.sql(RANGE);
      await dropped;
      expect(proxy.dropped).toBeGreaterThanOrEqual(1);
      expect(idStats(table)).toEqual({ rows: N, sum: SUM, distinct: true });
      const reattaches = log.calls.filter((c) => c.startsWith('reattachExecute'));
      expect(reattaches.length).toBeGreaterThanOrEqual(1);
      expect(reattaches[0]).not.toBe('reattachExecute after=-');
      expect(proxy.accepted).toBeGreaterThanOrEqual(2);
      // The session still works afterwards.
      expect(Number(tableToRows(await backend.session.sql('SELECT 41 + 1 AS x'))[0]?.['x'])).toBe(42);
    });

    it('two drops in one result are both survived', async () => {
      const { backend, log } = await connected({ backoffMs: 50 });
      const first = proxy.dropAfterServerBytes(6 * 1024 * 1024);
      const pending = backend.session.sql(RANGE);
      await first;
      const second = proxy.dropAfterServerBytes(10 * 1024 * 1024);
      const table = await pending;
      await second;
      expect(proxy.dropped).toBeGreaterThanOrEqual(2);
      expect(idStats(table)).toEqual({ rows: N, sum: SUM, distinct: true });
      expect(log.calls.filter((c) => c.startsWith('reattachExecute')).length).toBeGreaterThanOrEqual(2);
    });

    it('a request dropped before it reached the server (no response yet) is resent, not lost', async () => {
      const { backend, log } = await connected({ backoffMs: 50 });
      const before = proxy.serverBytes;
      proxy.pause();
      const pending = backend.session.sql('SELECT id FROM range(0, 1000)');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(proxy.serverBytes).toBe(before);
      proxy.dropAll();
      proxy.resume();
      const stats = idStats(await pending);
      expect(stats).toEqual({ rows: 1000, sum: 499_500n, distinct: true });
      // The reattach found no such operation on the server (the request never arrived), so ExecutePlan was sent again.
      expect(log.calls.slice(-4)).toEqual(['executePlan', 'reattachExecute after=-', 'executePlan', 'releaseExecute']);
    });

    it('a pause in the middle of a stream (no bytes for 2 s) does not fail the query', async () => {
      const { backend } = await connected();
      const pending = backend.session.sql(RANGE);
      await new Promise((resolve) => setTimeout(resolve, 150));
      proxy.pause();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const during = proxy.serverBytes;
      proxy.resume();
      expect(idStats(await pending)).toEqual({ rows: N, sum: SUM, distinct: true });
      expect(proxy.serverBytes).toBeGreaterThan(during);
      expect(proxy.dropped).toBe(0);
    });

    it('a stream dropped with the server gone for good fails within the retry budget with THUND_CONNECTION saying what to do', async () => {
      const { backend } = await connected({ backoffMs: 100, maxReattempts: 4 });
      const gone = proxy.dropAfterServerBytes(8 * 1024 * 1024).then(() => proxy.stop());
      const started = performance.now();
      const error = await backend.session.sql(RANGE).then(() => undefined, (reason: unknown) => reason);
      const elapsed = performance.now() - started;
      await gone;
      expect(proxy.listening).toBe(false);
      expect(error).toBeInstanceOf(ThundError);
      const thund = error as ThundError;
      expect(thund.code).toBe('THUND_CONNECTION');
      expect(thund.message).toContain(proxy.remote);
      expect(thund.message).toMatch(/connection .*was lost/);
      expect(thund.message).toMatch(/4 attempts/);
      expect(thund.message).toMatch(/check that the server is running/i);
      expect(thund.message).not.toMatch(/\n\s+at /);
      expect(thund.message).not.toMatch(/grpc-js|node_modules/);
      expect(elapsed).toBeLessThan(30_000);
      // 4 reattempts with a 100 ms backoff doubling: at least 0.1+0.2+0.4+0.8 s were waited.
      expect(elapsed).toBeGreaterThan(1_400);
    });

    it('with the default retry budget a lost server is reported in well under 30 s', async () => {
      const { backend } = await connected();
      const gone = proxy.dropAfterServerBytes(8 * 1024 * 1024).then(() => proxy.stop());
      const started = performance.now();
      await expect(backend.session.sql(RANGE)).rejects.toMatchObject({ code: 'THUND_CONNECTION', message: expect.stringContaining(proxy.remote) });
      await gone;
      expect(performance.now() - started).toBeLessThan(30_000);
    });

    it('a server gone before a call: every RPC kind is a THUND_CONNECTION error naming the address and the fix, within the budget', async () => {
      const { backend } = await connected({ backoffMs: 20, maxReattempts: 2 });
      await proxy.stop();
      const started = performance.now();
      const settled = await Promise.allSettled([backend.session.sql('SELECT 1'), backend.session.sparkVersion(), backend.session.getConfig(['spark.sql.ansi.enabled'])]);
      const address = proxy.remote.replace(/[.:/]/g, '\\$&');
      for (const outcome of settled) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason as ThundError;
        expect(error).toBeInstanceOf(ThundError);
        expect(error.code).toBe('THUND_CONNECTION');
        // Retried (the budget is 2), then refused: the old connection is gone and nothing listens any more.
        expect(error.message).toMatch(new RegExp(`${address}: connection refused \\(after 2 attempts\\)\\. Check that the server is running.*tools/spark/start\\.sh`));
      }
      expect(performance.now() - started).toBeLessThan(30_000);
    });

    it('a unary call whose connection was dropped (server still there) is retried and answers', async () => {
      const { backend, log } = await connected({ backoffMs: 50 });
      const before = log.calls.filter((c) => c === 'analyzePlan').length;
      proxy.pause();
      const version = backend.session.sparkVersion();
      await new Promise((resolve) => setTimeout(resolve, 200));
      proxy.dropAll();
      proxy.resume();
      expect(await version).toMatch(/^4\.3/);
      // The first AnalyzePlan was lost with the connection; the retry answered.
      expect(log.calls.filter((c) => c === 'analyzePlan').length - before).toBe(2);
      expect(proxy.accepted).toBeGreaterThanOrEqual(2);
    });

    it('a closed session fails later calls with THUND_CANCELLED, not a raw gRPC error', async () => {
      const { backend } = await connected();
      await backend.close();
      await expect(backend.session.sql('SELECT 1')).rejects.toMatchObject({ code: 'THUND_CANCELLED', message: expect.stringMatching(/session to sc:\/\/127\.0\.0\.1:\d+ was closed/) });
      await expect(backend.session.sparkVersion()).rejects.toMatchObject({ code: 'THUND_CANCELLED' });
    });

    it('a live pipeline run cancelled while its first flow’s Spark job runs ends cancelled at once: Spark is interrupted, nothing downstream runs, the session still works', async () => {
      const { backend, log } = await connected();
      const database = `thund_live${process.pid}`;
      // `slow` sleeps 100 ms per row, 200 rows in each of two partitions: its write job needs ~20 s, the cancel far less.
      const SLOW_JOB_MS = 20_000;
      const p = pipeline('live_cancel')
        .materializedView('slow', { query: sql('spark', "SELECT id, reflect('java.lang.Thread', 'sleep', 100L) AS pause FROM range(0, 400, 1, 2)") })
        .materializedView('slow_count', { query: from('slow').agg(count().as('n')) })
        .materializedView('small', { query: sql('spark', 'SELECT id FROM range(0, 10)') })
        .build();
      const handle = backend.run(p);
      const events: RunEvent[] = [];
      let cancelled: Promise<void> | undefined;
      let cancelAt = 0;
      for await (const event of handle) {
        events.push(event);
        if (cancelled === undefined && event.element.kind === 'flow' && event.element.name === 'slow' && event.phase === 'running') {
          // SDP reports RUNNING before it has planned the flow's query; cancel once its write job is on the executors.
          cancelled = slowJobStarted(database, 'slow', 8_000).then(() => {
            cancelAt = performance.now();
            return handle.cancel();
          });
        }
      }
      await cancelled;
      const result = await handle.result;
      const cancelMs = performance.now() - cancelAt;
      expect(cancelled, 'flow "slow" never reached running').toBeDefined();
      expect(result.status).toBe('cancelled');
      expect(result.error?.code).toBe('THUND_CANCELLED');
      // The run ended without waiting for the flow's job.
      expect(cancelMs).toBeLessThan(SLOW_JOB_MS / 2);
      expect(result.flows.map((f) => f.name).sort()).toEqual(['slow', 'slow_count', 'small']);
      for (const flow of result.flows) expect(['completed', 'cancelled']).toContain(flow.phase);
      expect(result.flows.find((f) => f.name === 'slow')?.phase).toBe('cancelled');
      expect(result.flows.find((f) => f.name === 'slow_count')?.phase).toBe('cancelled');
      expect(events.at(-1)).toMatchObject({ element: { kind: 'pipeline' }, phase: 'cancelled' });
      // The StartRun operation was interrupted on the server: Interrupt answered with its operation id.
      expect(log.calls).toContain('interrupt');
      expect(log.interrupted.flat().length).toBeGreaterThanOrEqual(1);
      expect(log.executed).toEqual(expect.arrayContaining(log.interrupted.flat()));
      // The same session still answers and runs jobs (this one needs both task slots of local[2]). No time bound:
      // on OSS Spark 4.3 a batch flow job already launched by SDP is not always killed by the interrupt
      // (it is only when its thread carries the StartRun operation's job tag) and may hold the slots until it ends.
      expect(Number(tableToRows(await backend.session.sql('SELECT 41 + 1 AS x'))[0]?.['x'])).toBe(42);
      const rows = tableToRows(await backend.session.sql('SELECT count(*) AS n, sum(id) AS s FROM range(0, 100000, 1, 2)'));
      expect(rows.map((r) => [Number(r['n']), Number(r['s'])])).toEqual([[100_000, 4_999_950_000]]);
      // SDP started nothing after the interrupt: the flow downstream of `slow` never wrote its view.
      const downstream = await backend.readDataset('slow_count').then((t) => t.numRows, (reason: unknown) => (reason as ThundError).code);
      expect(downstream === 'THUND_SOURCE' || downstream === 0).toBe(true);
    });
  });
}
