import type { RelationInit, SparkConnectSession } from '../connect/session.js';

/** The session setting that lets a streaming file read without a schema infer one from the files already there. */
const SCHEMA_INFERENCE = 'spark.sql.streaming.schemaInference';

/**
 * Lets Spark infer the schema of the run's streaming file reads that still
 * have none, if there are any: a format the run does not infer once
 * (Parquet, ORC, …), a read whose inference failed (no files yet), or every
 * read when the pipeline's `configuration` keeps the run from inferring.
 * Spark analyses a flow when it is defined, with this session's conf (the
 * graph's own conf comes later), and refuses such a read without it
 * ("Schema must be specified when creating a streaming source DataFrame").
 */
export async function allowStreamingSchemaInference(session: SparkConnectSession, relations: readonly RelationInit[], signal?: AbortSignal): Promise<void> {
  if (!relations.some(streamsFilesWithoutSchema) || signal?.aborted === true) return;
  await session.setConfig({ [SCHEMA_INFERENCE]: 'true' });
}

/** Whether a relation (at any depth) holds a streaming read of files with no schema. */
function streamsFilesWithoutSchema(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(streamsFilesWithoutSchema);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  const { readType, isStreaming } = value as { readType?: { case?: unknown; value?: unknown }; isStreaming?: unknown };
  if (isStreaming === true && readType?.case === 'dataSource') {
    const source = readType.value as { paths?: readonly string[]; schema?: string } | undefined;
    if ((source?.paths?.length ?? 0) > 0 && (source?.schema ?? '') === '') return true;
  }
  return Object.values(value).some(streamsFilesWithoutSchema);
}
