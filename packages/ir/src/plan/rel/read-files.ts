import type { Field } from '../../model/data-type.js';
import type { FileFormat } from '../../model/file-format.js';

/**
 * Reads files: one file, a glob, or a directory. In a streaming flow a
 * directory is a growing source; each new file is read once.
 */
export interface ReadFilesNode {
  /** Discriminant: `read_files`. */
  readonly kind: 'read_files';
  /** File format of every file read. */
  readonly format: FileFormat;
  /** A file, a glob or a directory, resolved against the pipeline's base directory. */
  readonly path: string;
  /** Declared schema; without it the schema is inferred from the files. */
  readonly schema?: readonly Field[];
  /** Format options passed to the reader, e.g. `{ "header": "true" }` for CSV. */
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

/** Type guard and factory for {@link ReadFilesNode} plan nodes. */
export const ReadFilesNode = Object.freeze({
  /** Whether a relation node is a file read (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is ReadFilesNode {
    return node.kind === 'read_files';
  },
  /** A frozen file-read node; `extra` carries the optional schema, options and `maxFilesPerTrigger`. */
  create(format: FileFormat, path: string, extra: Pick<ReadFilesNode, 'schema' | 'options' | 'maxFilesPerTrigger'> = {}): ReadFilesNode {
    return Object.freeze({ kind: 'read_files', format, path, ...extra });
  },
});
