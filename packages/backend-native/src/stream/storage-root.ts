import { isAbsolute, join, resolve } from 'node:path';
import { type Pipeline, isIncremental } from '@thund/ir';

/** Flows that keep checkpoints: streaming, cdc, and append-once (which records that it ran). */
export function keepsCheckpoint(kind: Pipeline['flows'][number]['kind']): boolean {
  return isIncremental(kind) || kind === 'append_once';
}

export function pipelineStreams(pipeline: Pipeline): boolean {
  return pipeline.flows.some((flow) => keepsCheckpoint(flow.kind));
}

/**
 * The pipeline's storage root: `Pipeline.storage` resolved against
 * `baseDir`, or `<baseDir>/.thund/<pipeline name>` when it is not set.
 */
export function storageRoot(pipeline: Pipeline, baseDir: string): string {
  if (pipeline.storage !== undefined) return isAbsolute(pipeline.storage) ? pipeline.storage : resolve(baseDir, pipeline.storage);
  return join(baseDir, '.thund', pipeline.name.replace(/[^A-Za-z0-9_.-]/g, '_'));
}

/** The DuckDB file in the pipeline's storage root: a streaming pipeline's when no database is configured, and every pipeline's with `persist`. */
export function pipelineDatabase(pipeline: Pipeline, baseDir: string): string {
  return join(storageRoot(pipeline, baseDir), 'native.duckdb');
}
