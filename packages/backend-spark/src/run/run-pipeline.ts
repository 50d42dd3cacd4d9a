import { mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  type CheckReport, type Dataset, type ElementRef, type Flow, type Pipeline, type RunContext,
  type RunEventError, type RunHandle, type RunOptions, type RunResult, ThundError, ThundErrorCode, beginRun, finishRun, isIncremental, planFacts, refuseRun,
  startRun,
} from '@thund/ir';
import type { SparkConnectSession } from '../connect/session.js';
import { SparkError, thundErrorFromSpark } from '../connect/spark-error.js';
import { type PipelinePlace, outsideLowering } from '../lower/flow-plan.js';
import { storageDir } from '../storage-dir.js';
import { batchSinkFlows, isBatchSink } from '../lower/batch-sinks.js';
import { type GraphOutput, graphOutputs } from '../lower/graph-flows.js';
import { qualified } from '../lower/spark-types.js';
import { SourceTotalsLedger, arrivalsBefore, streamingRowsBefore } from './flow-metrics.js';
import { CountsOnCompletion } from './counts-on-completion.js';
import { FlowCounter, UNCOUNTED, completeCounted } from './flow-counts.js';
import { FlowTracker } from './flow-tracker.js';
import { defineGraph } from './define-graph.js';
import { asPlan, dropGraph, startRunCommand } from './graph-commands.js';
import { lostCheckpointError } from './lost-checkpoint.js';
import { declaredSchemaMismatches } from './declared-schema-check.js';
import { prepareStreamingSinks } from './prepare-streaming-sinks.js';
import { writeBatchSinks } from './write-batch-sinks.js';
import { type AppendOnceOutcome, StagingRefused, stageAppendOnceFlows, stagedSchemas } from './stage-append-once.js';
import { StreamingProgressListener, progressReporter } from './streaming-progress.js';
import { InferredSchemas } from './inferred-schemas.js';
import { allowStreamingSchemaInference } from './streaming-schema-inference.js';
import { ObservedCounts } from './observed-counts.js';
import { engineFailureOf } from '../signals/flow-failure.js';
import { readRunFailure } from '../signals/run-failure.js';
import { sdpSignalOf } from '../signals/sdp-signal.js';

export interface RunDependencies {
  readonly session: () => Promise<SparkConnectSession>;
  readonly check: (pipeline: Pipeline) => CheckReport;
  readonly place: (pipeline: Pipeline) => PipelinePlace;
  readonly baseDir: string;
  readonly storageRoot: string;
}

type Outcome = Omit<RunResult, 'runId' | 'durationMs'>;

/**
 * Runs a pipeline as one SDP run: validate and check (any problem fails the
 * run before a command is sent), then CreateDataflowGraph, one DefineOutput
 * per dataset, one DefineFlow per flow, StartRun — streaming its events
 * back as RunEvents — and the row and expectation counts each completed
 * flow's event carries, taken as soon as Spark reports the flow completed.
 */
export function runPipeline(deps: RunDependencies, pipeline: Pipeline, options: RunOptions = {}): RunHandle {
  return startRun(pipeline.name, options, (context) => execute(deps, pipeline, options, context));
}

/** The storage root of a pipeline's SDP run, as the file:// URI StartRun requires (a run creates the folder; a dry run does not). */
export function storageUri(pipeline: Pipeline, baseDir: string, storageRoot: string): string {
  return pathToFileURL(storageDir(pipeline, baseDir, storageRoot)).href;
}

/** The storage root's path, created unless `create` is false (a dry run writes nothing, not even the folder). */
function storagePath(pipeline: Pipeline, baseDir: string, storageRoot: string, create = true): string {
  const path = storageDir(pipeline, baseDir, storageRoot);
  if (create) mkdirSync(path, { recursive: true });
  return path;
}

