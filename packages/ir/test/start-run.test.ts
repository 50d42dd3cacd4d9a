import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../src/index.js';
import { type Pipeline, ThundError, ThundErrorCode, pipeline, readFiles, startRun } from '../src/index.js';

const collect = async (events: AsyncIterable<RunEvent>): Promise<RunEvent[]> => {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
};

describe('startRun', () => {
  it('given the pipeline, validates it first: an invalid one fails with THUND_VALIDATION listing every problem, and the executor never runs', async () => {
    let ran = false;
    const invalid = { version: 1, name: 'bad', datasets: [{ name: 'a', type: 'table' }], flows: [{ name: 'f', target: 'missing', kind: 'batch', query: { kind: 'read', dataset: 'nowhere' } }] } as unknown as Pipeline;
    const handle = startRun(invalid, {}, async () => {
      ran = true;
      return { status: 'completed', flows: [] };
    });
    const result = await handle.result;
    expect(ran).toBe(false);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(result.error?.message).toMatch(/missing/);
    expect(result.error?.message).toMatch(/nowhere/);
    const valid = pipeline('ok').table('t', { query: readFiles('json', 'x.jsonl') }).build();
    expect((await startRun(valid, {}, async () => ({ status: 'completed', flows: [] })).result).status).toBe('completed');
  });

  it('replays every event to every consumer, also late ones', async () => {
    const handle = startRun('p', { runId: 'fixed' }, async ({ emit }) => {
      emit({ element: { kind: 'flow', name: 'f' }, phase: 'running', message: 'f running' });
      await new Promise((r) => setTimeout(r, 5));
      emit({ element: { kind: 'flow', name: 'f' }, phase: 'completed', message: 'f done', details: { rowsWritten: 3 } });
      return { status: 'completed', flows: [{ name: 'f', phase: 'completed', rowsWritten: 3 }] };
    });
    const early = collect(handle);
    const result = await handle.result;
    const late = await collect(handle);
    expect((await early).map((e) => `${e.element.kind} ${e.phase}`)).toEqual(['flow running', 'flow completed', 'pipeline completed']);
    expect(late).toEqual(await early);
    expect(result).toMatchObject({ runId: 'fixed', status: 'completed', flows: [{ name: 'f', rowsWritten: 3 }] });
    expect(late.every((e) => e.runId === 'fixed' && !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
  });

  it('turns a thrown error into a failed result with a pipeline-level event', async () => {
    const handle = startRun('p', {}, async () => {
      throw new ThundError(ThundErrorCode.Source, 'file missing');
    });
    const result = await handle.result;
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_SOURCE');
    const events = await collect(handle);
    expect(events.at(-1)).toMatchObject({ element: { kind: 'pipeline', name: 'p' }, phase: 'failed', level: 'error' });
  });

  it('cancel() aborts the executor signal and resolves when the run ends', async () => {
    let sawAbort = false;
    const handle = startRun('p', {}, async ({ signal }) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      sawAbort = signal.aborted;
      return { status: 'cancelled', flows: [] };
    });
    await handle.cancel();
    expect(sawAbort).toBe(true);
    expect((await handle.result).status).toBe('cancelled');
  });

  it('an already aborted RunOptions.signal cancels at once', async () => {
    const controller = new AbortController();
    controller.abort();
    const handle = startRun('p', { signal: controller.signal }, async ({ signal }) => ({ status: signal.aborted ? 'cancelled' : 'completed', flows: [] }));
    expect((await handle.result).status).toBe('cancelled');
  });

  it('ends with one pipeline terminal event: its own when the executor emitted one, else the outcome\'s', async () => {
    const own = startRun('p', {}, async ({ emit }) => {
      emit({ element: { kind: 'pipeline', name: 'p' }, phase: 'failed', level: 'error', message: 'p failed its own way' });
      return { status: 'failed', flows: [] };
    });
    const ownEvents = await collect(own);
    expect(ownEvents.filter((e) => e.element.kind === 'pipeline').map((e) => e.message)).toEqual(['p failed its own way']);
    const added = startRun('p', {}, async () => ({ status: 'failed', flows: [], error: { code: 'THUND_ENGINE', message: 'boom' } }));
    const addedEvents = await collect(added);
    expect(addedEvents).toEqual([expect.objectContaining({ element: { kind: 'pipeline', name: 'p' }, phase: 'failed', level: 'error', details: { error: { code: 'THUND_ENGINE', message: 'boom' } } })]);
  });
});
