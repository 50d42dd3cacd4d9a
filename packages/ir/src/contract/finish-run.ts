import { ThundErrorCode } from '../errors/error-code.js';
import type { Pipeline } from '../model/pipeline.js';
import type { FlowOutcome, RunResult } from './run-handle.js';
import type { RunEventError } from './run-event.js';
import type { RunContext } from './start-run.js';

/** What a backend knows when its flows are done. */
export interface RunEnding {
  /** `performance.now()` when the run began, for the final event's duration. */
  readonly started: number;
  /** Every flow's terminal outcome, in the pipeline's flow order. */
  readonly flows: readonly FlowOutcome[];
  /** A failure of the run itself (not of one flow), e.g. the engine ended the run. */
  readonly runError?: RunEventError;
}

/**
 * Ends a run the same way on every backend: its status from the flows'
 * outcomes (cancelled if the run's signal fired), a one-line summary, the
 * final pipeline event, and the result's error, which carries the code and
 * engine class of the first failed flow, else the run's own error.
 */
export function finishRun(pipeline: Pipeline, context: RunContext, ending: RunEnding): Omit<RunResult, 'runId' | 'durationMs'> {
  const { flows, runError } = ending;
  const element = { kind: 'pipeline', name: pipeline.name } as const;
  const status: RunResult['status'] = context.signal.aborted
    ? 'cancelled'
    : runError !== undefined || flows.some((o) => o.phase !== 'completed' && o.phase !== 'excluded') ? 'failed' : 'completed';
  const count = (phase: FlowOutcome['phase']): number => flows.filter((o) => o.phase === phase).length;
  const excluded = count('excluded');
  const summary = `${count('completed')} completed, ${count('failed')} failed, ${count('cancelled')} cancelled${excluded === 0 ? '' : `, ${excluded} excluded`}`;
  const durationMs = performance.now() - ending.started;
  if (status === 'completed') {
    context.emit({ element, phase: 'completed', message: `pipeline "${pipeline.name}" completed: ${summary}`, details: { durationMs } });
    return { status, flows };
  }
  const error = status === 'cancelled' ? { code: ThundErrorCode.Cancelled, message: `the run was cancelled: ${summary}` } : failure(pipeline, flows, summary, runError);
  context.emit({ element, phase: status, level: status === 'failed' ? 'error' : 'warn', message: error.message, details: { durationMs, error } });
  return { status, flows, error };
}

function failure(pipeline: Pipeline, flows: readonly FlowOutcome[], summary: string, runError: RunEventError | undefined): RunEventError {
  const first = flows.find((o) => o.phase === 'failed')?.error;
  const message = `pipeline "${pipeline.name}" failed: ${summary}`;
  if (first !== undefined) return { code: first.code, message, ...(first.engineClass === undefined ? {} : { engineClass: first.engineClass }) };
  return runError ?? { code: ThundErrorCode.Engine, message };
}