async function execute(deps: RunDependencies, whole: Pipeline, options: RunOptions, context: RunContext): Promise<Outcome> {
  const { emit, signal } = context;
  const element: ElementRef = { kind: 'pipeline', name: whole.name };
  const beginning = beginRun(whole, context, deps.check, errorDetails, options);
  if (beginning.refused) return beginning.outcome;
  const { started, selection } = beginning;
  const { resets } = selection;
  const storageDir = storagePath(whole, deps.baseDir, deps.storageRoot, options.dryRun !== true);
  const session = await deps.session();
  const place = deps.place(whole);
  const wholeOutputs = graphOutputs(whole, deps.baseDir, storageDir);
  const inferred = await inferOnce(session, whole, wholeOutputs, signal);
  // The declared-schema rule where only Spark can tell a flow's columns: a flow that breaks it fails and the flows
  // downstream of it are cancelled; the rest of the graph runs without them, as native runs it.
  const mismatches = await declaredSchemaMismatches({ session, pipeline: whole, baseDir: deps.baseDir, signal, inferred });
  const notRun = downstreamOf(whole, new Set(mismatches.keys()));
  const pipeline = notRun.size === 0 ? whole : withoutFlows(whole, notRun);
  const outputs = (pipeline === whole ? wholeOutputs : graphOutputs(pipeline, deps.baseDir, storageDir)).map((o) => withInferred(o, inferred));
  await allowStreamingSchemaInference(session, outputs.flatMap((o) => o.flows.map((f) => f.relation)), signal);
  const members = new Map(outputs.flatMap((o) => o.flows.map((f) => [f.name, f.members.map((m) => m.name)] as const)));
  const outsideGraph = new Set(batchSinkFlows(pipeline).map((f) => f.name));
  const streamingTables = outputs.filter((o) => o.sdpType === 'table' && o.flows.length > 0)
    .map((o) => ({ table: o.dataset.name, dataset: o.flows[0]?.members[0]?.target ?? o.dataset.name }));
  // What this run writes: the graph keeps every flow (SDP excludes the unselected ones itself); the work Þund does around it does not.
  const running = selection.all ? pipeline : { ...pipeline, flows: pipeline.flows.filter((f) => selection.flows.has(f.name)) };
  const runningTargets = new Set(running.flows.map((f) => f.target));
  const lost = await lostCheckpointError(session, place, streamingTables.filter((t) => runningTargets.has(t.dataset)), storageDir, resets).catch((reason: unknown) => thundErrorFromSpark(reason, { remote: session.remote.display, element }));
  if (lost !== undefined) return failBeforeStart(whole, context, lost);
  if (options.dryRun !== true) {
    const refused = await prepareStreamingSinks(running, deps.baseDir, storageDir, resets).then(() => undefined, (reason: unknown) => ThundError.from(reason, ThundErrorCode.Internal, { backend: 'spark', element }));
    if (refused !== undefined) return failBeforeStart(whole, context, refused);
  }
  const remote = { remote: session.remote.display };
  const tracker = new FlowTracker(context, whole.name, whole.flows.map((f) => f.name), place.catalog, place.database, members);
  for (const flow of whole.flows) {
    if (selection.flows.has(flow.name)) tracker.transition(flow.name, 'queued', `flow "${flow.name}" is queued`);
    else tracker.exclude(flow);
  }
  failMismatches(tracker, notRun, mismatches);

  let graphId: string | undefined;
  let runError: ThundError | undefined;
  const resetFlows = new Set(whole.flows.filter((f) => resets.has(f.target)).map((f) => f.name));
  const ledger = new SourceTotalsLedger(storageDir, (flow) => resetFlows.has(flow));
  const lowering = outsideLowering(pipeline, place, deps.baseDir, inferred.schemaOf);
  const countLowering = outsideLowering(running, place, deps.baseDir, inferred.schemaOf);
  // Replaced once the run has learned what was there before it (below); until then no flow can complete.
  let counter = new FlowCounter(session, running, place, countLowering, { ledger, rowsBefore: new Map(), lastArrivals: new Map(), appendOnce: new Map() }, signal);
  const runningFlows = new Map(running.flows.map((f) => [f.name, f]));
  // Plain streaming flows' counts, from their micro-batches: known once the listener has heard the run's last batch.
  let settleObserved: (counts: ObservedCounts | undefined) => void = () => undefined;
  const observed = new Promise<ObservedCounts | undefined>((resolve) => {
    settleObserved = resolve;
  });
  const counting = new CountsOnCompletion(
    (name) => counter.count(runningFlows.get(name) as Flow),
    (name, counts) => completeCounted(tracker, name, counts),
  );
  if (options.dryRun !== true) {
    tracker.whenCompletedOnSpark((name) => {
      if (runningFlows.has(name) && !outsideGraph.has(name)) counting.start(name);
    });
  }
  try {
    const rowsBefore = await streamingRowsBefore(session, place, running, resets);
    const lastArrivals = await arrivalsBefore(session, place, running, resets);
    let appendOnce: ReadonlyMap<string, AppendOnceOutcome> = new Map();
    let graphFlows = outputs.flatMap((o) => o.flows);
    if (options.dryRun !== true && running.flows.some((f) => f.kind === 'append_once')) {
      // The staged files are read as a stream without a declared schema (allowStreamingSchemaInference above let Spark infer it).
      appendOnce = await stageAppendOnceFlows({ session, pipeline: running, storageDir, lowering, ledger, tracker, resets, signal });
    } else if (pipeline.flows.some((f) => f.kind === 'append_once')) {
      // A dry run stages nothing: the graph reads each staging directory with the schema its rows would have.
      const schemas = await stagedSchemas(session, pipeline, outsideLowering(pipeline, place, deps.baseDir), signal).catch((error: unknown) => {
        // Spark refused an append-once flow's query: that flow failed (as staging it would have).
        if (!(error instanceof StagingRefused)) throw error;
        tracker.fail(error.flow, engineFailureOf(error.error));
        throw error.error;
      });
      graphFlows = graphOutputs(pipeline, deps.baseDir, storageDir, schemas).flatMap((o) => withInferred(o, inferred).flows);
    }
    counter = new FlowCounter(session, running, place, countLowering, { ledger, rowsBefore, lastArrivals, appendOnce, observed }, signal);
    if (place.database !== 'default') await session.sql(`CREATE DATABASE IF NOT EXISTS ${qualified(place.catalog, place.database)}`, { signal });
    emit({ element, phase: 'running', message: `pipeline "${pipeline.name}" is running on Spark ${session.remote.display}` });
    // A pipeline of batch sinks alone has no graph to run; nor has one whose graph would hold only temporary views
    // (SDP refuses it: RUN_EMPTY_PIPELINE). Views are definitions: the sinks' writes inline them.
    if (outputs.some((o) => o.dataset.type !== 'temporary_view' && o.flows.length > 0)) {
      graphId = await defineGraph(session, pipeline, { place, outputs, flows: graphFlows, baseDir: deps.baseDir }, signal);
      const command = startRunCommand(graphId, {
        storage: storageUri(pipeline, deps.baseDir, deps.storageRoot), dryRun: options.dryRun === true,
        fullRefreshAll: selection.all && resets.size > 0,
        refresh: selection.all ? [] : graphTables(outputs, runningTargets, (dataset) => !resets.has(dataset)),
        fullRefresh: selection.all ? [] : graphTables(outputs, runningTargets, (dataset) => resets.has(dataset)),
      });
      // Per-epoch events: SDP's own event stream has flow states only; its streaming queries' progress comes from the listener bus.
      const observedCounts = new ObservedCounts();
      const report = progressReporter(pipeline, tracker, emit);
      const progress = options.dryRun !== true && graphFlows.some((f) => f.members.some((m) => isIncremental(m.kind)))
        ? await StreamingProgressListener.start(session, (batch) => {
          observedCounts.add(batch);
          report(batch);
        }, (reason) => {
          emit({ element, level: 'warn', message: `Spark did not attach a streaming progress listener, so this run has no per-epoch events: ${reason}` });
        })
        : undefined;
      try {
        for await (const response of session.execute(asPlan(command), { signal })) {
          const event = sdpSignalOf(response);
          if (event !== undefined) tracker.onSignal(event);
        }
      } finally {
        await progress?.stop();
        // Without a listener (or one that failed) the counts are queried over the source instead.
        settleObserved(progress?.heardEverything === true ? observedCounts : undefined);
      }
    }
  } catch (reason) {
    runError = thundErrorFromSpark(reason, { ...remote, element });
  }
  settleObserved(undefined);

  if (signal.aborted) {
    // A cancelled run does not wait for counts: a flow Spark completed whose counts are not in completes without them.
    counting.stop();
    for (const flow of [...tracker.expectationFailures.keys()]) tracker.failExpectation(flow);
    for (const name of tracker.completedOnSpark) if (!tracker.isTerminal(name)) completeCounted(tracker, name, UNCOUNTED);
    for (const flow of pipeline.flows) if (!tracker.isTerminal(flow.name)) tracker.cancel(flow.name, 'the run was cancelled');
  } else {
    await counting.settled();
    await finishFlows(running, tracker, runError, options.dryRun === true, counter, outsideGraph);
    if (runError === undefined && options.dryRun !== true) {
      const sinks = pipeline.datasets.filter((d) => isBatchSink(pipeline, d) && runningTargets.has(d.name));
      await writeBatchSinks({ session, pipeline, place, baseDir: deps.baseDir, tracker, ledger, runId: context.runId, signal, inferred }, sinks);
    }
    for (const name of outsideGraph) {
      if (tracker.isTerminal(name)) continue;
      if (signal.aborted) tracker.cancel(name, 'the run was cancelled');
      else if (runError !== undefined) tracker.cancel(name, 'the run failed before this sink was written', ThundErrorCode.UpstreamFailed);
      else tracker.complete(name, `flow "${name}" completed (dry run: nothing written)`, { rowsWritten: 0 });
    }
    if (runError === undefined && options.dryRun !== true) ledger.save();
  }
  if (graphId !== undefined) void session.drain(asPlan(dropGraph(graphId))).catch(() => undefined);

  const outcomes = whole.flows.map((flow) => tracker.outcome(flow.name) ?? { name: flow.name, phase: 'cancelled' as const });
  return finishRun(whole, context, { started, flows: outcomes, ...(runError === undefined ? {} : { runError: errorDetails(runError) }) });
}

