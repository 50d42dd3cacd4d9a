import { ThundErrorCode, col, expect as expectation, from, pipeline, readFiles, type Pipeline, type RunEvent } from '@thund/ir';

const STAGES = ['dedupe', 'enrich', 'daily', 'weekly', 'monthly', 'report', 'publish'] as const;
const region = (i: number): string => `r${String(i + 1).padStart(2, '0')}`;

/**
 * A 200-flow pipeline of 20 regions, each a chain of ten flows: an ingest
 * view, a `clean` table with two expectations written by two flows (the
 * ingest and an archive backfill), then seven stages. Every fifth region's
 * `enrich` also joins the previous region's `dedupe`.
 */
export function fleetPipeline(): Pipeline {
  let b = pipeline('fleet');
  for (let i = 0; i < 20; i += 1) {
    const r = region(i);
    b = b
      .temporaryView(`${r}_ingest`, { query: readFiles('csv', `${r}/in`) })
      .table(`${r}_clean`, {
        query: from(`${r}_ingest`),
        expectations: [expectation('has_id', col('id').isNotNull(), 'fail'), expectation('positive_amount', col('amount').gt(0), 'drop')],
      })
      .flow(`${r}_backfill`, { target: `${r}_clean`, query: readFiles('csv', `${r}/archive`) });
    let previous = `${r}_clean`;
    for (const stage of STAGES) {
      const query = stage === 'enrich' && i % 5 === 4 ? from(previous).join(from(`${region(i - 1)}_dedupe`), { using: ['id'] }) : from(previous);
      b = b.materializedView(`${r}_${stage}`, { query });
      previous = `${r}_${stage}`;
    }
  }
  return b.build();
}

/**
 * A run of the fleet, as a backend would report it: stage after stage,
 * regions a little apart; `r14_enrich` fails (its downstream is cancelled)
 * and the last two regions are still publishing when the log ends.
 */
export function fleetRun(p: Pipeline): RunEvent[] {
  const start = Date.parse('2026-12-04T09:00:00.000Z');
  const events: RunEvent[] = [];
  const at = (ms: number): string => new Date(start + ms).toISOString();
  const emit = (ms: number, name: string, phase: RunEvent['phase'], details?: RunEvent['details'], level: RunEvent['level'] = 'info'): void => {
    events.push({ timestamp: at(ms), runId: 'run-fleet', element: { kind: 'flow', name }, phase, level, message: `flow "${name}" ${phase}`, ...(details === undefined ? {} : { details }) });
  };
  events.push({ timestamp: at(0), runId: 'run-fleet', element: { kind: 'pipeline', name: p.name }, phase: 'running', level: 'info', message: 'pipeline "fleet" is running' });
  p.flows.forEach((flow, index) => {
    const r = Number(flow.name.slice(1, 3)) - 1;
    const step = index % 10;
    const begin = 200 + r * 90 + step * 700;
    const rows = 1000 + ((index * 7919) % 9000);
    if (r === 13 && step > 3) {
      emit(begin, flow.name, step === 4 ? 'running' : 'cancelled', step === 4 ? undefined : { reason: 'upstream failed' }, step === 4 ? 'info' : 'warn');
      if (step === 4) emit(begin + 420, flow.name, 'failed', { error: { code: ThundErrorCode.Engine, message: 'division by zero in column "margin"' } }, 'error');
      return;
    }
    emit(begin, flow.name, 'planning');
    emit(begin + 40, flow.name, 'running');
    if (r >= 18 && step === 9) return;
    const failed = flow.expectations === undefined ? 0 : (index * 31) % 40;
    const expectations = flow.expectations?.map((e, k) => ({ name: e.name, action: e.action, passed: rows - (k === 0 ? 0 : failed), failed: k === 0 ? 0 : failed }));
    emit(begin + 300 + ((index * 37) % 300), flow.name, 'completed', { rowsWritten: rows, ...(expectations === undefined ? {} : { expectations }) });
  });
  events.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  return events;
}
