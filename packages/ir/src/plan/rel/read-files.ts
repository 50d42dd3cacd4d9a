import type { Field } from '../../model/data-type.js';
import type { FileFormat } from '../../model/file-format.js';

/**
 * Reads files: one file, a glob, or a directory. In a streaming flow a
 * directory is a growing source; each new file is read once.
 */
export interface ReadFilesNode {
  readonly kind: 'read_files';
  readonly format: FileFormat;
  readonly path: string;
  /** Declared schema; without it the schema is inferred from the files. */
  readonly schema?: readonly Field[];
  readonly options?: Readonly<Record<string, string>>;
  /**
   * In a streaming flow, the most new files one micro-batch takes (Spark's
   * `maxFilesPerTrigger`): a backlog is read in several micro-batches, in
   * file order, the watermark advancing between them, so rows a later file
   * brings late within one run are late. Default: every new file at once.
   * Ignored by batch flows, which read every file.
   */
  readonly maxFilesPerTrigger?: number;
}

export const ReadFilesNode = Object.freeze({
  is(node: { readonly kind: string }): node is ReadFilesNode {
    return node.kind === 'read_files';
  },
  create(format: FileFormat, path: string, extra: Pick<ReadFilesNode, 'schema' | 'options' | 'maxFilesPerTrigger'> = {}): ReadFilesNode {
    return Object.freeze({ kind: 'read_files', format, path, ...extra });
  },
});
