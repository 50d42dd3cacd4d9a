import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { foldRunEvents, toViewerEvent } from '@thund/events';
import { type SdpEvent, fromSdpEvent, parseSdpMessage } from '../src/index.js';

// Recorded live from the Spark 4.3.0 server by the Spark integration work.
const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sdp-events');
const scenario = (name: string): SdpEvent[] => JSON.parse(readFileSync(join(fixtures, `${name}.json`), 'utf8')) as SdpEvent[];
const context = { runId: 'r', pipeline: 'p' };

describe('parseSdpMessage on every message form seen from Spark', () => {
  for (const [message, expected] of [
    ['Flow spark_catalog.default.mv_src is QUEUED.', { kind: 'flow', flow: 'spark_catalog.default.mv_src', state: 'QUEUED', phase: 'queued' }],
    ['Flow spark_catalog.default.mv_src is PLANNING.', { kind: 'flow', state: 'PLANNING', phase: 'planning' }],
    ['Flow spark_catalog.default.mv_src is STARTING.', { kind: 'flow', state: 'STARTING', phase: 'running' }],
    ['Flow spark_catalog.default.mv_src is RUNNING.', { kind: 'flow', state: 'RUNNING', phase: 'running' }],
    ['Flow spark_catalog.default.mv_src has COMPLETED.', { kind: 'flow', state: 'COMPLETED', phase: 'completed' }],
    ['Flow to_sink is QUEUED.', { kind: 'flow', flow: 'to_sink', phase: 'queued' }],
    ["Flow 'spark_catalog.default.uf_down' SKIPPED due to upstream failure(s).", { kind: 'flow', flow: 'spark_catalog.default.uf_down', phase: 'cancelled', reason: 'skipped due to upstream failure(s)' }],
    ["Flow 'spark_catalog.default.os_table' is EXCLUDED.", { kind: 'flow', phase: 'excluded', reason: 'excluded from the refresh selection' }],
    ['Flow spark_catalog.default.st is IDLE, waiting for new data.', { kind: 'flow', phase: 'running', state: 'IDLE' }],
    ['Flow spark_catalog.default.st has STOPPED.', { kind: 'flow', phase: 'cancelled', state: 'STOPPED' }],
    ["Flow 'spark_catalog.default.boom_mv' has FAILED.\nError: [USER_RAISED_EXCEPTION] '(id < 2)' is not true! SQLSTATE: P0001", {
      kind: 'flow', flow: 'spark_catalog.default.boom_mv', phase: 'failed',
      error: { engineClass: 'USER_RAISED_EXCEPTION', message: "[USER_RAISED_EXCEPTION] '(id < 2)' is not true! SQLSTATE: P0001" },
    }],
    ['Run is COMPLETED.', { kind: 'run', state: 'COMPLETED', phase: 'completed' }],
    ['Run is FAILED.', { kind: 'run', phase: 'failed' }],
    ['Something Spark added later.', { kind: 'info' }],
    ['Flow x is WOBBLING.', { kind: 'info' }],
  ] as const) {
    it(JSON.stringify(message.split('\n')[0]), () => expect(parseSdpMessage(message)).toMatchObject(expected));
  }

  it('parses an analysis failure with its error class', () => {
    const parsed = parseSdpMessage("Failed to resolve flow: 'spark_catalog.default.bad_mv'.\nError: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column ... SQLSTATE: 42703; line 1 pos 7;\n'Project");
    expect(parsed).toMatchObject({ kind: 'flow', flow: 'spark_catalog.default.bad_mv', phase: 'failed', error: { engineClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION' } });
  });
});

describe('fromSdpEvent over the recorded runs', () => {
  const files = readdirSync(fixtures).filter((f) => f.endsWith('.json') && !f.includes('start-run-error'));

  it('maps every recorded event, keeping each message, never dropping one', () => {
    let total = 0;
    for (const file of files) {
      for (const event of JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as SdpEvent[]) {
        const mapped = fromSdpEvent(event, context);
        total += 1;
        expect(mapped.message).toBe(event.message);
        expect(Date.parse(mapped.timestamp)).toBe(Date.parse(event.timestamp.replace(/(\.\d{3})\d+/, '$1')));
        if (/^Flow /.test(event.message)) expect(mapped.element.kind, event.message).toBe('flow');
        expect(toViewerEvent(mapped).message).toBe(event.message);
      }
    }
    expect(total).toBeGreaterThan(50);
  });

  it('folds a recorded materialized-view run into completed flows and a completed run', () => {
    const state = foldRunEvents(scenario('materialized-view').map((e) => fromSdpEvent(e, context)));
    expect(state.phase).toBe('completed');
    expect([...state.flows.values()].map((f) => [f.name, f.phase])).toEqual([['mv_src', 'completed'], ['mv_agg', 'completed']]);
  });

  it('folds a recorded upstream failure: failed, skipped (cancelled) and an independent flow completed', () => {
    const state = foldRunEvents(scenario('upstream-failure').map((e) => fromSdpEvent(e, context)));
    expect(state.flows.get('uf_bad')).toMatchObject({ phase: 'failed', error: { code: 'THUND_ENGINE' } });
    expect(state.flows.get('uf_down')?.phase).toBe('cancelled');
    expect(state.flows.get('uf_ok')?.phase).toBe('completed');
  });

  it('maps Spark names back to pipeline flow names with a resolver', () => {
    const event = fromSdpEvent({ timestamp: '2026-12-02T10:00:00.123456789Z', message: 'Flow spark_catalog.crm.my.flow is QUEUED.' }, {
      ...context,
      resolveFlow: (name) => name.replace(/^spark_catalog\.crm\./, ''),
    });
    expect(event).toMatchObject({ element: { kind: 'flow', name: 'my.flow' }, phase: 'queued', timestamp: '2026-12-02T10:00:00.123Z' });
  });
});
