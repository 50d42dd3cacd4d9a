import { type AggregateNode, type Flow, type ReadFilesNode, type RelationNode, walkRelation } from '@thund/ir';

/** Every `read_files` node of a plan, in walk order. */
export function readFilesNodes(node: RelationNode): ReadFilesNode[] {
  const found: ReadFilesNode[] = [];
  walkRelation(node, (n) => {
    if (n.kind === 'read_files') found.push(n);
  });
  return found;
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
