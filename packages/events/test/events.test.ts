import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUN_PHASES, type RunEvent } from '@thund/ir';
import { JsonlEventWriter, type RunState, RunStateFolder, foldRunEvent, foldRunEvents, initialRunState, readJsonlEvents, toViewerEvent } from '../src/index.js';

const at = (s: number): string => new Date(Date.UTC(2026, 11, 2, 10, 0, s)).toISOString();
const flowEvent = (name: string, s: number, phase: RunEvent['phase'], details?: RunEvent['details']): RunEvent => ({
  timestamp: at(s), runId: 'r1', element: { kind: 'flow', name }, level: phase === 'failed' ? 'error' : 'info', message: `${name} ${phase}`,
  ...(phase === undefined ? {} : { phase }), ...(details === undefined ? {} : { details }),
});

/** A recorded native run: one flow completes with expectations, one fails, one is cancelled downstream. */
const RECORDED: RunEvent[] = [
  { timestamp: at(0), runId: 'r1', element: { kind: 'pipeline', name: 'orders' }, phase: 'running', level: 'info', message: 'run started' },
  flowEvent('clean', 0, 'queued'),
  flowEvent('broken', 0, 'queued'),
  flowEvent('rollup', 0, 'queued'),
  flowEvent('clean', 1, 'planning'),
  flowEvent('clean', 1, 'running'),
  flowEvent('broken', 1, 'running'),
  flowEvent('broken', 2, 'failed', { error: { code: 'THUND_ENGINE', message: 'column "amout" not found' } }),
  flowEvent('rollup', 2, 'cancelled', { reason: 'upstream flow broken failed', error: { code: 'THUND_UPSTREAM_FAILED', message: 'upstream flow broken failed' } }),
  flowEvent('clean', 3, 'completed', { rowsRead: 10, rowsWritten: 8, durationMs: 1900, expectations: [{ name: 'pos', action: 'drop', passed: 8, failed: 2 }] }),
  { timestamp: at(3), runId: 'r1', element: { kind: 'pipeline', name: 'orders' }, phase: 'failed', level: 'error', message: 'run failed' },
];

describe('toViewerEvent', () => {
  for (const phase of RUN_PHASES) {
    it(`maps phase ${phase} to status ${phase}`, () => {
      const viewer = toViewerEvent(flowEvent('f', 1, phase, { rowsWritten: 3 }));
      expect(viewer).toEqual({
        run_id: 'r1', timestamp: at(1), element: 'f', element_kind: 'flow', status: phase,
        level: phase === 'failed' ? 'error' : 'info', message: `f ${phase}`, details: { rows_written: 3 },
      });
    });
  }
  it('maps an informational event to status null and keeps the message', () => {
    expect(toViewerEvent(flowEvent('f', 1, undefined))).toMatchObject({ status: null, message: 'f undefined', details: {} });
  });
});

describe('foldRunEvents', () => {
  const state = foldRunEvents(RECORDED, ['clean', 'broken', 'rollup', 'never']);
  it('gives each flow its terminal phase, counters and timings', () => {
    expect(state.phase).toBe('failed');
    expect(state.pipeline).toBe('orders');
    expect(state.flows.get('clean')).toMatchObject({ phase: 'completed', rowsRead: 10, rowsWritten: 8, durationMs: 1900, startedAt: at(1), endedAt: at(3) });
    expect(state.flows.get('clean')?.expectations).toEqual([{ name: 'pos', action: 'drop', passed: 8, failed: 2 }]);
    expect(state.flows.get('broken')).toMatchObject({ phase: 'failed', durationMs: 1000, error: { code: 'THUND_ENGINE' } });
    expect(state.flows.get('rollup')).toMatchObject({ phase: 'cancelled', error: { code: 'THUND_UPSTREAM_FAILED' } });
    expect(state.flows.get('never')?.phase).toBe('queued');
    expect(state.errors).toBe(2);
    expect(state.events).toBe(RECORDED.length);
  });
  it('adds up micro-batch counters', () => {
    const batches = [1, 2, 3].map((epoch) => flowEvent('s', epoch, undefined, { epoch, rowsRead: 100, rowsWritten: 90, lateRows: 1, watermark: at(epoch) }));
    const flow = foldRunEvents(batches).flows.get('s');
    expect(flow).toMatchObject({ epochs: 3, rowsRead: 300, rowsWritten: 270, lateRows: 3, watermark: at(3) });
  });

  it('totals expectation counts over micro-batches (a live or cancelled run shows the run\'s counts, not the last batch\'s); a flow-level event\'s counts are the totals', () => {
    const checks = (passed: number, failed: number) => [{ name: 'has_user', action: 'drop' as const, passed, failed }, { name: 'known_page', action: 'warn' as const, passed: passed + failed, failed: 0 }];
    const batches = [1, 2, 3].map((epoch) => flowEvent('s', epoch, undefined, { epoch, rowsRead: 10, expectations: checks(9, 1) }));
    expect(foldRunEvents(batches).flows.get('s')?.expectations).toEqual([
      { name: 'has_user', action: 'drop', passed: 27, failed: 3 },
      { name: 'known_page', action: 'warn', passed: 30, failed: 0 },
    ]);
    const cancelled = flowEvent('s', 4, 'cancelled', {});
    expect(foldRunEvents([...batches, cancelled]).flows.get('s')?.expectations).toEqual(foldRunEvents(batches).flows.get('s')?.expectations);
    const completed = flowEvent('s', 4, 'completed', { expectations: checks(30, 3) });
    expect(foldRunEvents([...batches, completed]).flows.get('s')?.expectations?.[0]).toEqual({ name: 'has_user', action: 'drop', passed: 30, failed: 3 });
  });
});

