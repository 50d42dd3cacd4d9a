import { describe, expect, it } from 'vitest';
import { type RunEvent, defineCapabilities, checkAgainst, from, pipeline, preflight, readFiles, refuseRun, startRun } from '../src/index.js';

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
