import { type Dataset, type Field, type Flow, type Pipeline, isIncremental } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { appendOnceDirectory, stagedStandIn, stagedStream } from './append-once.js';
import { isBatchSink } from './batch-sinks.js';
import { type LoweredFlow, lowerFlowParts } from './flow-plan.js';
import { arrivalsFlow, arrivalsTable, isRecomputedAggregation } from './recomputed-aggregation.js';
import { shapeToSchema } from './output-shape.js';
import { unionByName } from './union-by-name.js';

/** One SDP output and the SDP flows that write it. */
export interface GraphOutput {
  readonly dataset: Dataset;
  /** The dataset type SDP gets (a table written only by batch flows becomes a materialized view). */
  readonly sdpType: Dataset['type'];
  readonly flows: readonly GraphFlow[];
}

/** One SDP flow and the pipeline flows it stands for. */
export interface GraphFlow {
  readonly name: string;
  readonly target: string;
  readonly relation: RelationInit;
  readonly members: readonly Flow[];
}

/**
 * Maps the pipeline onto SDP's model. SDP's TABLE is a streaming table: it
 * refuses batch relations (INVALID_FLOW_QUERY_TYPE.BATCH_RELATION_FOR_STREAMING_TABLE).
 * So a `table` written only by batch flows is defined as a materialized
 * view, recomputed each run. A table written by several flows gets one SDP
 * flow, their queries combined (UNION ALL BY NAME, expectations applied per
 * flow) and named after the first: for batch flows because an MV has one
 * query; for streaming flows because two streaming queries appending to
 * one parquet table race on its file-sink log (Spark fails the second with
 * "another writer already committed this batch"), while a union of
 * streaming sources is one query with one checkpoint. Events of that SDP
 * flow are reported for each of its members. (A table with batch and
 * streaming flows is refused by `check`.) A table written by a CDC flow is
 * a materialized view recomputed from the change feed (`cdc-recompute.ts`);
 * an append-once flow is a streaming read of its staged files (`append-once.ts`). A table written by
 * a streaming aggregation in update or complete mode is a materialized view
 * over a hidden streaming table of its input rows, defined just before it
 * (`recomputed-aggregation.ts`). Sinks fed by batch flows are not
 * in the graph: SDP sinks take streaming flows only (see `batch-sinks.ts`).
 */
export function graphOutputs(pipeline: Pipeline, baseDir: string, storageDir: string, stagedSchemas?: ReadonlyMap<string, readonly Field[]>): GraphOutput[] {
  const staged = (f: Flow): RelationInit => {
    const fields = stagedSchemas?.get(f.name);
    return fields === undefined ? stagedStream(appendOnceDirectory(storageDir, f)) : stagedStandIn(fields);
  };
  const lowered = (f: Flow): RelationInit => (f.kind === 'append_once' ? staged(f) : lowerFlowParts(f, baseDir, pipeline).relation);
  return pipeline.datasets.filter((dataset) => !isBatchSink(pipeline, dataset)).flatMap((dataset) => {
    const writers = pipeline.flows.filter((f) => f.target === dataset.name);
    const aggregation = writers.length === 1 && isRecomputedAggregation(writers[0] as Flow) ? (writers[0] as Flow) : undefined;
    if (aggregation !== undefined) return recomputedOutputs(dataset, aggregation, lowerFlowParts(aggregation, baseDir, pipeline));
    // A CDC target is recomputed from its change feed each run: to SDP, a materialized view too. An append-once flow
    // streams its staged files, so a table it writes stays a streaming table.
    const recomputed = dataset.type === 'table' && writers.length > 0 && writers.every((f) => (!isIncremental(f.kind) && f.kind !== 'append_once') || f.kind === 'cdc');
    const sdpType = recomputed ? 'materialized_view' : dataset.type;
    if (dataset.type !== 'table' || writers.length <= 1) {
      return {
        dataset,
        sdpType,
        flows: writers.map((f) => ({ name: f.name, target: dataset.name, relation: shapeToSchema(lowered(f), dataset), members: [f] })),
      };
    }
    const relations = writers.map((f) => shapeToSchema(lowered(f), dataset));
    return { dataset, sdpType, flows: [{ name: (writers[0] as Flow).name, target: dataset.name, relation: unionByName(relations), members: writers }] };
  });
}

/** The hidden arrivals table (streaming) and the target recomputed from it (a materialized view); both SDP flows stand for `flow`. */
function recomputedOutputs(dataset: Dataset, flow: Flow, { relation, arrivals }: LoweredFlow): GraphOutput[] {
  if (arrivals === undefined) throw new Error(`internal: flow "${flow.name}" was not lowered with its arrivals`);
  const hidden: Dataset = { name: arrivalsTable(dataset.name), type: 'table' };
  return [
    { dataset: hidden, sdpType: 'table', flows: [{ name: arrivalsFlow(flow), target: hidden.name, relation: arrivals, members: [flow] }] },
    { dataset, sdpType: 'materialized_view', flows: [{ name: flow.name, target: dataset.name, relation: shapeToSchema(relation, dataset), members: [flow] }] },
  ];
}
