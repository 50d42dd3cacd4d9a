import { ThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { Pipeline } from '../model/pipeline.js';
import { validatePipeline } from '../validate/validate-pipeline.js';
import type { CheckReport } from './check-report.js';
import type { FlowOutcome, RunOptions, RunResult } from './run-handle.js';
import { type RunSelection, selectRun } from './run-selection.js';
import type { RunEventError } from './run-event.js';
import type { RunContext } from './start-run.js';
import { UnsupportedError } from './unsupported-error.js';

/**
 * What stops a run before any flow starts: the pipeline's validation
 * issues, else the violations of the backend's `check`; `undefined` when
 * it may run.
 */
export function preflight(pipeline: Pipeline, check: (pipeline: Pipeline) => CheckReport): ThundError | undefined {
  const issues = validatePipeline(pipeline);
  if (issues.length > 0) return new ValidationError(issues);
  const report = check(pipeline);
  return report.ok ? undefined : new UnsupportedError(report);
}

/**
 * Ends a run that failed before any flow started: a `failed` pipeline
 * event, then every flow `cancelled` with the reason, so the result still
 * names each flow. `details` defaults to the error's code and message.
 */
export function refuseRun(
  pipeline: Pipeline, context: RunContext, error: ThundError, details: RunEventError = { code: error.code, message: error.message },
): Omit<RunResult, 'runId' | 'durationMs'> {
  context.emit({ element: { kind: 'pipeline', name: pipeline.name }, phase: 'failed', level: 'error', message: error.message, details: { error: details } });
  const reason = `the pipeline failed ${error.code === ThundErrorCode.Unsupported ? 'the backend check' : 'validation'}`;
  const flows = pipeline.flows.map((flow): FlowOutcome => {
    context.emit({ element: { kind: 'flow', name: flow.name }, phase: 'cancelled', level: 'warn', message: `flow "${flow.name}" did not run: ${reason}`, details: { reason, error: details } });
    return { name: flow.name, phase: 'cancelled', error: details };
  });
  return { status: 'failed', flows, error: details };
}

/** How a run begins: it may go on (with the instant it began), or it was refused with its result. */
export type RunBeginning =
  | {
      /** Preflight passed: the backend goes on to run the flows. */
      readonly refused: false;
      /** `performance.now()` when the run began, for its duration. */
      readonly started: number;
      /** The flows this run runs and the datasets it recomputes (`selectRun` of the run's options). */
      readonly selection: RunSelection;
    }
  | {
      /** Preflight refused the run; its events are already emitted. */
      readonly refused: true;
      /** The failed result the backend returns as is. */
      readonly outcome: Omit<RunResult, 'runId' | 'durationMs'>;
    };

/**
 * The start every backend's run shares: the pipeline's `planning` event,
 * then `preflight` (validation, then the backend's check), then the run's
 * selection (`selectRun` of `options`); a refusal, or a selection SDP
 * refuses, ends the run through `refuseRun` with the backend's error details.
 */
export function beginRun(
  pipeline: Pipeline, context: RunContext, check: (pipeline: Pipeline) => CheckReport, details: (error: ThundError) => RunEventError,
  options: Pick<RunOptions, 'refresh' | 'fullRefresh'> = {},
): RunBeginning {
  const started = performance.now();
  const flows = pipeline.flows.length;
  context.emit({ element: { kind: 'pipeline', name: pipeline.name }, phase: 'planning', message: `pipeline "${pipeline.name}" is validating and checking ${flows} flow${flows === 1 ? '' : 's'}` });
  const refuse = (error: ThundError): RunBeginning => ({ refused: true, outcome: refuseRun(pipeline, context, error, details(error)) });
  const refused = preflight(pipeline, check);
  if (refused !== undefined) return refuse(refused);
  try {
    return { refused: false, started, selection: selectRun(pipeline, options) };
  } catch (reason) {
    if (reason instanceof ThundError) return refuse(reason);
    throw reason;
  }
}
