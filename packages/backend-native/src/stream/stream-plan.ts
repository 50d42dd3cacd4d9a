import { type AggregateNode, type Flow, type Pipeline, type ReadFilesNode, type ReadNode, type RelationNode, isStreamingTable, walkRelation } from '@thund/ir';

/** Every `read_files` node of a plan, in walk order. */
export function readFilesNodes(node: RelationNode): ReadFilesNode[] {
  const found: ReadFilesNode[] = [];
  walkRelation(node, (n) => {
    if (n.kind === 'read_files') found.push(n);
  });
  return found;
}

/** `read` nodes of append-only tables, which a flow without a `read_files` source streams from. */
export function appendOnlyReads(pipeline: Pipeline, node: RelationNode): ReadNode[] {
  const found: ReadNode[] = [];
  walkRelation(node, (n) => {
    if (n.kind === 'read' && isStreamingTable(pipeline, n.dataset)) found.push(n);
  });
  return found;
}

/** The node a streaming flow streams from: its one `read_files`, else its one read of an append-only table. */
export function streamingSourceNode(pipeline: Pipeline, node: RelationNode): ReadFilesNode | ReadNode | undefined {
  const files = readFilesNodes(node);
  if (files.length > 0) return files.length === 1 ? files[0] : undefined;
  const tables = appendOnlyReads(pipeline, node);
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
