import { isAbsolute, resolve } from 'node:path';
import { type Dataset, type Flow, type Pipeline, isIncremental, isStreamingTable, streamingInputs } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { lowerCdcRecompute } from './cdc-recompute.js';
import { lowerEventTimeFlow } from './event-time.js';
import { applyExpectations, observeExpectations, observesExpectations } from './expectations.js';
import { arrivalsTable, isRecomputedAggregation, lowerRecomputedAggregation } from './recomputed-aggregation.js';
import { type FileRead, type LoweringContext, RelationLowering, subqueryAlias } from './relation-lowering.js';
import { qualified } from './spark-types.js';

/** Where a pipeline's datasets live on Spark. */
export interface PipelinePlace {
  /** The pipeline's catalog, else the backend's default. */
  readonly catalog: string;
  /** The pipeline's database, else the backend's default. */
  readonly database: string;
}

export function resolvePath(baseDir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

/**
 * The query of one flow, lowered for the dataflow graph (expectations
 * applied). In a streaming flow, as on native: its `read_files` are the
 * stream and every dataset it reads is read whole (a stream-static join);
 * a flow without `read_files` streams from the streaming tables it reads
 * (tables written only by streaming and append-once flows).
 */
export function lowerFlowForGraph(flow: Flow, baseDir: string, pipeline: Pipeline): RelationInit {
  return lowerFlowParts(flow, baseDir, pipeline).relation;
}

/** A flow lowered for the graph: its relation, and for an update/complete flow the hidden arrivals flow's relation. */
export interface LoweredFlow {
  readonly relation: RelationInit;
  /** Streaming rows for `arrivalsTable(flow.target)` (see recomputed-aggregation.ts). */
  readonly arrivals?: RelationInit;
}

/** `lowerFlowForGraph` with every relation the flow becomes in the graph. */
export function lowerFlowParts(flow: Flow, baseDir: string, pipeline: Pipeline): LoweredFlow {
  // A frozen pipeline (what parsePipeline and the builder give) cannot change under us: each of its flows is
  // lowered once per base directory, whoever asks first (check, the graph, explain) — not once per asker.
  if (!Object.isFrozen(pipeline) || !Object.isFrozen(flow)) return lowerFlow(flow, baseDir, pipeline);
  const byFlow = LOWERED.get(pipeline) ?? new WeakMap<Flow, Map<string, LoweredFlow>>();
  LOWERED.set(pipeline, byFlow);
  const byBaseDir = byFlow.get(flow) ?? new Map<string, LoweredFlow>();
  byFlow.set(flow, byBaseDir);
  const cached = byBaseDir.get(baseDir);
  if (cached !== undefined) return cached;
  // Frozen too, so a caller that edited a shared plan in place would fail loudly instead of changing another's.
  const lowered = deepFreeze(lowerFlow(flow, baseDir, pipeline));
  byBaseDir.set(baseDir, lowered);
  return lowered;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

const LOWERED = new WeakMap<Pipeline, WeakMap<Flow, Map<string, LoweredFlow>>>();

function lowerFlow(flow: Flow, baseDir: string, pipeline: Pipeline): LoweredFlow {
  const resolve = (p: string): string => resolvePath(baseDir, p);
  if (flow.kind === 'cdc' && flow.cdc !== undefined) {
    // A CDC target is recomputed from the whole change feed, read as a batch (see cdc-recompute.ts).
    return { relation: lowerCdcRecompute(flow, flow.cdc, new RelationLowering({ streaming: false, resolvePath: resolve }), pipeline) };
  }
  const readsFiles = streamingInputs(pipeline, flow.query).files.length > 0;
  const streamsDataset = (dataset: string): boolean => !readsFiles && isStreamingTable(pipeline, dataset);
  const lowering = new RelationLowering({ streaming: isIncremental(flow.kind), resolvePath: resolve, streamsDataset });
  if (isRecomputedAggregation(flow)) {
    // The target is a materialized view over a hidden streaming table of arrivals (see recomputed-aggregation.ts).
    const batch = new RelationLowering({ streaming: false, resolvePath: resolve });
    const { arrivals, result } = lowerRecomputedAggregation(flow, lowering, batch, batch.lower({ kind: 'read', dataset: arrivalsTable(flow.target) }));
    return { relation: applyExpectations(result, flow, batch.expressions), arrivals };
  }
  const relation = lowerEventTimeFlow(flow, lowering) ?? lowering.lower(flow.query);
  const observed = observesExpectations(flow) ? observeExpectations(relation, flow, lowering.expressions) : relation;
  return { relation: applyExpectations(observed, flow, lowering.expressions) };
}

/**
 * A lowering for queries sent outside the graph (after the run): reads of
 * tables and views are qualified, temporary views (which exist only inside
 * the graph) are inlined as their defining flow's plan, and every read is
 * a batch read.
 */
export function outsideLowering(
  pipeline: Pipeline, place: PipelinePlace, baseDir: string, inferredSchema?: (read: FileRead) => string | undefined,
): RelationLowering {
  const datasets = new Map<string, Dataset>(pipeline.datasets.map((d) => [d.name, d]));
  const definingFlow = new Map<string, Flow>(pipeline.flows.map((f) => [f.target, f]));
  const context: LoweringContext = {
    streaming: false,
    resolvePath: (p) => resolvePath(baseDir, p),
    ...(inferredSchema === undefined ? {} : { inferredSchema }),
    readDataset(name) {
      const dataset = datasets.get(name);
      const flow = definingFlow.get(name);
      if (dataset?.type === 'temporary_view' && flow !== undefined) {
        const inner = new RelationLowering(context);
        return subqueryAlias(applyExpectations(inner.lower(flow.query), flow, inner.expressions), name);
      }
      return subqueryAlias(readTable(place, name), name);
    },
  };
  return new RelationLowering(context);
}

export function readTable(place: PipelinePlace, name: string): RelationInit {
  return { relType: { case: 'read', value: { readType: { case: 'namedTable', value: { unparsedIdentifier: qualified(place.catalog, place.database, name) } } } } };
}
