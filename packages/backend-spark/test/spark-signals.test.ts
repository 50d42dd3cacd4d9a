import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ThundError, ThundErrorCode } from '@thund/ir';
import { describe, expect, it } from 'vitest';
import { SparkError } from '../src/connect/spark-error.js';
import { failedCountColumn } from '../src/signals/expectation-count-columns.js';
import { expectationMarker } from '../src/signals/expectation-marker.js';
import { describeFailure, engineFailureOf, flowFailureOf } from '../src/signals/flow-failure.js';
import { FlowNames } from '../src/signals/flow-names.js';
import { notNullMarker } from '../src/signals/not-null-marker.js';
import { readRunFailure } from '../src/signals/run-failure.js';
import { readSdpMessage } from '../src/signals/sdp-signal.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'sdp-events');
/** Spark's message for a `raise_error(text)` that fired. */
const raised = (text: string): string => `[USER_RAISED_EXCEPTION] ${text} SQLSTATE: P0001`;
const sparkError = (message: string): SparkError => new SparkError(ThundErrorCode.Engine, message, { engineClass: 'USER_RAISED_EXCEPTION' });

describe('markers: what the lowering has Spark raise is what the run reads back', () => {
  it('an expectation marker names its expectation, escaped quotes and all', () => {
    for (const expectation of ['ok', 'amount is positive', 'say \\"hi\\"']) {
      expect(expectationMarker.parse(raised(expectationMarker.format({ expectation, flow: 'f' })))).toEqual({ expectation });
    }
    expect(expectationMarker.parse(raised("'(id < 2)' is not true!"))).toBeUndefined();
  });

  it('a NOT NULL marker names its column and dataset', () => {
    const column = { column: 'id', dataset: 'orders' };
    expect(notNullMarker.parse(raised(notNullMarker.format(column)))).toEqual(column);
    expect(notNullMarker.parse(raised(expectationMarker.format({ expectation: 'id', flow: 'orders' })))).toBeUndefined();
  });

  it('an expectation count column names its expectation by index; the total is no failed count', () => {
    for (const index of [0, 1, 12]) expect(failedCountColumn.parse(failedCountColumn.format(index))).toBe(index);
    expect(failedCountColumn.parse('__total')).toBeUndefined();
    expect(failedCountColumn.parse(`x${failedCountColumn.format(1)}`)).toBeUndefined();
  });
});

describe('flow failures read from Spark errors', () => {
  it('an expectation marker before a NOT NULL one, with Spark error class; any other error as it came', () => {
    expect(flowFailureOf(sparkError(raised(expectationMarker.format({ expectation: 'positive', flow: 'f' })))))
      .toEqual({ kind: 'ExpectationFailed', expectation: 'positive', engineClass: 'USER_RAISED_EXCEPTION' });
    expect(flowFailureOf(sparkError(raised(notNullMarker.format({ column: 'id', dataset: 'd' })))))
      .toEqual({ kind: 'SchemaMismatch', column: 'id', dataset: 'd', engineClass: 'USER_RAISED_EXCEPTION' });
    const other = new ThundError(ThundErrorCode.SchemaMismatch, 'column "a" is missing', { backend: 'spark' });
    expect(flowFailureOf(other)).toEqual({ kind: 'EngineFailure', code: ThundErrorCode.SchemaMismatch, message: 'column "a" is missing' });
    const marked = sparkError(raised(expectationMarker.format({ expectation: 'positive', flow: 'f' })));
    expect(engineFailureOf(marked)).toEqual({ kind: 'EngineFailure', code: ThundErrorCode.Engine, message: marked.rawMessage, engineClass: 'USER_RAISED_EXCEPTION' });
  });

  it('each failure is worded for the flow it failed', () => {
    expect(describeFailure({ kind: 'ExpectationFailed', expectation: 'positive' }, 'f'))
      .toEqual({ code: ThundErrorCode.ExpectationFailed, message: 'expectation "positive" failed for a row written by flow "f"' });
    expect(describeFailure({ kind: 'SchemaMismatch', column: 'id', dataset: 'd' }, 'f'))
      .toEqual({ code: ThundErrorCode.SchemaMismatch, message: 'column "id" of dataset "d" is NOT NULL but flow "f" wrote NULL' });
    expect(describeFailure({ kind: 'EngineFailure', code: ThundErrorCode.Engine, message: 'boom' }, 'f')).toEqual({ code: ThundErrorCode.Engine, message: 'boom' });
  });
});

