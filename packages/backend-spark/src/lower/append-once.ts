import { join } from 'node:path';
import type { Flow } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { readPath } from './read-path.js';

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
