import type { Pipeline } from '../model/pipeline.js';
import { schemaResolver } from '../infer/plan-schema.js';
import type { RelationNode } from '../plan/rel/relation.js';

type Columns = readonly string[] | undefined;

/**
 * The output column names of a plan when they follow from the plan and the
 * pipeline alone (a `read_files` with a declared schema; a `read` of a
 * dataset with a declared schema, or whose writing flows' columns follow;
 * the nodes above them); `undefined` when only running it would tell.
 * Validation and the Spark CDC lowering use it to check and name columns
 * before anything runs. For many questions about one pipeline, use
 * `columnResolver` (it remembers each dataset's columns).
 */
export function staticColumns(node: RelationNode, pipeline?: Pick<Pipeline, 'datasets' | 'flows'>): Columns {
  return columnResolver(pipeline ?? { datasets: [], flows: [] })(node);
}

/** `staticColumns` over one pipeline: the names of `schemaResolver`'s schemas. */
export function columnResolver(pipeline: Pick<Pipeline, 'datasets' | 'flows'>): (node: RelationNode) => Columns {
  const schemaOf = schemaResolver(pipeline);
  return (node) => schemaOf(node)?.map((f) => f.name);
}