describe('SDP events as signals', () => {
  it('a failed flow carries its failure: a marker, else Spark error, else the whole message', () => {
    const marked = `Flow 'spark_catalog.default.f' has FAILED.\nError: ${raised(expectationMarker.format({ expectation: 'positive', flow: 'f' }))}`;
    expect(readSdpMessage(marked)).toEqual({
      kind: 'FlowState', flow: 'spark_catalog.default.f', state: 'FAILED', phase: 'failed', text: marked,
      failure: { kind: 'ExpectationFailed', expectation: 'positive', engineClass: 'USER_RAISED_EXCEPTION' },
    });
    const plain = "Flow 'spark_catalog.default.boom_mv' has FAILED.\nError: [USER_RAISED_EXCEPTION] '(id < 2)' is not true! SQLSTATE: P0001";
    expect(readSdpMessage(plain)).toMatchObject({
      failure: { kind: 'EngineFailure', code: ThundErrorCode.Engine, message: "[USER_RAISED_EXCEPTION] '(id < 2)' is not true! SQLSTATE: P0001", engineClass: 'USER_RAISED_EXCEPTION' },
    });
    expect(readSdpMessage('Flow x has FAILED.')).toMatchObject({ failure: { kind: 'EngineFailure', code: ThundErrorCode.Engine, message: 'Flow x has FAILED.' } });
  });

  it('run states, other flow states and other messages keep their text', () => {
    expect(readSdpMessage('Run is COMPLETED.')).toEqual({ kind: 'RunState', state: 'COMPLETED', text: 'Run is COMPLETED.' });
    expect(readSdpMessage("Flow 'x' SKIPPED due to upstream failure(s).")).toEqual({
      kind: 'FlowState', flow: 'x', state: 'SKIPPED', phase: 'cancelled', reason: 'skipped due to upstream failure(s)', text: "Flow 'x' SKIPPED due to upstream failure(s).",
    });
    expect(readSdpMessage('Starting run.')).toEqual({ kind: 'SparkNote', text: 'Starting run.' });
  });
});

describe('the error that ended a run', () => {
  it('names the flows SDP could not resolve, and sums itself up in its first line', () => {
    const { message } = JSON.parse(readFileSync(join(fixtures, 'analysis-error.start-run-error.json'), 'utf8')) as { message: string };
    const failed = readRunFailure(new ThundError(ThundErrorCode.Engine, message, { backend: 'spark' }), new FlowNames(['bad_mv', 'ok_mv'], 'spark_catalog', 'default'));
    expect(failed.failedFlows).toContain('spark_catalog.default.bad_mv');
    expect(failed.failedFlows).not.toContain('ok_mv');
    expect(failed.upstreamFlows).toEqual([]);
    expect(failed.summary).toBe('Failed to resolve flows in the pipeline.');
    expect(failed.failure).toEqual({ kind: 'EngineFailure', code: ThundErrorCode.Engine, message });
  });

  it('names the graph flows its text mentions', () => {
    const { message } = JSON.parse(readFileSync(join(fixtures, 'graph-cycle.start-run-error.json'), 'utf8')) as { message: string };
    const failed = readRunFailure(new ThundError(ThundErrorCode.Engine, message, { backend: 'spark' }), new FlowNames(['cy_a', 'cy_b', 'other'], 'spark_catalog', 'default'));
    expect([...failed.failedFlows].sort()).toEqual(['cy_a', 'cy_b']);
  });
});
