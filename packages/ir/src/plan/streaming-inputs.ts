import { isStreamingTable } from '../model/streaming-table.js';
import type { Pipeline } from '../model/pipeline.js';
import type { ReadFilesNode } from './rel/read-files.js';
import type { ReadNode } from './rel/read.js';
import { type RelationNode, walkRelation } from './rel/relation.js';

/** What a streaming flow's plan could stream from. */
export interface StreamingInputs {
  /** Its `read_files` nodes. */
  readonly files: readonly ReadFilesNode[];
  /** Its reads of streaming tables (see `isStreamingTable`); streamed only when there are no `files`. */
  readonly tables: readonly ReadNode[];
}

/**
 * The IR rule for streaming flows: the plan's `read_files` nodes are the
 * stream, and every dataset it reads is read whole each micro-batch (a
 * stream-static join); a plan without `read_files` streams from the
 * streaming tables it reads.
 */
export function streamingInputs(pipeline: Pipeline, node: RelationNode): StreamingInputs {
  const files: ReadFilesNode[] = [];
  const tables: ReadNode[] = [];
  walkRelation(node, (n) => {
    if (n.kind === 'read_files') files.push(n);
    if (n.kind === 'read' && isStreamingTable(pipeline, n.dataset)) tables.push(n);
  });
  return { files, tables };
}
