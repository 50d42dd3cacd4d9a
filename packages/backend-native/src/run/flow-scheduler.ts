import { type ElementRef, type Flow, type FlowOutcome, type Pipeline, type RunContext, type RunSelection, ThundError, ThundErrorCode, excludedOutcome, indexPipeline, planFacts } from '@thund/ir';
import { Semaphore } from './concurrency.js';
import { errorDetails } from './flow-runner.js';

interface Ended {
  readonly outcome: FlowOutcome;
  /** The flow whose failure cancelled this one, directly or through others. */
  readonly rootFailure?: string;
}

/**
 * Starts each flow when every flow writing a dataset it reads has ended,
 * at most `maxConcurrency` at a time: completed inputs let it run; a
 * failed or cancelled input cancels it, naming the upstream flow that
 * failed first. Flows left out by the selection are reported excluded and
 * do not hold their readers back (their datasets keep what they hold).
 *
 * Event-driven rather than one waiting promise per flow: a flow's objects
 * exist only while it runs, so a pipeline of 10,000 flows does not keep
 * 10,000 suspended functions alive from the start (they outlived young
 * garbage collections and grew the old heap by ~17 MB).
 * Resolves with the outcomes in `pipeline.flows` order; rejects if `execute` throws.
 */
export function scheduleFlows(
  pipeline: Pipeline, selection: RunSelection, context: RunContext, maxConcurrency: number, execute: (flow: Flow) => Promise<FlowOutcome>,
): Promise<FlowOutcome[]> {
  const { writersOf } = indexPipeline(pipeline);
  const upstreamOf = new Map<Flow, readonly Flow[]>();
  const readers = new Map<Flow, Flow[]>();
  const waitingFor = new Map<Flow, number>();
  for (const flow of pipeline.flows) {
    const upstream = selection.flows.has(flow.name) ? [...new Set(planFacts(flow).reads.flatMap((read) => writersOf(read)))].filter((w) => w !== flow) : [];
    upstreamOf.set(flow, upstream);
    waitingFor.set(flow, upstream.length);
    for (const u of upstream) {
      const list = readers.get(u);
      if (list === undefined) readers.set(u, [flow]);
      else list.push(flow);
    }
  }
  const semaphore = new Semaphore(maxConcurrency);
  const ended = new Map<Flow, Ended>();

  const cancelled = (flow: Flow, reason: string, code: ThundErrorCode, rootFailure?: string): Ended => {
    const element: ElementRef = { kind: 'flow', name: flow.name };
    const error = new ThundError(code, `flow "${flow.name}" did not run: ${reason}`, { backend: 'native', element });
    context.emit({ element, phase: 'cancelled', level: 'warn', message: error.message, details: { reason, error: errorDetails(error) } });
    return { outcome: { name: flow.name, phase: 'cancelled', error: errorDetails(error) }, ...(rootFailure === undefined ? {} : { rootFailure }) };
  };

  /** What ends `flow` without running it, given its inputs' outcomes; `undefined` when it may run. */
  const endWithoutRunning = (flow: Flow): Ended | undefined => {
    if (!selection.flows.has(flow.name)) return { outcome: excludedOutcome(flow) };
    if (context.signal.aborted) return cancelled(flow, 'the run was cancelled', ThundErrorCode.Cancelled);
    const broken = (upstreamOf.get(flow) ?? []).map((u) => ended.get(u) as Ended).find((input) => input.outcome.phase !== 'completed' && input.outcome.phase !== 'excluded');
    if (broken === undefined) return undefined;
    if (broken.outcome.phase === 'cancelled' && broken.rootFailure === undefined) return cancelled(flow, `upstream flow ${broken.outcome.name} was cancelled`, ThundErrorCode.Cancelled);
    const root = broken.rootFailure ?? broken.outcome.name;
    return cancelled(flow, `upstream flow ${root} failed`, ThundErrorCode.UpstreamFailed, root);
  };

  return new Promise((resolve, reject) => {
    const ready = pipeline.flows.filter((flow) => waitingFor.get(flow) === 0);
    let draining = false;

    const end = (flow: Flow, result: Ended): void => {
      ended.set(flow, result);
      for (const reader of readers.get(flow) ?? []) {
        const left = (waitingFor.get(reader) ?? 1) - 1;
        waitingFor.set(reader, left);
        if (left === 0) ready.push(reader);
      }
      drain();
      if (ended.size === pipeline.flows.length) resolve(pipeline.flows.map((f) => (ended.get(f) as Ended).outcome));
    };

    // A loop, not recursion: a long chain of flows cancelled by one failure ends in one pass.
    const drain = (): void => {
      if (draining) return;
      draining = true;
      for (let flow = ready.shift(); flow !== undefined; flow = ready.shift()) {
        const early = endWithoutRunning(flow);
        if (early !== undefined) {
          end(flow, early);
          continue;
        }
        const started = flow;
        semaphore
          .use(async (): Promise<Ended> => (context.signal.aborted ? cancelled(started, 'the run was cancelled', ThundErrorCode.Cancelled) : { outcome: await execute(started) }))
          .then((result) => end(started, result), reject);
      }
      draining = false;
    };

    if (pipeline.flows.length === 0) resolve([]);
    else drain();
  });
}
