import type { RelationInit } from '../connect/session.js';

/** A read of files at `path` in `format` (a batch read, or a stream of new files): sink read-backs, staged outputs. */
export function readPath(format: string, path: string, options: Readonly<Record<string, string>> = {}, streaming = false): RelationInit {
  return { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format, options: { ...options }, paths: [path] } }, isStreaming: streaming } } };
}
