import { describe, expect, it } from 'vitest';
import { type RunEvent, beginRun, defineCapabilities, checkAgainst, from, pipeline, preflight, readFiles, refuseRun, startRun } from '../src/index.js';

const p = pipeline('p')
  .temporaryView('src', { query: readFiles('json', 'in.json') })
  .materializedView('out', { query: from('src') })
  .build();

describe('preflight and refuseRun', () => {
  it('preflight: validation issues first, then check violations, else nothing', () => {
    const broken = { ...p, flows: [...p.flows, { ...p.flows[1]!, name: 'again' }] };
    expect(preflight(broken, () => ({ backend: 'x', ok: true, violations: [] }))?.code).toBe('THUND_VALIDATION');
    const none = defineCapabilities({ name: 'none' });
    expect(preflight(p, (q) => checkAgainst(q, none))?.code).toBe('THUND_UNSUPPORTED');
    expect(preflight(p, (q) => checkAgainst(q, defineCapabilities({ name: 'all', batch: true, datasetTypes: ['materialized_view', 'temporary_view'], relations: ['read', 'read_files'], fileFormats: ['json'] })))).toBeUndefined();
  });

  it('refuseRun: a failed pipeline event, then every flow cancelled with the reason; the result names each flow', async () => {
    const none = defineCapabilities({ name: 'none' });
    const handle = startRun(p.name, {}, async (context) => refuseRun(p, context, preflight(p, (q) => checkAgainst(q, none))!));
    const events: RunEvent[] = [];
    for await (const e of handle) events.push(e);
    const result = await handle.result;
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(result.flows.map((f) => [f.name, f.phase, f.error?.code])).toEqual([['src', 'cancelled', 'THUND_UNSUPPORTED'], ['out', 'cancelled', 'THUND_UNSUPPORTED']]);
    expect(events.map((e) => [e.element.name, e.phase])).toEqual([['p', 'failed'], ['src', 'cancelled'], ['out', 'cancelled']]);
    expect(events[1]?.message).toBe('flow "src" did not run: the pipeline failed the backend check');
  });
});

describe('beginRun', () => {
  const all = defineCapabilities({ name: 'all', batch: true, datasetTypes: ['materialized_view', 'temporary_view'], relations: ['read', 'read_files'], fileFormats: ['json'] });

  it('emits the planning event and lets a runnable pipeline go on, with the instant it began', async () => {
    const before = performance.now();
    const handle = startRun(p.name, {}, async (context) => {
      const beginning = beginRun(p, context, (q) => checkAgainst(q, all), (e) => ({ code: e.code, message: e.message }));
      expect(beginning.refused).toBe(false);
      if (!beginning.refused) {
        expect(beginning.started).toBeGreaterThanOrEqual(before);
        expect(beginning.selection.all).toBe(true);
        expect([...beginning.selection.flows]).toEqual(['src', 'out']);
      }
      return { status: 'completed', flows: [] };
    });
    const events: RunEvent[] = [];
    for await (const e of handle) events.push(e);
    expect(events.map((e) => [e.element.name, e.phase, e.message])).toContainEqual(['p', 'planning', 'pipeline "p" is validating and checking 2 flows']);
    expect((await handle.result).status).toBe('completed');
  });

  it('refuses through refuseRun with the backend\'s error details', async () => {
    const none = defineCapabilities({ name: 'none' });
    const handle = startRun(p.name, {}, async (context) => {
      const beginning = beginRun(p, context, (q) => checkAgainst(q, none), (e) => ({ code: e.code, message: e.message, engineClass: 'BACKEND_DETAIL' }));
      if (!beginning.refused) throw new Error('expected a refusal');
      return beginning.outcome;
    });
    const events: RunEvent[] = [];
    for await (const e of handle) events.push(e);
    const result = await handle.result;
    expect(result.status).toBe('failed');
    expect(result.flows.map((f) => [f.name, f.phase, f.error?.engineClass])).toEqual([['src', 'cancelled', 'BACKEND_DETAIL'], ['out', 'cancelled', 'BACKEND_DETAIL']]);
    expect(events.map((e) => [e.element.name, e.phase])).toEqual([['p', 'planning'], ['p', 'failed'], ['src', 'cancelled'], ['out', 'cancelled']]);
  });

  it('resolves the run\'s selection, and refuses one SDP refuses before any flow starts, naming the option', async () => {
    const handle = startRun(p.name, {}, async (context) => {
      const selected = beginRun(p, context, (q) => checkAgainst(q, all), (e) => ({ code: e.code, message: e.message }), { refresh: ['out'] });
      if (selected.refused) throw new Error('expected a selection');
      expect([...selected.selection.flows]).toEqual(['src', 'out']);
      const beginning = beginRun(p, context, (q) => checkAgainst(q, all), (e) => ({ code: e.code, message: e.message }), { refresh: ['ot'] });
      if (!beginning.refused) throw new Error('expected a refusal');
      return beginning.outcome;
    });
    const events: RunEvent[] = [];
    for await (const e of handle) events.push(e);
    const result = await handle.result;
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(result.error?.message).toContain('refresh names "ot", not a dataset of pipeline "p"; did you mean "out"?');
    expect(result.flows.map((f) => [f.name, f.phase])).toEqual([['src', 'cancelled'], ['out', 'cancelled']]);
  });
});
