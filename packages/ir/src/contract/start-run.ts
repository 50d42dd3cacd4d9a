import { ThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';
import type { ElementRef } from '../model/element-ref.js';
import type { Pipeline } from '../model/pipeline.js';
import { ValidationError } from '../errors/validation-error.js';
import { validatePipeline } from '../validate/validate-pipeline.js';
import type { RunEvent, RunEventDetails, RunPhase, EventLevel } from './run-event.js';
import type { RunHandle, RunOptions, RunResult } from './run-handle.js';

/** What a backend's executor gets: a way to emit events, and the cancellation signal. */
export interface RunContext {
  /** Identifier of the run. */
  readonly runId: string;
  /** Aborted when the run is cancelled; the executor should stop promptly. */
  readonly signal: AbortSignal;
  /** Emits one event; `startRun` adds the run id and timestamp. */
  emit(event: EmittedEvent): void;
}

/** An event without the fields `startRun` fills in. */
export interface EmittedEvent {
  /** The pipeline, dataset or flow the event concerns. */
  readonly element: ElementRef;
  /** Human-readable description. */
  readonly message: string;
  /** Set when the event is a lifecycle transition of `element`. */
  readonly phase?: RunPhase;
  /** Severity; default `info`. */
  readonly level?: EventLevel;
  /** Structured facts, where known. */
  readonly details?: RunEventDetails;
}

/**
 * Turns an async executor into a RunHandle: buffers events for any number
 * of consumers, wires `cancel()` and `options.signal` to the executor's
 * signal, and turns a thrown error into a failed result (never a rejection).
 * The run's last event is its pipeline's terminal one (`completed`,
 * `failed` or `cancelled`): the executor's, or else one `startRun` adds.
 *
 * Given the pipeline itself (not just its name), it validates it first: an
 * invalid pipeline ends as a failed run with `THUND_VALIDATION` listing
 * every problem, before the executor is called — so a backend built on it
 * never sees an invalid pipeline. (Backends that validate in their own
 * preflight pass the name.)
 */
export function startRun(
  pipeline: string | Pipeline,
  options: RunOptions,
  executor: (context: RunContext) => Promise<Omit<RunResult, 'runId' | 'durationMs'>>,
): RunHandle {
  const pipelineName = typeof pipeline === 'string' ? pipeline : pipeline.name;
  const runId = options.runId ?? newRunId();
  const controller = new AbortController();
  if (options.signal !== undefined) {
    if (options.signal.aborted) controller.abort(options.signal.reason);
    else options.signal.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });
  }
  const events: RunEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const wake = (): void => {
    for (const waiter of waiters) waiter();
    waiters.clear();
  };
  let pipelineEnded = false;
  const emit = (event: EmittedEvent): void => {
    if (ended) return;
    if (event.element.kind === 'pipeline' && (event.phase === 'completed' || event.phase === 'failed' || event.phase === 'cancelled')) pipelineEnded = true;
    events.push(Object.freeze({ timestamp: new Date().toISOString(), runId, level: 'info', ...event }));
    wake();
  };
  const started = performance.now();
  const result: Promise<RunResult> = (async () => {
    try {
      if (typeof pipeline !== 'string') {
        const issues = validatePipeline(pipeline);
        if (issues.length > 0) throw new ValidationError(issues);
      }
      const outcome = await executor({ runId, signal: controller.signal, emit });
      // Every run ends with its pipeline's terminal event (the run state the CLI and the viewer show), whether or not the executor emitted one.
      if (!pipelineEnded) {
        emit({
          element: { kind: 'pipeline', name: pipelineName },
          phase: outcome.status,
          level: outcome.status === 'failed' ? 'error' : 'info',
          message: `pipeline ${pipelineName} ${outcome.status}`,
          ...(outcome.error === undefined ? {} : { details: { error: outcome.error } }),
        });
      }
      return { runId, durationMs: performance.now() - started, ...outcome };
    } catch (reason) {
      const error = ThundError.from(reason, ThundErrorCode.Internal);
      emit({ element: { kind: 'pipeline', name: pipelineName }, phase: 'failed', level: 'error', message: error.message, details: { error: { code: error.code, message: error.message } } });
      return { runId, status: 'failed' as const, flows: [], durationMs: performance.now() - started, error: { code: error.code, message: error.message } };
    } finally {
      ended = true;
      wake();
    }
  })();
  return {
    runId,
    result,
    async cancel() {
      controller.abort(new ThundError(ThundErrorCode.Cancelled, 'the run was cancelled'));
      await result;
    },
    async *[Symbol.asyncIterator]() {
      let next = 0;
      for (;;) {
        while (next < events.length) yield events[next++] as RunEvent;
        if (ended) return;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
  };
}

function newRunId(): string {
  return `run-${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;
}
