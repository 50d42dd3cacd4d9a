import { homedir } from 'node:os';
import { type Capabilities, type CheckReport, type Pipeline, type Violation, checkAgainst, isIncremental, jsonPath, outputLocationViolations, planFacts, streamingInputs } from '@thund/ir';
import { lowerFlowForGraph } from './lower/flow-plan.js';
import { isRecomputedAggregation } from './lower/recomputed-aggregation.js';
import { storageDir } from './storage-dir.js';

/**
 * `checkAgainst` plus what only Spark rules out: append-once flows that read
 * datasets of the pipeline (they are staged before the graph runs),
 * expectations on CDC flows, and anything the lowering
 * itself refuses (e.g. a LIMIT beyond 32 bits), and sink locations that
 * would swallow the project, the storage, an input or another sink. Every
 * violation at once.
 */
export function checkForSpark(pipeline: Pipeline, capabilities: Capabilities, places: { readonly baseDir: string; readonly storageRoot: string }): CheckReport {
  const { baseDir } = places;
  const backend = capabilities.name;
  const violations: Violation[] = [...checkAgainst(pipeline, capabilities).violations];
  const targets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  pipeline.flows.forEach((flow, i) => {
    const element = { kind: 'flow' as const, name: flow.name };
    const writers = pipeline.flows.filter((f) => f.target === flow.target);
    if (targets.get(flow.target)?.type === 'table' && flow.kind === 'batch' && writers.some((f) => f.kind !== 'batch')) {
      violations.push({
        backend, element, feature: 'batch', value: 'batch_and_streaming_into_table', path: jsonPath(['flows', i, 'kind']),
        message: `backend "${backend}" cannot write table "${flow.target}" from both batch flow "${flow.name}" and streaming flows: a Spark pipeline table is a streaming table, and a table written only by batch flows is a materialized view`,
      });
    }
    if (flow.kind === 'streaming' && !hasStreamingInput(pipeline, flow)) {
      violations.push({
        backend, element, feature: 'streaming', value: 'source', path: jsonPath(['flows', i, 'query']),
        message: `streaming flow "${flow.name}" has nothing to stream from: it reads no files and no streaming table (datasets it reads are read whole); read a directory with read_files or a table written by streaming flows, or make the flow batch`,
      });
    }
    const pipelineReads = flow.kind === 'append_once' ? planFacts(flow).reads.filter((name) => targets.has(name)) : [];
    if (pipelineReads.length > 0) {
      violations.push({
        backend, element, feature: 'streaming', value: 'append_once', path: jsonPath(['flows', i, 'query']),
        message: `append-once flow "${flow.name}" reads ${pipelineReads.map((n) => `"${n}"`).join(', ')} of this pipeline: on Spark an append-once flow is staged before the graph runs (SDP has no one-time flows), so it may read files or tables outside the pipeline only; read the files those datasets come from, or use the native backend`,
      });
    }
    violations.push(...recomputedAggregationViolations(pipeline, flow, i, backend));
    if (flow.kind === 'cdc' && (flow.expectations ?? []).length > 0) {
      violations.push({
        backend, element, feature: 'cdc', value: 'expectations', path: jsonPath(['flows', i, 'expectations']),
        message: `backend "${backend}" does not run expectations on CDC flows yet, used by flow "${flow.name}": put them on the flow that writes the change feed, or use the native backend`,
      });
    }
    // Lowering problems only matter for flows the capabilities admit (a rejected dialect would be reported twice).
    if (violations.some((v) => v.element.kind === 'flow' && v.element.name === flow.name)) return;
    try {
      lowerFlowForGraph(flow, baseDir, pipeline);
    } catch (reason) {
      violations.push({
        backend, element, feature: 'relation', value: 'lowering', path: jsonPath(['flows', i, 'query']),
        message: `backend "${backend}" cannot lower the query of flow "${flow.name}": ${reason instanceof Error ? reason.message : String(reason)}`,
      });
    }
  });
  violations.push(...outputLocationViolations(pipeline, { backend, baseDir, storage: storageDir(pipeline, baseDir, places.storageRoot), home: homedir() }));
  return { backend, ok: violations.length === 0, violations };
}

/** A streaming flow needs something to stream: a `read_files` node, or a read of a streaming table. */
function hasStreamingInput(pipeline: Pipeline, flow: Pipeline['flows'][number]): boolean {
  const { files, tables } = streamingInputs(pipeline, flow.query);
  return files.length + tables.length > 0;
}

/**
 * An update/complete flow's target is a materialized view recomputed each
 * run (recomputed-aggregation.ts): it must be a table the flow writes
 * alone, and no streaming flow can stream from it.
 */
function recomputedAggregationViolations(pipeline: Pipeline, flow: Pipeline['flows'][number], i: number, backend: string): Violation[] {
  const element = { kind: 'flow' as const, name: flow.name };
  const found: Violation[] = [];
  if (isRecomputedAggregation(flow)) {
    const target = pipeline.datasets.find((d) => d.name === flow.target);
    const others = pipeline.flows.filter((f) => f.target === flow.target && f !== flow);
    if (target?.type !== 'table' || others.length > 0) {
      found.push({
        backend, element, feature: 'output_mode', value: flow.outputMode ?? 'append', path: jsonPath(['flows', i, 'outputMode']),
        message: `flow "${flow.name}" writes "${flow.target}" in outputMode "${flow.outputMode}": on Spark that target is recomputed from the flow's input each run, so it must be a table no other flow writes; write the aggregation to a table of its own, or use append`,
      });
    }
  }
  const { files, tables } = isIncremental(flow.kind) ? streamingInputs(pipeline, flow.query) : { files: [], tables: [] };
  // A flow that reads files streams them and reads every dataset whole (streamingInputs).
  if (files.length === 0) {
    for (const { dataset: table } of tables) {
      const writer = pipeline.flows.find((f) => f.target === table && isRecomputedAggregation(f));
      if (writer === undefined) continue;
      found.push({
        backend, element, feature: 'streaming', value: 'source', path: jsonPath(['flows', i, 'query']),
        message: `streaming flow "${flow.name}" streams from "${table}", which flow "${writer.name}" writes in outputMode "${writer.outputMode}": on Spark its rows are rewritten each run, not appended, so they cannot be streamed; read it in a batch flow (a materialized view), or write it in append mode`,
      });
    }
  }
  return found;
}
