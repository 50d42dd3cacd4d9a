import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ThundError } from '@thund/ir';
import { type ExecutePlanResponse, ExecutePlanResponseSchema } from '../src/gen/spark/connect/base_pb.js';
import { type ConnectTransport, type ResponseStream, SparkConnectSession, SparkError, decodeStatusDetails, parseConnectionString, thundErrorFromSpark } from '../src/index.js';

/** Encodes google.rpc.Status{code, message, details:[Any{ErrorInfo}]} by hand (varint/length-delimited). */
function statusBytes(reason: string, metadata: Record<string, string>): Buffer {
  const varint = (n: number): number[] => { const out: number[] = []; do { let b = n & 0x7f; n >>>= 7; if (n > 0) b |= 0x80; out.push(b); } while (n > 0); return out; };
  const field = (no: number, bytes: Uint8Array | number[]): number[] => [...varint((no << 3) | 2), ...varint(bytes.length), ...bytes];
  const str = (s: string) => [...new TextEncoder().encode(s)];
  const info = [...field(1, str(reason)), ...field(2, str('org.apache.spark')), ...Object.entries(metadata).flatMap(([k, v]) => field(3, [...field(1, str(k)), ...field(2, str(v))]))];
  const any = [...field(1, str('type.googleapis.com/google.rpc.ErrorInfo')), ...field(2, info)];
  return Buffer.from([0x08, 13, ...field(2, str('boom')), ...field(3, any)]);
}

function grpcError(code: number, details: string, status?: Buffer): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: { get: (key: string) => (key === 'grpc-status-details-bin' && status !== undefined ? [status] : []) } });
}

