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
}

export const ReadFilesNode = Object.freeze({
  is(node: { readonly kind: string }): node is ReadFilesNode {
    return node.kind === 'read_files';
  },
  create(format: FileFormat, path: string, extra: Pick<ReadFilesNode, 'schema' | 'options'> = {}): ReadFilesNode {
    return Object.freeze({ kind: 'read_files', format, path, ...extra });
  },
});