export function errorDetails(error: ThundError): RunEventError {
  const engineClass = error instanceof SparkError ? error.engineClass : undefined;
  return { code: error.code, message: error.message, ...(engineClass === undefined ? {} : { engineClass }) };
}

/**
 * Gives every flow its terminal event once Spark is done: completed flows
 * (and temporary views, which SDP reports nothing for) with their counts;
 * flows the run error names as failed; the rest as cancelled.
 */
async function finishFlows(
  pipeline: Pipeline, tracker: FlowTracker, runError: ThundError | undefined, dryRun: boolean, counter: FlowCounter, outsideGraph: ReadonlySet<string>,
): Promise<void> {
  const inGraph = pipeline.flows.filter((flow) => !outsideGraph.has(flow.name));
  const datasets = new Map<string, Dataset>(pipeline.datasets.map((d) => [d.name, d]));
  const runFailed = runError === undefined ? undefined : readRunFailure(runError, tracker.names);

  // A flow a failed expectation stopped reports the counts, as on native.
  await Promise.all([...tracker.expectationFailures.keys()].map(async (name) => {
    const flow = pipeline.flows.find((f) => f.name === name);
    tracker.failExpectation(name, flow === undefined ? undefined : await counter.expectations(flow));
  }));
  const named = new Set(runFailed?.failedFlows.flatMap((n) => tracker.pipelineFlows(n)));
  // Temporary views are only definitions to SDP, which reports nothing for them:
  // they completed if the run did, or if it failed after Spark ran flows for a reason not theirs.
  const viewCompleted = (flow: Flow): boolean => datasets.get(flow.target)?.type === 'temporary_view'
    && (runFailed === undefined || (tracker.flowsRan && !named.has(flow.name)));
  const completing = inGraph.filter((flow) => !tracker.isTerminal(flow.name)
    && (tracker.completedOnSpark.has(flow.name) || viewCompleted(flow) || (runFailed === undefined && dryRun)));
  // Flows Spark completed were counted as it reported them (CountsOnCompletion); what is left here: temporary views, a dry run's flows.
  const results = await Promise.all(completing.map(async (flow) => ({ flow, counts: dryRun ? { rowsWritten: 0, expectations: undefined } : await counter.count(flow) })));
  for (const { flow, counts } of results) completeCounted(tracker, flow.name, counts, dryRun);
  if (runFailed === undefined) {
    for (const flow of inGraph) if (!tracker.isTerminal(flow.name)) tracker.cancel(flow.name, 'Spark ended the run without running it');
    return;
  }
  const upstream = new Set(runFailed.upstreamFlows.flatMap((n) => tracker.pipelineFlows(n)));
  for (const flow of inGraph) {
    if (tracker.isTerminal(flow.name)) continue;
    if (upstream.has(flow.name)) tracker.cancel(flow.name, 'an upstream flow failed to resolve', ThundErrorCode.UpstreamFailed);
    else if (named.has(flow.name) || (named.size === 0 && inGraph.length === 1)) tracker.fail(flow.name, runFailed.failure);
    else tracker.cancel(flow.name, `the run failed: ${runFailed.summary}`);
  }
}