describe('error mapping', () => {
  const remote = 'sc://127.0.0.1:1';

  it('decodes ErrorInfo from grpc-status-details-bin', () => {
    const decoded = decodeStatusDetails(statusBytes('org.apache.spark.sql.AnalysisException', { errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION', sqlState: '42703' }));
    expect(decoded).toEqual({ code: 13, message: 'boom', errorInfo: { reason: 'org.apache.spark.sql.AnalysisException', domain: 'org.apache.spark', metadata: { errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION', sqlState: '42703' } } });
  });

  it('an engine error is THUND_ENGINE with Spark’s class', () => {
    const status = statusBytes('org.apache.spark.sql.AnalysisException', { errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION', sqlState: '42703', messageParameters: '{"objectName":"`x`"}' });
    const error = thundErrorFromSpark(grpcError(13, 'org.apache.spark.sql.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column `x` cannot be resolved. SQLSTATE: 42703;\n\'Project [\'x]', status), { remote });
    expect(error).toBeInstanceOf(SparkError);
    expect(error.code).toBe('THUND_ENGINE');
    expect((error as SparkError).facts).toMatchObject({ engineClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION', sqlState: '42703', exceptionClass: 'org.apache.spark.sql.AnalysisException', messageParameters: { objectName: '`x`' } });
    expect(error.rawMessage).toBe('[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column `x` cannot be resolved. SQLSTATE: 42703');
  });

  it('takes the class from the message when there is no ErrorInfo', () => {
    expect((thundErrorFromSpark(grpcError(13, '[DIVIDE_BY_ZERO] Division by zero.'), { remote }) as SparkError).engineClass).toBe('DIVIDE_BY_ZERO');
  });

  it('connection refused is THUND_CONNECTION naming the address and the fix', () => {
    const error = thundErrorFromSpark(grpcError(14, 'No connection established. Last error: connect ECONNREFUSED 127.0.0.1:1'), { remote });
    expect(error.code).toBe('THUND_CONNECTION');
    expect(error.message).toMatch(/sc:\/\/127\.0\.0\.1:1: connection refused.*tools\/spark\/start\.sh/);
    expect(thundErrorFromSpark(grpcError(1, 'Cancelled on client'), { remote }).code).toBe('THUND_CANCELLED');
    expect(thundErrorFromSpark(new Error('x'), { remote })).toBeInstanceOf(ThundError);
  });
});

function response(id: string, kind: 'sql' | 'complete' = 'sql'): ExecutePlanResponse {
  return create(ExecutePlanResponseSchema, {
    responseId: id,
    responseType: kind === 'complete' ? { case: 'resultComplete', value: {} } : { case: 'sqlCommandResult', value: {} },
  });
}

function stream(items: readonly ExecutePlanResponse[], failWith?: Error): ResponseStream<ExecutePlanResponse> {
  return {
    cancel: () => undefined,
    async *[Symbol.asyncIterator]() {
      for (const item of items) yield item;
      if (failWith !== undefined) throw failWith;
    },
  };
}

/** A transport whose first ExecutePlan stream drops (UNAVAILABLE) after two responses; reattach resumes. */
function droppingTransport(log: string[]): ConnectTransport {
  const unused = () => Promise.reject(new Error('unused'));
  return {
    executePlan: (request) => {
      log.push(`execute reattachable=${request.requestOptions.some((o) => o.requestOption.case === 'reattachOptions' && o.requestOption.value.reattachable)}`);
      return stream([response('r1'), response('r2')], grpcError(14, 'Connection dropped'));
    },
    reattachExecute: (request) => {
      log.push(`reattach op=${request.operationId !== '' ? 'same' : 'none'} after=${request.lastResponseId}`);
      return stream([response('r3'), response('r4', 'complete')]);
    },
    releaseExecute: async (request) => {
      log.push(`release ${request.release.case}`);
      return create((await import('../src/gen/spark/connect/base_pb.js')).ReleaseExecuteResponseSchema, {});
    },
    analyzePlan: unused, config: unused, interrupt: unused, close: () => undefined,
  };
}

describe('reattachable execution', () => {
  it('reattaches from the last response id after a dropped stream, then releases', async () => {
    const log: string[] = [];
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), droppingTransport(log), { backoffMs: 1 });
    const ids = (await session.drain({ opType: { case: 'root', value: { relType: { case: 'sql', value: { query: 'SELECT 1' } } } } })).map((r) => r.responseId);
    expect(ids).toEqual(['r1', 'r2', 'r3', 'r4']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['execute reattachable=true', 'reattach op=same after=r2', 'release releaseAll']);
  });

  it('gives up after maxReattempts with THUND_CONNECTION', async () => {
    const transport = droppingTransport([]);
    const always: ConnectTransport = { ...transport, reattachExecute: () => stream([], grpcError(14, 'still down')) };
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), always, { backoffMs: 1, maxReattempts: 2 });
    await expect(session.drain({ opType: { case: 'root', value: {} } })).rejects.toMatchObject({ code: 'THUND_CONNECTION' });
  });

  it('does not reattach after an engine error', async () => {
    const log: string[] = [];
    const transport = droppingTransport(log);
    const failing: ConnectTransport = { ...transport, executePlan: () => stream([response('r1')], grpcError(13, '[X] bad')) };
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), failing, { backoffMs: 1 });
    await expect(session.drain({ opType: { case: 'root', value: {} } })).rejects.toMatchObject({ code: 'THUND_ENGINE' });
    expect(log.filter((l) => l.startsWith('reattach'))).toEqual([]);
  });

  it('a cancelled execution releases its operation only after the server answered the Interrupt (a release first leaves the Interrupt nothing to name)', async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const transport = droppingTransport(log);
    const endless: ConnectTransport = {
      ...transport,
      executePlan: () => ({
        cancel: () => { log.push('cancel'); },
        async *[Symbol.asyncIterator]() {
          yield response('r1');
          await new Promise(() => undefined);
        },
      }),
      interrupt: async (request) => {
        log.push('interrupt sent');
        await new Promise((resolve) => setTimeout(resolve, 30));
        log.push('interrupt answered');
        return create((await import('../src/gen/spark/connect/base_pb.js')).InterruptResponseSchema, { interruptedIds: [request.interrupt.case === 'operationId' ? request.interrupt.value : ''] });
      },
    };
    const session = new SparkConnectSession(parseConnectionString('sc://127.0.0.1:1'), endless, { backoffMs: 1 });
    for await (const item of session.execute({ opType: { case: 'root', value: {} } }, { signal: controller.signal })) {
      expect(item.responseId).toBe('r1');
      controller.abort();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['interrupt sent', 'interrupt answered', 'cancel', 'release releaseAll']);
  });
});
