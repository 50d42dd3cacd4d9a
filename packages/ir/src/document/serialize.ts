import type { Pipeline } from '../model/pipeline.js';
import { assertPlanDepth } from '../validate/depth-limit.js';
import { PipelineSchema } from './schema.js';
import { writeJson } from './write-json.js';

/**
 * The canonical JSON text of a pipeline: keys in schema order, optional
 * fields left out when absent. `parsePipeline(serializePipeline(p))` equals `p`.
 * Whole numbers beyond ±(2^53 − 1) (large doubles) are written with an
 * exponent, so the document reader does not take them for inexact integers.
 * Throws a ValidationError for a plan nested deeper than `MAX_PLAN_DEPTH`.
 */
export function serializePipeline(pipeline: Pipeline, indent = 2): string {
  assertPlanDepth(pipeline);
  return writeJson(PipelineSchema.parse(pipeline), indent);
}
