import { type Pipeline, type RunEvent, type RunPhase, type RunResult, TERMINAL_PHASES, isThundErrorCode } from '@thund/ir';

const ORDER: Readonly<Record<RunPhase, number>> = { queued: 0, planning: 1, running: 2, completed: 3, failed: 3, cancelled: 3, excluded: 3 };

/**
 * Contract violations in one run's events and result: each flow's phases
 * move forward (queued → planning → running → one terminal phase) and
 * nothing follows the terminal one; the result names every flow with its
 * terminal phase; events carry the run id and RFC 3339 timestamps; errors
 * carry a Þund error code.
 */
export function contractViolations(pipeline: Pipeline, runId: string, events: readonly RunEvent[], result: RunResult): string[] {
  const problems: string[] = [];
  const last = new Map<string, RunPhase>();
  for (const event of events) {
    if (event.runId !== runId) problems.push(`event "${event.message}" has run id ${event.runId}, expected ${runId}`);
    if (Number.isNaN(Date.parse(event.timestamp)) || !/^\d{4}-\d{2}-\d{2}T/.test(event.timestamp)) problems.push(`event "${event.message}" has timestamp ${event.timestamp}, not RFC 3339`);
    if (event.details?.error !== undefined && !isThundErrorCode(event.details.error.code)) problems.push(`event "${event.message}" has error code ${event.details.error.code}`);
    if (event.element.kind !== 'flow') continue;
    const previous = last.get(event.element.name);
    if (previous !== undefined && TERMINAL_PHASES.has(previous)) {
      problems.push(`flow ${event.element.name} emitted "${event.message}" after its terminal phase ${previous}`);
    }
    if (event.phase === undefined) continue;
    if (previous !== undefined && ORDER[event.phase] < ORDER[previous]) {
      problems.push(`flow ${event.element.name} went from ${previous} back to ${event.phase}`);
    }
    last.set(event.element.name, event.phase);
  }
  const outcomes = new Map(result.flows.map((f) => [f.name, f]));
  for (const flow of pipeline.flows) {
    const outcome = outcomes.get(flow.name);
    const phase = last.get(flow.name);
    if (result.status === 'failed' && result.flows.length === 0) continue; // rejected before any flow was planned
    if (outcome === undefined) problems.push(`result does not list flow ${flow.name}`);
    if (phase === undefined || !TERMINAL_PHASES.has(phase)) problems.push(`flow ${flow.name} has no terminal event (last: ${phase ?? 'none'})`);
    else if (outcome !== undefined && outcome.phase !== phase) problems.push(`flow ${flow.name} ended ${phase} in events but ${outcome.phase} in the result`);
    if (outcome?.phase === 'failed' && (outcome.error === undefined || !isThundErrorCode(outcome.error.code))) {
      problems.push(`failed flow ${flow.name} has no typed error`);
    }
  }
  if (result.status === 'completed' && result.flows.some((f) => f.phase !== 'completed' && f.phase !== 'excluded')) problems.push('run completed although a flow did not (excluded flows aside)');
  if (result.status === 'failed' && result.error === undefined && !result.flows.some((f) => f.phase === 'failed')) problems.push('run failed without an error or a failed flow');
  if (result.error !== undefined && !isThundErrorCode(result.error.code)) problems.push(`run error code ${result.error.code} is not a Þund code`);
  return problems;
}
