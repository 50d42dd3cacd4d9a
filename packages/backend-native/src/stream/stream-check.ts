import { type Feature, type Flow, type Pipeline, type Violation, jsonPath, streamingInputs } from '@thund/ir';
import { hasAggregate, incrementalInput, streamingAggregate } from './stream-plan.js';

/**
 * What the native streaming engine cannot run, beyond `checkAgainst`:
 * the shapes of streaming queries it supports and the output modes each
 * query shape admits. Reported by `check`, so no run starts with them.
 */
export function streamingViolations(pipeline: Pipeline, backend: string): Violation[] {
  const violations: Violation[] = [];
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  pipeline.flows.forEach((flow, i) => {
    const add = (feature: Feature, value: string, path: readonly PropertyKey[], message: string): void => {
      violations.push({ backend, element: { kind: 'flow', name: flow.name }, feature, value, path: jsonPath(['flows', i, ...path]), message: `backend "${backend}": ${message}` });
    };
    if (flow.kind !== 'streaming' && flow.kind !== 'cdc') return;
    const target = datasets.get(flow.target);
    const inputs = streamingInputs(pipeline, incrementalInput(flow));
    const files = inputs.files.length;
    const tables = files === 0 ? inputs.tables.length : 0;
    if (files > 1 || (files === 0 && tables !== 1)) {
      add('streaming', 'source', ['query'], `${flow.kind} flow "${flow.name}" reads ${files} read_files sources${files === 0 ? ` and ${tables} streaming tables` : ''}; a native streaming flow streams from exactly one source — a growing directory, an in-memory source, or a table written only by streaming and append-once flows — optionally joined with datasets read whole each micro-batch`);
    }
    if (flow.kind === 'cdc') {
      if (flow.outputMode !== undefined) add('output_mode', flow.outputMode, ['outputMode'], `cdc flow "${flow.name}" sets outputMode "${flow.outputMode}": applying changes has its own semantics; remove outputMode`);
      if (flow.window !== undefined) add('event_time', 'window', ['window'], `cdc flow "${flow.name}" has a window: windows apply to streaming aggregations, not to change feeds`);
      return;
    }
    checkAggregation(flow, add);
    if (target?.type === 'sink') {
      if (flow.outputMode === 'update' || flow.outputMode === 'complete') {
        add('output_mode', flow.outputMode, ['outputMode'], `streaming flow "${flow.name}" writes sink "${target.name}" in outputMode "${flow.outputMode}": file sinks are append-only (one file per micro-batch); write a table instead, or use append`);
      }
    }
  });
  return violations;
}

function checkAggregation(flow: Flow, add: (feature: Feature, value: string, path: readonly PropertyKey[], message: string) => void): void {
  const aggregate = streamingAggregate(flow);
  if (aggregate === undefined) {
    if (hasAggregate(flow.query)) add('relation', 'aggregate', ['query'], `streaming flow "${flow.name}" aggregates before its last step; a native streaming aggregation must be the query's final node (filter and project before it)`);
    if (flow.window !== undefined) add('event_time', 'window', ['window'], `streaming flow "${flow.name}" has a ${flow.window.kind} window but its query does not end in an aggregation: group it with .groupBy(...).agg(...) or remove the window`);
    return;
  }
  if (hasAggregate(aggregate.input)) add('relation', 'aggregate', ['query'], `streaming flow "${flow.name}" aggregates twice; native streaming supports one aggregation per flow`);
  const mode = flow.outputMode ?? 'append';
  if (mode === 'append' && flow.window === undefined) {
    add('output_mode', 'append', ['outputMode'], `streaming flow "${flow.name}" aggregates without a window in append mode, so no group is ever final: add a window, or use outputMode "update" or "complete"`);
  }
}
