import type { AggregateNode } from './aggregate.js';
import type { DeduplicateNode } from './deduplicate.js';
import type { FilterNode } from './filter.js';
import type { JoinNode } from './join.js';
import type { LimitNode } from './limit.js';
import type { ProjectNode } from './project.js';
import type { ReadFilesNode } from './read-files.js';
import type { ReadNode } from './read.js';
import type { SortNode } from './sort.js';
import type { SqlNode } from './sql.js';
import type { UnionNode } from './union.js';
import type { WindowNode } from './window.js';

/** The closed union of relational plan nodes. */
export type RelationNode =
  | ReadNode
  | ReadFilesNode
  | FilterNode
  | ProjectNode
  | AggregateNode
  | JoinNode
  | UnionNode
  | SortNode
  | LimitNode
  | DeduplicateNode
  | WindowNode
  | SqlNode;

export type RelationKind = RelationNode['kind'];

export const RELATION_KINDS: readonly RelationKind[] = [
  'read', 'read_files', 'filter', 'project', 'aggregate', 'join', 'union', 'sort', 'limit', 'deduplicate', 'window', 'sql',
];

/** Direct inputs of a relation node. */
export function childRelations(node: RelationNode): readonly RelationNode[] {
  switch (node.kind) {
    case 'read':
    case 'read_files':
    case 'sql':
      return [];
    case 'join':
      return [node.left, node.right];
    case 'union':
      return node.inputs;
    default:
      return [node.input];
  }
}

/** Depth-first walk over a plan. */
export function walkRelation(node: RelationNode, visit: (node: RelationNode) => void): void {
  visit(node);
  for (const child of childRelations(node)) walkRelation(child, visit);
}
