import { describe, expect, it } from 'vitest';
import { SparkDeadlineError, connectionFailureOf, thundErrorFromSpark } from '../../src/index.js';
import { isConnectionFailure } from '../../src/connect/spark-error.js';

// What grpc-js 1.14.7 reported for each peer when probed on 127.0.0.1
// (node:net, node:http, node:http2 servers), verbatim, and how it is classified.

function grpcError(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: { get: () => [] } });
}

const PROBED = {
  refused: grpcError(14, 'No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:33105. Resolution note: '),
  http1: grpcError(14, 'No connection established. Last error: Protocol error (2026-12-03T07:51:13.050Z). Resolution note: '),
  http2NotFound: grpcError(12, 'Received HTTP status code 404'),
  closesAtOnce: grpcError(14, 'No connection established. Last error: Failed to connect (2026-12-03T07:51:13.242Z). Resolution note: '),
  silentUnaryDeadline: grpcError(4, 'Deadline exceeded after 1.502s,name resolution: 0.018s,metadata filters: 0.001s,Waiting for LB pick'),
  dropped: grpcError(14, 'Connection dropped'),
} as const;

describe('classifying what grpc-js reports', () => {
  it('ECONNREFUSED is refused (retryable)', () => {
    expect(connectionFailureOf(PROBED.refused)).toMatchObject({ kind: 'refused' });
    expect(isConnectionFailure(PROBED.refused)).toBe(true);
  });

  it('an HTTP/1.1 peer ("No connection established … Protocol error") is not gRPC, not retryable — it used to be reported as "connection refused"', () => {
    expect(connectionFailureOf(PROBED.http1)).toMatchObject({ kind: 'not-grpc', detail: 'No connection established. Last error: Protocol error' });
    expect(isConnectionFailure(PROBED.http1)).toBe(false);
    const error = thundErrorFromSpark(PROBED.http1, { remote: 'sc://127.0.0.1:8080' });
    expect(error.message).toContain('[SPARK_NOT_SPARK_CONNECT] the server at sc://127.0.0.1:8080 is not a Spark Connect (gRPC) server');
    expect(error.message).not.toMatch(/refused/);
  });

  it('an HTTP status instead of gRPC is not gRPC, whatever code grpc-js mapped it to', () => {
    expect(connectionFailureOf(PROBED.http2NotFound)).toMatchObject({ kind: 'not-grpc' });
    const proxy503 = grpcError(14, 'Received HTTP status code 503');
    expect(connectionFailureOf(proxy503)).toMatchObject({ kind: 'not-grpc' });
    expect(isConnectionFailure(proxy503)).toBe(false);
  });

  it('a peer that closes at once, or a dropped connection, is a failed connection (retryable)', () => {
    expect(connectionFailureOf(PROBED.closesAtOnce)).toEqual({ kind: 'failed', detail: 'No connection established. Last error: Failed to connect' });
    expect(isConnectionFailure(PROBED.closesAtOnce)).toBe(true);
    expect(isConnectionFailure(PROBED.dropped)).toBe(true);
  });

  it('deadlines are timeouts and are not retried', () => {
    const ours = new SparkDeadlineError({ method: 'Config', phase: 'connect', setting: 'timeouts.connectMs', deadlineMs: 500 });
    expect(connectionFailureOf(ours)).toMatchObject({ kind: 'timeout', deadline: { method: 'Config', deadlineMs: 500 } });
    expect(connectionFailureOf(PROBED.silentUnaryDeadline)).toMatchObject({ kind: 'timeout' });
    expect(isConnectionFailure(ours)).toBe(false);
    expect(isConnectionFailure(PROBED.silentUnaryDeadline)).toBe(false);
    expect(thundErrorFromSpark(ours, { remote: 'sc://h:1' })).toMatchObject({ code: 'THUND_CONNECTION', sparkCode: 'SPARK_TIMEOUT' });
  });

  it('Spark’s own errors are not connection problems', () => {
    expect(connectionFailureOf(grpcError(13, '[DIVIDE_BY_ZERO] Division by zero.'))).toBeUndefined();
    expect(connectionFailureOf(grpcError(1, 'Cancelled on client'))).toBeUndefined();
    expect(connectionFailureOf(new Error('plain'))).toBeUndefined();
  });
});
