import type { Expression } from '../expr/expression.js';
import { type AnySlot, type ChildAt, type ChildSlot, type ExpressionContext, frozenFields, kindsOf, slotChildren } from '../node-fields.js';
import type { AggregateNode } from './aggregate.js';
import type { DeduplicateNode } from './deduplicate.js';
import type { FilterNode } from './filter.js';
import type { GenerateNode } from './generate.js';
import type { JoinNode } from './join.js';
import type { LimitNode } from './limit.js';
import type { ProjectNode } from './project.js';
import type { RangeNode } from './range.js';
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
  | SqlNode
  | GenerateNode
  | RangeNode;

/** The `kind` of a {@link RelationNode}. */
export type RelationKind = RelationNode['kind'];

/** Where a relation node of type `N` keeps its children. */
export interface RelationFields<N> {
  /** Fields holding the node's input relations, in walk order. */
  readonly inputs: readonly ChildSlot<N, RelationNode>[];
  /** Fields holding expressions, in walk order, each with the context it is evaluated in. */
  readonly expressions: readonly (ChildSlot<N, Expression> & {
    /** Context the field's expressions are evaluated in. */
    readonly context: ExpressionContext;
  })[];
}

/**
 * Each relation kind's child fields, described once: `childRelations`,
 * `walkRelation`, `walkPlan` (with its JSON paths) and `RELATION_KINDS`
 * follow from it. A kind of the union missing here is a compile error.
 */
export const RELATION_FIELDS = frozenFields({
  read: { inputs: [], expressions: [] },
  read_files: { inputs: [], expressions: [] },
  filter: { inputs: [{ field: 'input' }], expressions: [{ field: 'condition', context: 'row' }] },
  project: { inputs: [{ field: 'input' }], expressions: [{ field: 'columns', each: true, context: 'row' }] },
  aggregate: {
    inputs: [{ field: 'input' }],
    expressions: [{ field: 'groupBy', each: true, context: 'row' }, { field: 'aggregates', each: true, context: 'aggregate' }],
  },
  join: { inputs: [{ field: 'left' }, { field: 'right' }], expressions: [{ field: 'on', context: 'row' }] },
  union: { inputs: [{ field: 'inputs', each: true }], expressions: [] },
  sort: { inputs: [{ field: 'input' }], expressions: [{ field: 'keys', each: ['expr'], context: 'row' }] },
  limit: { inputs: [{ field: 'input' }], expressions: [] },
  deduplicate: { inputs: [{ field: 'input' }], expressions: [] },
  window: { inputs: [{ field: 'input' }], expressions: [{ field: 'expressions', each: true, context: 'window' }] },
  sql: { inputs: [], expressions: [] },
  generate: { inputs: [{ field: 'input' }], expressions: [{ field: 'expr', context: 'row' }] },
  range: { inputs: [], expressions: [] },
} as const satisfies { readonly [K in RelationKind]: RelationFields<Extract<RelationNode, { kind: K }>> });

/** Every relation kind, in the order of `RELATION_FIELDS`. */
export const RELATION_KINDS: readonly RelationKind[] = kindsOf(RELATION_FIELDS);

/** The descriptions as the generic readers see them. */
const FIELDS: { readonly [K in RelationKind]: { readonly inputs: readonly AnySlot[]; readonly expressions: readonly (AnySlot & { readonly context: ExpressionContext })[] } } = RELATION_FIELDS;

/** The input relations of a node, with their paths, in order. */
export function relationInputsAt(node: RelationNode): readonly ChildAt<RelationNode>[] {
  return slotChildren<RelationNode, AnySlot>(node, FIELDS[node.kind].inputs);
}

/** The expressions a relation node holds, with their paths and contexts, in order. */
export function relationExpressionsAt(node: RelationNode): readonly (ChildAt<Expression> & { readonly context: ExpressionContext })[] {
  return slotChildren<Expression, AnySlot & { readonly context: ExpressionContext }>(node, FIELDS[node.kind].expressions)
    .map(({ node: child, path, slot }) => ({ node: child, path, context: slot.context }));
}

/** Direct inputs of a relation node. */
export function childRelations(node: RelationNode): readonly RelationNode[] {
  return relationInputsAt(node).map((child) => child.node);
}

/** Depth-first walk over a plan. */
export function walkRelation(node: RelationNode, visit: (node: RelationNode) => void): void {
  visit(node);
  for (const child of childRelations(node)) walkRelation(child, visit);
}
