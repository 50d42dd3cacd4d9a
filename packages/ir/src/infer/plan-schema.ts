import { generatedColumns } from './generated-columns.js';
import { cdcStoredColumns } from '../cdc/resolve-changes.js';
import { CDC_END_AT, CDC_START_AT, type CdcSpec } from '../model/cdc.js';
import type { DataType, Field } from '../model/data-type.js';
import type { Pipeline } from '../model/pipeline.js';
import type { ColumnNode } from '../plan/expr/column.js';
import { type Expression, outputName } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import type { JoinNode } from '../plan/rel/join.js';
import { RANGE_COLUMN } from '../plan/rel/range.js';
import type { RelationNode } from '../plan/rel/relation.js';
import { expressionType } from './expression-type.js';
import { commonType } from './type-algebra.js';

/** A column of an inferred schema: its name, and its type where the pipeline tells it (else only a run would). */
export interface InferredField {
  /** Column name. */
  readonly name: string;
  /** The column's type, when the pipeline determines it. */
  readonly type?: DataType;
  /** `false` where a declared schema says NOT NULL (the backends enforce it when writing); otherwise not claimed. */
  readonly nullable?: false;
}

/** A plan's output columns in order, or `undefined` when only a run would tell which columns there are. */
export type InferredSchema = readonly InferredField[] | undefined;

type PipelineShape = Pick<Pipeline, 'datasets' | 'flows'>;

/** The columns of a windowed aggregation's bounds, written before its own. */
export const WINDOW_BOUNDS: readonly InferredField[] = [{ name: 'window_start', type: 'timestamp' }, { name: 'window_end', type: 'timestamp' }];

/**
 * The output schema of plans of one pipeline, as far as the pipeline
 * itself tells (no engine): declared dataset schemas, declared `read_files`
 * schemas and the inferred outputs of the flows that write each dataset,
 * through every node above them. Each dataset's schema is worked out once
 * (in dependency order, with an explicit stack: a chain of any length
 * cannot overflow the call stack; a dataset in a cycle has no known
 * schema) and each plan node's once.
 */
export function schemaResolver(pipeline: PipelineShape): (node: RelationNode) => InferredSchema {
  const datasets = new Map<string, InferredSchema>();
  const nodes = new WeakMap<RelationNode, InferredSchema>();
  const writers = new Map<string, PipelineShape['flows'][number][]>();
  for (const flow of pipeline.flows) writers.set(flow.target, [...(writers.get(flow.target) ?? []), flow]);
  const declared = new Map(pipeline.datasets.map((d) => [d.name, d.schema]));
  const known = (name: string): InferredSchema => datasets.get(name);

  const compute = (name: string): InferredSchema => {
    const schema = declared.get(name);
    if (schema !== undefined) return schema.map(declaredField);
    const flows = writers.get(name) ?? [];
    if (flows.length === 0) return undefined;
    const cdc = flows.find((f) => f.kind === 'cdc');
    if (cdc !== undefined) return flows.length === 1 && cdc.cdc !== undefined ? cdcSchema(cdc.cdc, nodeSchema(cdc.query, known, nodes)) : undefined;
    const fields: InferredField[] = [];
    for (const flow of flows) {
      const written = flowOutputSchema(flow, (node) => nodeSchema(node, known, nodes));
      if (written === undefined) return undefined;
      for (const field of written) {
        const at = fields.findIndex((f) => f.name === field.name);
        if (at < 0) fields.push(field);
        else fields[at] = typed(field.name, commonType(fields[at]?.type, field.type));
      }
    }
    return fields;
  };
  const resolve = (root: string): void => {
    const stack: { readonly name: string; expanded: boolean }[] = [{ name: root, expanded: false }];
    const inProgress = new Set<string>();
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as (typeof stack)[number];
      if (datasets.has(top.name)) {
        stack.pop();
        continue;
      }
      if (!top.expanded) {
        top.expanded = true;
        inProgress.add(top.name);
        for (const flow of writers.get(top.name) ?? []) {
          for (const read of readsOf(flow.query)) if (!datasets.has(read) && !inProgress.has(read)) stack.push({ name: read, expanded: false });
        }
        continue;
      }
      stack.pop();
      inProgress.delete(top.name);
      datasets.set(top.name, compute(top.name));
    }
  };
  const lookup = (name: string): InferredSchema => {
    if (!datasets.has(name)) resolve(name);
    return datasets.get(name);
  };
  return (node) => nodeSchema(node, lookup, nodes);
}

