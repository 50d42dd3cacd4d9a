import type { Pipeline } from '../model/pipeline.js';
import { outputName } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import type { RelationNode } from '../plan/rel/relation.js';

type Columns = readonly string[] | undefined;
type PipelineShape = Pick<Pipeline, 'datasets' | 'flows'>;

/**
 * The output column names of a plan when they follow from the plan and the
 * pipeline alone (a `read_files` with a declared schema; a `read` of a
 * dataset with a declared schema, or whose writing flows' columns follow;
 * the nodes above them); `undefined` when only running it would tell.
 * Validation and the Spark CDC lowering use it to check and name columns
 * before anything runs. For many questions about one pipeline, use
 * `columnResolver` (it remembers each dataset's columns).
 */
export function staticColumns(node: RelationNode, pipeline?: PipelineShape): Columns {
  return pipeline === undefined ? nodeColumns(node, () => undefined, new WeakMap()) : columnResolver(pipeline)(node);
}

/**
 * `staticColumns` over one pipeline, each dataset's columns worked out once
 * (in dependency order, with an explicit stack: a chain of any length
 * cannot overflow the call stack; a dataset in a cycle has no known
 * columns) and each plan node's once.
 */
export function columnResolver(pipeline: PipelineShape): (node: RelationNode) => Columns {
  const datasets = new Map<string, Columns>();
  const nodes = new WeakMap<RelationNode, Columns>();
  const writers = new Map<string, PipelineShape['flows'][number][]>();
  for (const flow of pipeline.flows) writers.set(flow.target, [...(writers.get(flow.target) ?? []), flow]);
  const declared = new Map(pipeline.datasets.map((d) => [d.name, d.schema]));
  const known = (name: string): Columns => datasets.get(name);

  const compute = (name: string): Columns => {
    const schema = declared.get(name);
    if (schema !== undefined) return schema.map((f) => f.name);
    const flows = writers.get(name) ?? [];
    // A CDC target's columns are the spec's business (op columns left out, SCD 2 validity columns added).
    if (flows.length === 0 || flows.some((f) => f.kind === 'cdc')) return undefined;
    const names: string[] = [];
    for (const flow of flows) {
      const query = nodeColumns(flow.query, known, nodes);
      if (query === undefined) return undefined;
      // A windowed aggregation writes its window's bounds too.
      const columns = flow.window === undefined ? query : ['window_start', 'window_end', ...query];
      for (const column of columns) if (!names.includes(column)) names.push(column);
    }
    return names;
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
  const lookup = (name: string): Columns => {
    if (!datasets.has(name)) resolve(name);
    return datasets.get(name);
  };
  return (node) => nodeColumns(node, lookup, nodes);
}

/** A node's output columns, given the datasets' (`dataset`) and a memo of nodes already worked out. */
function nodeColumns(node: RelationNode, dataset: (name: string) => Columns, memo: WeakMap<RelationNode, Columns>): Columns {
  if (memo.has(node)) return memo.get(node);
  const columns = computeNodeColumns(node, (input) => nodeColumns(input, dataset, memo), dataset);
  memo.set(node, columns);
  return columns;
}

function computeNodeColumns(node: RelationNode, of: (input: RelationNode) => Columns, dataset: (name: string) => Columns): Columns {
  switch (node.kind) {
    case 'read_files':
      return node.schema?.map((f) => f.name);
    case 'read':
      return dataset(node.dataset);
    case 'filter':
    case 'sort':
    case 'limit':
    case 'deduplicate':
      return of(node.input);
    case 'window': {
      const input = of(node.input);
      const added = node.expressions.map(outputName);
      return input === undefined || added.some((n) => n === undefined) ? undefined : [...input, ...(added as string[])];
    }
    case 'aggregate': {
      const names = [...node.groupBy, ...node.aggregates].map(outputName);
      return names.some((n) => n === undefined) ? undefined : (names as string[]);
    }
    case 'join': {
      const left = of(node.left);
      if (node.type === 'semi' || node.type === 'anti') return left;
      const right = of(node.right);
      if (left === undefined || right === undefined) return undefined;
      // USING columns appear once.
      const using = new Set((node.using ?? []).map((c) => c.toLowerCase()));
      return [...left, ...right.filter((c) => !using.has(c.toLowerCase()))];
    }
    case 'union': {
      const first = node.inputs[0];
      return first === undefined ? undefined : of(first);
    }
    case 'project': {
      const names: string[] = [];
      for (const column of node.columns) {
        if (column.kind === 'star') {
          if (column.relation !== undefined) return undefined;
          const input = of(node.input);
          if (input === undefined) return undefined;
          names.push(...input);
        } else {
          const name = outputName(column);
          if (name === undefined) return undefined;
          names.push(name);
        }
      }
      return names;
    }
    default:
      return undefined;
  }
}

/** The datasets a plan reads. */
function readsOf(node: RelationNode): string[] {
  const reads: string[] = [];
  walkPlan(node, { relation: (n) => { if (n.kind === 'read') reads.push(n.dataset); } });
  return reads;
}
