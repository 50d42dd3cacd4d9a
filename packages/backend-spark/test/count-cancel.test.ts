import { create } from '@bufbuild/protobuf';
import { col, expect as expectation, pipeline, readFiles } from '@thund/ir';
import { describe, expect, it } from 'vitest';
import { parseConnectionString } from '../src/connect/connection-string.js';
import { SparkConnectSession } from '../src/connect/session.js';
import type { ConnectTransport, ResponseStream } from '../src/connect/transport.js';
import { type ExecutePlanResponse, InterruptResponseSchema, ReleaseExecuteResponseSchema } from '../src/gen/spark/connect/base_pb.js';
import { outsideLowering } from '../src/lower/flow-plan.js';
import { FlowCounter } from '../src/run/flow-counts.js';
import { SourceTotalsLedger } from '../src/run/flow-metrics.js';

/**
 * A server whose queries run until interrupted (a count over a large
 * source): every ExecutePlan is held until an Interrupt names its
 * operation, which then ends with Spark's error, as a real server's would.
 */
function slowServer() {
  const started: string[] = [];
  const interrupted: string[] = [];
  const stop = new Map<string, () => void>();
  const unused = () => Promise.reject(new Error('unused'));
  const transport: ConnectTransport = {
    executePlan: (request): ResponseStream<ExecutePlanResponse> => {
      const id = request.operationId ?? '';
      started.push(id);
      const interruptedNow = new Promise<void>((resolve) => stop.set(id, resolve));
      return {
        cancel: () => undefined,
        [Symbol.asyncIterator]: () => ({
          next: async (): Promise<IteratorResult<ExecutePlanResponse>> => {
            await interruptedNow;
            throw Object.assign(new Error('1 CANCELLED: [OPERATION_CANCELED] Operation has been canceled.'), { code: 1, details: '[OPERATION_CANCELED] Operation has been canceled.' });
          },
        }),
      };
    },
    reattachExecute: () => { throw new Error('unused'); },
    releaseExecute: async () => create(ReleaseExecuteResponseSchema, {}),
    interrupt: async (request) => {
      const id = request.interrupt.case === 'operationId' ? request.interrupt.value : '';
      interrupted.push(id);
      stop.get(id)?.();
      return create(InterruptResponseSchema, { interruptedIds: [id] });
    },
    analyzePlan: unused, config: unused, close: () => undefined,
  };
  return { transport, started, interrupted };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('a cancelled run\'s count queries', () => {
  it('are interrupted on the server, and the flow is left uncounted at once instead of waiting for them', async () => {
    const server = slowServer();
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), server.transport, { backoffMs: 1 });
    const p = pipeline('count_cancel')
      .materializedView('clean', { query: readFiles('parquet', 'orders'), expectations: [expectation('positive', col('amount').gt(0), 'warn')] })
      .build();
    const place = { catalog: 'spark_catalog', database: 'default' };
    const run = new AbortController();
    const metrics = { ledger: new SourceTotalsLedger('/nonexistent-thund-ledger', () => false), rowsBefore: new Map(), lastArrivals: new Map(), appendOnce: new Map() };
    const counter = new FlowCounter(session, p, place, outsideLowering(p, place, '/data'), metrics, run.signal);

    const counts = counter.count(p.flows[0] as (typeof p.flows)[number]);
    await settle();
    // Two queries are on the server: the table's rows and the expectation's pass/fail counts.
    expect(server.started).toHaveLength(2);
    run.abort();
    const outcome = await Promise.race([counts, new Promise<'still counting'>((resolve) => setTimeout(() => resolve('still counting'), 2_000))]);
    expect(outcome).toEqual({ rowsWritten: undefined, expectations: undefined });
    expect([...server.interrupted].sort()).toEqual([...server.started].sort());
  });
});