/**
 * The rows a flow writes, as far as the pipeline tells (`undefined`: only
 * a run would): its query's columns, after a windowed aggregation's
 * bounds; a CDC flow writes its change spec's columns of its feed.
 */
export function flowOutputSchema(flow: PipelineShape['flows'][number], schemaOf: (node: RelationNode) => InferredSchema): InferredSchema {
  const query = schemaOf(flow.query);
  if (flow.kind === 'cdc') return flow.cdc === undefined ? undefined : cdcSchema(flow.cdc, query);
  return query === undefined || flow.window === undefined ? query : [...WINDOW_BOUNDS, ...query];
}

/**
 * Every dataset's schema as stored, declared or inferred, by name
 * (`undefined`: only a run would tell). A sink partitioned into
 * directories reads back with its partition columns last, typed by the
 * reader from the directory names (so their type is not claimed).
 */
export function datasetSchemas(pipeline: PipelineShape): ReadonlyMap<string, InferredSchema> {
  const schemaOf = schemaResolver(pipeline);
  return new Map(pipeline.datasets.map((d) => {
    const schema = schemaOf({ kind: 'read', dataset: d.name });
    const partitions = new Set((d.type === 'sink' ? d.partitionColumns ?? [] : []).map((c) => c.toLowerCase()));
    if (schema === undefined || partitions.size === 0) return [d.name, schema];
    const isPartition = (f: InferredField): boolean => partitions.has(f.name.toLowerCase());
    return [d.name, [...schema.filter((f) => !isPartition(f)), ...schema.filter(isPartition).map((f) => ({ name: f.name }))]];
  }));
}

/** A CDC target stores the spec's columns of its change feed, then (SCD 2) the validity columns, of the sequence column's type. */
function cdcSchema(spec: CdcSpec, input: InferredSchema): InferredSchema {
  if (input === undefined) return undefined;
  const stored = cdcStoredColumns(spec, input.map((f) => f.name));
  const fields = input.filter((f) => stored.includes(f.name));
  if (spec.scdType === 1) return fields;
  const sequence = input.find((f) => f.name === spec.sequenceBy)?.type;
  return [...fields, typed(CDC_START_AT, sequence), typed(CDC_END_AT, sequence)];
}

const declaredField = (field: Field): InferredField => (field.nullable === false ? { name: field.name, type: field.type, nullable: false } : { name: field.name, type: field.type });
const typed = (name: string, type: DataType | undefined): InferredField => (type === undefined ? { name } : { name, type });

/** A node's output schema, given the datasets' (`dataset`) and a memo of nodes already worked out. */
function nodeSchema(node: RelationNode, dataset: (name: string) => InferredSchema, memo: WeakMap<RelationNode, InferredSchema>): InferredSchema {
  if (memo.has(node)) return memo.get(node);
  const schema = computeNodeSchema(node, (input) => nodeSchema(input, dataset, memo), dataset);
  memo.set(node, schema);
  return schema;
}

function computeNodeSchema(node: RelationNode, of: (input: RelationNode) => InferredSchema, dataset: (name: string) => InferredSchema): InferredSchema {
  switch (node.kind) {
    case 'read_files':
      return node.schema?.map(declaredField);
    case 'read':
      return dataset(node.dataset);
    case 'range':
      return [{ name: RANGE_COLUMN, type: 'int64', nullable: false }];
    case 'filter':
    case 'sort':
    case 'limit':
    case 'deduplicate':
      return of(node.input);
    case 'window': {
      const input = of(node.input);
      return input === undefined ? undefined : outputs([...input], node.expressions, scopeOf(node.input, of));
    }
    case 'aggregate':
      return outputs([], [...node.groupBy, ...node.aggregates], scopeOf(node.input, of));
    case 'join': {
      const left = of(node.left);
      if (node.type === 'semi' || node.type === 'anti') return left;
      const right = of(node.right);
      if (left === undefined || right === undefined) return undefined;
      // USING columns appear once.
      const using = new Set((node.using ?? []).map((c) => c.toLowerCase()));
      return [...left, ...right.filter((c) => !using.has(c.name.toLowerCase()))];
    }
    case 'union': {
      const inputs = node.inputs.map(of);
      const first = inputs[0];
      if (first === undefined || inputs.some((i) => i === undefined || i.length !== first.length)) return first;
      // Positional: the first branch names the columns; each column has the type every branch's widens to.
      return first.map((field, i) => typed(field.name, inputs.reduce<DataType | undefined>((t, input) => commonType(t, input?.[i]?.type), field.type)));
    }
    case 'generate': {
      const input = of(node.input);
      const generated = generatedColumns(node, expressionType(node.expr, scopeOf(node.input, of).type));
      return input === undefined || generated === undefined ? undefined : [...input, ...generated];
    }
    case 'project': {
      const fields: InferredField[] = [];
      const scope = scopeOf(node.input, of);
      for (const column of node.columns) {
        if (column.kind === 'star') {
          const input = column.relation === undefined ? of(node.input) : scope.side(column.relation);
          if (input === undefined) return undefined;
          fields.push(...input);
        } else {
          const added = outputs([], [column], scope);
          if (added === undefined) return undefined;
          fields.push(...added);
        }
      }
      return fields;
    }
    default:
      return undefined;
  }
}

