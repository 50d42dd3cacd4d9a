import { type AggregateNode, type Flow, type Pipeline, type ReadFilesNode, type ReadNode, type RelationNode, streamingInputs, walkRelation } from '@thund/ir';

/** The node a streaming flow streams from (the IR's `streamingInputs` rule): its one `read_files`, else its one streaming-table read. */
export function streamingSourceNode(pipeline: Pipeline, node: RelationNode): ReadFilesNode | ReadNode | undefined {
  const { files, tables } = streamingInputs(pipeline, node);
  if (files.length > 0) return files.length === 1 ? files[0] : undefined;
  return tables.length === 1 ? tables[0] : undefined;
}

/** A streaming flow aggregates when its query ends in an aggregate (or it has a window). */
export function streamingAggregate(flow: Flow): AggregateNode | undefined {
  return flow.kind === 'streaming' && flow.query.kind === 'aggregate' ? flow.query : undefined;
}

/** The plan subtree a streaming flow reads incrementally: the aggregate's input, or the whole query. */
export function incrementalInput(flow: Flow): RelationNode {
  return streamingAggregate(flow)?.input ?? flow.query;
}

/** True when an aggregate appears anywhere in the plan. */
export function hasAggregate(node: RelationNode): boolean {
  let found = false;
  walkRelation(node, (n) => {
    if (n.kind === 'aggregate') found = true;
  });
  return found;
}