describe('RunStateFolder: the same fold in place (each event costs the same however many flows a run has)', () => {
  const plain = (state: RunState) => ({ ...state, flows: Object.fromEntries(state.flows) });
  const events = [...RECORDED, ...[1, 2, 3].map((epoch) => flowEvent('s', epoch, undefined, { epoch, rowsRead: 100, rowsWritten: 90, lateRows: 1, watermark: at(epoch) }))];

  it('gives the state foldRunEvent gives after every event', () => {
    const folder = new RunStateFolder(['clean', 'broken', 'rollup', 'never']);
    let pure = initialRunState(['clean', 'broken', 'rollup', 'never']);
    for (const event of events) {
      pure = foldRunEvent(pure, event);
      expect(plain(folder.apply(event))).toEqual(plain(pure));
    }
    expect(folder.state.flows.get('s')).toMatchObject({ epochs: 3, rowsWritten: 270 });
  });

  it('foldRunEvent stays pure: the state it was given is unchanged', () => {
    const before = foldRunEvents(RECORDED.slice(0, 5));
    const snapshot = plain(before);
    foldRunEvent(before, flowEvent('clean', 9, 'failed', { error: { code: 'THUND_ENGINE', message: 'x' } }));
    expect(plain(before)).toEqual(snapshot);
  });
});

describe('JSONL event logs', () => {
  it('round-trips a recorded run', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'thund-events-')), 'run.jsonl');
    const writer = new JsonlEventWriter(file);
    for (const event of RECORDED) writer.write(event);
    await writer.close();
    const back: RunEvent[] = [];
    for await (const event of readJsonlEvents(file)) back.push(event);
    expect(back).toEqual(RECORDED);
  });
  it('names the line of a malformed record and a missing file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'thund-events-')), 'bad.jsonl');
    writeFileSync(file, '{"timestamp":"t","run_id":"r","message":"m","element":{"kind":"flow","name":"f"}}\n\nnot json\n');
    const read = async (path: string) => { for await (const _ of readJsonlEvents(path)) void _; };
    await expect(read(file)).rejects.toThrow(/bad\.jsonl:3 is not valid JSON/);
    await expect(read(`${file}.missing`)).rejects.toThrow(/cannot read event log .*ENOENT/);
  });
});

describe('fold on a recorded native event log', () => {
  it('examples/orders on native: every flow completed with its rows and expectation counts', async () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'native-orders-run.jsonl');
    const events: RunEvent[] = [];
    for await (const event of readJsonlEvents(file)) events.push(event);
    const state = foldRunEvents(events);
    expect(state.phase).toBe('completed');
    expect(state.pipeline).toBe('orders');
    expect([...state.flows.values()].map((f) => [f.name, f.phase, f.rowsWritten])).toEqual([
      ['raw_orders', 'completed', 0], ['clean_orders', 'completed', 8], ['daily_revenue', 'completed', 7], ['export_daily_revenue', 'completed', 7],
    ]);
    expect(state.flows.get('clean_orders')?.expectations).toEqual([
      { name: 'has_order_id', action: 'fail', passed: 10, failed: 0 },
      { name: 'positive_amount', action: 'drop', passed: 8, failed: 2 },
      { name: 'known_customer', action: 'warn', passed: 8, failed: 2 },
    ]);
    for (const flow of state.flows.values()) expect(flow.durationMs).toBeGreaterThanOrEqual(0);
  });
});