/** What a node's expressions can name: its input's columns, and a join's sides by alias. */
export interface ColumnScope {
  /** The type of a column reference, or `undefined` when unknown. */
  readonly type: (column: ColumnNode) => DataType | undefined;
  /** The schema of a join side by its alias. */
  readonly side: (alias: string) => InferredSchema;
  /** The columns a reference qualified by `relation` (or unqualified) may name; `undefined`: not known. */
  readonly columns: (relation: string | undefined) => InferredSchema;
}

const findField = (schema: InferredSchema, name: string): InferredField | undefined => schema?.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** The scope of a join's `on`: either side's columns, unqualified or by the side's alias. */
export function joinScope(join: JoinNode, of: (node: RelationNode) => InferredSchema): ColumnScope {
  const side = (alias: string): InferredSchema => {
    const lower = alias.toLowerCase();
    if (join.leftAlias?.toLowerCase() === lower) return of(join.left);
    if (join.rightAlias?.toLowerCase() === lower) return of(join.right);
    // A side that is itself a join, unnamed, keeps its sides' names (SQL's `a JOIN b ON … JOIN c ON …`).
    for (const [input, own] of [[join.left, join.leftAlias], [join.right, join.rightAlias]] as const) {
      const found = own === undefined && input.kind === 'join' ? joinScope(input, of).side(alias) : undefined;
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const both = (): InferredSchema => {
    const left = of(join.left);
    const right = of(join.right);
    return left === undefined || right === undefined ? undefined : [...left, ...right];
  };
  return {
    type: (column) => (column.relation === undefined ? findField(of(join.left), column.name) ?? findField(of(join.right), column.name) : findField(side(column.relation), column.name))?.type,
    side,
    columns: (relation) => (relation === undefined ? both() : side(relation)),
  };
}

/** The scope of the expressions of a node whose input is `input`. */
export function scopeOf(input: RelationNode, of: (node: RelationNode) => InferredSchema): ColumnScope {
  const fields = of(input);
  const join = underlyingJoin(input);
  const side = join === undefined ? (): InferredSchema => undefined : joinScope(join, of).side;
  const columns = (relation: string | undefined): InferredSchema => (relation === undefined ? fields : side(relation));
  return { type: (column) => findField(columns(column.relation), column.name)?.type, side, columns };
}

/** The join a node's rows come from, through nodes that keep its columns. */
export function underlyingJoin(node: RelationNode): JoinNode | undefined {
  let current = node;
  while (current.kind === 'filter' || current.kind === 'sort' || current.kind === 'limit' || current.kind === 'deduplicate' || current.kind === 'generate') current = current.input;
  return current.kind === 'join' ? current : undefined;
}

/** `fields` followed by the named expressions' columns; `undefined` if one has no name. */
function outputs(fields: InferredField[], expressions: readonly Expression[], scope: ColumnScope): InferredSchema {
  for (const expression of expressions) {
    const name = outputName(expression);
    if (name === undefined) return undefined;
    fields.push(typed(name, expressionType(expression, scope.type)));
  }
  return fields;
}

/** The datasets a plan reads. */
function readsOf(node: RelationNode): string[] {
  const reads: string[] = [];
  walkPlan(node, { relation: (n) => { if (n.kind === 'read') reads.push(n.dataset); } });
  return reads;
}
