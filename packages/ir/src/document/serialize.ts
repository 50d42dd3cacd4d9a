import type { Pipeline } from '../model/pipeline.js';
import { PipelineSchema } from './schema.js';

/**
 * The canonical JSON text of a pipeline: keys in schema order, optional
 * fields left out when absent. `parsePipeline(serializePipeline(p))` equals `p`.
 */
export function serializePipeline(pipeline: Pipeline, indent = 2): string {
  return JSON.stringify(PipelineSchema.parse(pipeline), null, indent);
}