/**
 * A flow whose columns do not fit its declared schema fails (Spark never
 * sees it); each flow downstream of one is cancelled, as native cancels
 * the flows downstream of a failed one.
 */
function failMismatches(tracker: FlowTracker, notRun: ReadonlyMap<string, string>, mismatches: ReadonlyMap<string, ThundError>): void {
  for (const [name, root] of notRun) {
    const error = mismatches.get(name);
    if (error !== undefined) tracker.fail(name, engineFailureOf(error));
    else tracker.cancel(name, `upstream flow ${root} failed: its columns do not fit the declared schema`, ThundErrorCode.UpstreamFailed);
  }
}

/** The flows `failed` and every flow that reads, directly or not, a dataset one of them writes; each with the failed flow it follows. */
function downstreamOf(pipeline: Pipeline, failed: ReadonlySet<string>): Map<string, string> {
  const notRun = new Map([...failed].map((name) => [name, name]));
  const rootOfTarget = new Map<string, string>();
  for (const flow of pipeline.flows) if (failed.has(flow.name)) rootOfTarget.set(flow.target, flow.name);
  for (let grew = notRun.size > 0; grew;) {
    grew = false;
    for (const flow of pipeline.flows) {
      if (notRun.has(flow.name)) continue;
      const root = planFacts(flow).reads.map((read) => rootOfTarget.get(read)).find((r) => r !== undefined);
      if (root === undefined) continue;
      notRun.set(flow.name, root);
      rootOfTarget.set(flow.target, root);
      grew = true;
    }
  }
  return notRun;
}

