import type { Pipeline } from '../model/pipeline.js';
import { assertPlanDepth } from '../validate/depth-limit.js';
import { PipelineSchema } from './schema.js';

/**
 * The canonical JSON text of a pipeline: keys in schema order, optional
 * fields left out when absent. `parsePipeline(serializePipeline(p))` equals `p`.
 * Throws a ValidationError for a plan nested deeper than `MAX_PLAN_DEPTH`.
 */
export function serializePipeline(pipeline: Pipeline, indent = 2): string {
  assertPlanDepth(pipeline);
  return JSON.stringify(PipelineSchema.parse(pipeline), null, indent);
}
