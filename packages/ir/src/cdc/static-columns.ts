import type { Pipeline } from '../model/pipeline.js';
import { outputName } from '../plan/expr/expression.js';
import type { RelationNode } from '../plan/rel/relation.js';

/**
 * The output column names of a plan when they follow from the plan and the
 * pipeline alone (a `read_files` with a declared schema; a `read` of a
 * dataset with a declared schema, or whose writing flows' columns follow;
 * the row-level nodes above them); `undefined` when only running it would
 * tell. Validation and the Spark CDC lowering use it to check and name
 * columns before anything runs.
 */
export function staticColumns(node: RelationNode, pipeline?: Pick<Pipeline, 'datasets' | 'flows'>, seen: ReadonlySet<string> = new Set()): readonly string[] | undefined {
  const datasets = pipeline;
  switch (node.kind) {
    case 'read_files':
      return node.schema?.map((f) => f.name);
    case 'read':
      return datasetColumns(node.dataset, pipeline, seen);
    case 'filter':
    case 'sort':
    case 'limit':
    case 'deduplicate':
      return staticColumns(node.input, datasets, seen);
    case 'window': {
      const input = staticColumns(node.input, datasets, seen);
      const added = node.expressions.map(outputName);
      return input === undefined || added.some((n) => n === undefined) ? undefined : [...input, ...(added as string[])];
    }
    case 'project': {
      const names: string[] = [];
      for (const column of node.columns) {
        if (column.kind === 'star') {
          if (column.relation !== undefined) return undefined;
          const input = staticColumns(node.input, datasets, seen);
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

/** A dataset's declared columns, else the columns of the flows writing it, in order of first appearance. */
function datasetColumns(name: string, pipeline: Pick<Pipeline, 'datasets' | 'flows'> | undefined, seen: ReadonlySet<string>): readonly string[] | undefined {
  if (pipeline === undefined || seen.has(name)) return undefined;
  const declared = pipeline.datasets.find((d) => d.name === name)?.schema;
  if (declared !== undefined) return declared.map((f) => f.name);
  const writers = pipeline.flows.filter((f) => f.target === name);
  if (writers.length === 0) return undefined;
  const names: string[] = [];
  for (const flow of writers) {
    const columns = staticColumns(flow.query, pipeline, new Set([...seen, name]));
    if (columns === undefined) return undefined;
    for (const column of columns) if (!names.includes(column)) names.push(column);
  }
  return names;
}
