import { join } from 'node:path';
import type { Field, Flow } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { alias } from './expr-init.js';
import { readPath } from './read-path.js';
import { sparkType } from './spark-types.js';

/**
 * Append-once flows on Spark, where SDP rejects one-time flows
 * (`DefineFlow.once`): before the graph runs, the flow's query is written
 * once (again on a full refresh) as Parquet files to a directory of the
 * pipeline's storage, and inside the graph the flow is a streaming read of
 * that directory. The stream takes the files once — its checkpoint says so
 * — and finds nothing new on later runs; a full refresh resets the
 * checkpoint and the files are written anew, so the rows are appended once
 * again, as on native.
 */
export function appendOnceDirectory(storageDir: string, flow: Flow): string {
  return join(storageDir, 'append-once', encodeURIComponent(flow.name));
}

/** The file whose presence says a staging directory is complete (Spark's readers skip `_` files). */
export const STAGED_MARKER = '_THUND_STAGED';

/** The flow inside the graph: a streaming read of its staged files. */
export function stagedStream(directory: string): RelationInit {
  return readPath('parquet', directory, {}, true);
}

/**
 * What stands for the staged files in a dry run, which stages nothing (and
 * Spark refuses a stream of a directory that is not there): a stream with
 * the staged rows' columns and types, from Spark's built-in `rate` source,
 * which SDP analyses and a dry run never starts.
 */
export function stagedStandIn(fields: readonly Field[]): RelationInit {
  const rate: RelationInit = { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'rate', options: {}, paths: [] } }, isStreaming: true } } };
  const expressions = fields.map((f) => alias({ exprType: { case: 'expressionString', value: { expression: `CAST(NULL AS ${sparkType(f.type)})` } } }, f.name));
  return { relType: { case: 'project', value: { input: rate, expressions } } };
}