/** The pipeline without some flows, and without the datasets only they wrote. */
function withoutFlows(pipeline: Pipeline, removed: ReadonlyMap<string, string>): Pipeline {
  const flows = pipeline.flows.filter((f) => !removed.has(f.name));
  const written = new Set(flows.map((f) => f.target));
  const hadWriters = new Set(pipeline.flows.map((f) => f.target));
  return { ...pipeline, flows, datasets: pipeline.datasets.filter((d) => written.has(d.name) || !hadWriters.has(d.name)) };
}

/**
 * The graph tables SDP refreshes for a selection: those of the selected
 * flows' datasets that `keep` admits (temporary views are no tables). A
 * dataset's hidden tables (an update/complete flow's arrivals) go with it.
 */
function graphTables(outputs: readonly GraphOutput[], runningTargets: ReadonlySet<string>, keep: (dataset: string) => boolean): string[] {
  const tables = outputs.filter((o) => o.dataset.type !== 'temporary_view').flatMap((o) => {
    const datasets = new Set(o.flows.flatMap((f) => f.members.map((m) => m.target)));
    const dataset = [...datasets][0] ?? o.dataset.name;
    return runningTargets.has(dataset) && keep(dataset) ? [o.dataset.name] : [];
  });
  return [...new Set(tables)];
}

/**
 * The schemas Spark infers for the pipeline's file reads, batch or
 * streaming, inferred once (inferred-schemas.ts). Not when the pipeline's `configuration` sets
 * more than the time zone: the graph runs with it and this session does
 * not, and settings such as `spark.sql.timestampType` change what Spark
 * infers; the graph then infers them itself, as it always may.
 */
async function inferOnce(session: SparkConnectSession, pipeline: Pipeline, outputs: readonly GraphOutput[], signal: AbortSignal): Promise<InferredSchemas> {
  const settings = Object.keys(pipeline.configuration ?? {}).filter((key) => key !== 'spark.sql.session.timeZone');
  if (settings.length > 0) return InferredSchemas.none;
  return InferredSchemas.infer(session, outputs.flatMap((o) => o.flows.map((f) => f.relation)), signal);
}

/** A graph output whose flows read with the schemas inferred this run. */
function withInferred(output: GraphOutput, inferred: InferredSchemas): GraphOutput {
  return { ...output, flows: output.flows.map((f) => ({ ...f, relation: inferred.apply(f.relation) })) };
}

/** A pipeline-level failure before any command was sent: `refuseRun` with Spark's error details. */
function failBeforeStart(pipeline: Pipeline, context: RunContext, error: ThundError): Outcome {
  return refuseRun(pipeline, context, error, errorDetails(error));
}
