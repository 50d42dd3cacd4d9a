import type { Field, FileFormat } from '@thund/ir';
import { tokenize } from '../lex/lexer.js';
import type { Token } from '../lex/token.js';
import type { FileRef } from './ast.js';
import { Cursor } from './cursor.js';
import { parseSchemaString } from './data-type.js';
import { parseExpression } from './expression.js';

/** The formats Þund reads. */
export const FILE_FORMATS: ReadonlySet<string> = new Set(['parquet', 'json', 'csv']);

/** One `name => value` (or `map` key and value) of a file read, as written. */
interface WrittenOption {
  readonly key: string;
  readonly value: string;
  readonly token: Token;
}

type FileSource = Omit<FileRef, 'alias' | 'watermark'>;

/**
 * `read_files('path', format => 'csv', option => value, schema => '…')`.
 * Option names are case-insensitive, as Spark's are.
 */
export function parseReadFiles(cursor: Cursor, stream: boolean): FileSource {
  const token = cursor.next();
  cursor.expectSymbol('(');
  const path = cursor.string('the path to read, as a string');
  const written: WrittenOption[] = [];
  while (cursor.acceptSymbol(',')) {
    const key = cursor.identifier('an option name');
    cursor.expectSymbol('=>');
    written.push({ key, ...constant(cursor, `read_files option ${key}`) });
  }
  cursor.expectSymbol(')');
  const format = optionValue(written, 'format')?.toLowerCase() ?? '';
  if (!FILE_FORMATS.has(format)) throw cursor.error(`read_files needs format => 'parquet', 'json' or 'csv'${format === '' ? '' : `, not '${format}'`}`, token);
  return fileSource(cursor, token, format as FileFormat, path, written.filter((o) => o.key.toLowerCase() !== 'format'), stream, 'read_files');
}

/**
 * Lakeflow's Auto Loader call `cloud_files('path', 'format' [, map('key',
 * 'value', …)])`: a streaming `read_files` of the same files. Its options
 * are read_files' own, with the `cloudFiles.` prefix dropped
 * (`cloudFiles.inferColumnTypes` is `inferColumnTypes`); the prefix's
 * bookkeeping options that change no row (`schemaLocation`) are dropped.
 */
export function parseCloudFiles(cursor: Cursor): FileSource {
  const token = cursor.next();
  cursor.expectSymbol('(');
  const path = cursor.string('the path to read, as a string');
  cursor.expectSymbol(',');
  const formatToken = cursor.peek();
  const format = cursor.string("the format ('json', 'csv' or 'parquet')").toLowerCase();
  if (!FILE_FORMATS.has(format)) throw cursor.error(`cloud_files reads 'parquet', 'json' or 'csv' files here, not '${format}'`, formatToken);
  const written: WrittenOption[] = [];
  if (cursor.acceptSymbol(',')) {
    const mapToken = cursor.peek();
    if (!(mapToken.kind === 'word' && mapToken.value.toLowerCase() === 'map' && cursor.isSymbol('(', 1))) {
      throw cursor.error("cloud_files takes its options as map('key', 'value', …)", mapToken);
    }
    cursor.next();
    cursor.expectSymbol('(');
    if (!cursor.isSymbol(')')) {
      do {
        const key = constant(cursor, 'an option name of cloud_files');
        cursor.expectSymbol(',');
        written.push({ key: key.value, ...constant(cursor, `cloud_files option ${key.value}`), token: key.token });
      } while (cursor.acceptSymbol(','));
    }
    cursor.expectSymbol(')');
  }
  cursor.expectSymbol(')');
  const options: WrittenOption[] = [];
  for (const option of written) {
    const key = option.key.replace(/^cloudFiles\./i, '');
    const lower = key.toLowerCase();
    // Where Auto Loader keeps the schema it inferred between runs: bookkeeping, no row changes.
    if (lower === 'schemalocation') continue;
    if (lower === 'includeexistingfiles' && option.value.toLowerCase() === 'false') {
      throw cursor.error('cloudFiles.includeExistingFiles false skips the files already there on the first run: Þund reads every file of the folder once; remove the option, or move the old files away', option.token);
    }
    if (lower === 'format') throw cursor.error('the format of cloud_files is its second argument', option.token);
    options.push({ ...option, key });
  }
  // Auto Loader types JSON and CSV columns only with cloudFiles.inferColumnTypes (else every column is a string).
  const infer = optionValue(options, 'inferColumnTypes');
  const declared = options.some((o) => o.key.toLowerCase() === 'schema');
  if (infer === undefined && !declared && format !== 'parquet') {
    if (format === 'json') {
      throw cursor.error("cloud_files reads every JSON column as a string unless cloudFiles.inferColumnTypes is 'true', and Þund reads JSON typed: add map('cloudFiles.inferColumnTypes', 'true'), or declare the columns with map('schema', 'a BIGINT, b STRING')", token);
    }
    options.push({ key: 'inferColumnTypes', value: 'false', token });
  }
  return fileSource(cursor, token, format as FileFormat, path, options, true, 'cloud_files');
}

/** Auto Loader and read_files options that change how files are found or listed, not which rows are read: dropped. */
const LISTING_OPTIONS: ReadonlySet<string> = new Set(['schemalocation', 'useincrementallisting', 'usenotifications', 'validateoptions']);

/** Options of Databricks' readers whose rows Þund cannot give (Spark's own readers ignore them): refused, with what to write. */
const DATABRICKS_ONLY_OPTIONS: Readonly<Record<string, string>> = {
  schemahints: 'schemaHints types some columns and infers the others, which Þund does not do: declare every column (schema => \'a BIGINT, b STRING, …\') or cast the columns in the query',
  schemaevolutionmode: 'schemaEvolutionMode is not supported yet: remove it (a file source keeps the columns its first run found)',
  rescueddatacolumn: 'rescuedDataColumn is not supported yet: Þund has no rescued-data column; remove it, and read the fields you need by name',
};

/** The file read the options say: a declared schema, CSV's header, inferColumnTypes as Þund reads it. */
function fileSource(cursor: Cursor, token: Token, format: FileFormat, path: string, written: readonly WrittenOption[], stream: boolean, call: string): FileSource {
  const options: Record<string, string> = {};
  let schema: Field[] | undefined;
  let maxFilesPerTrigger: number | undefined;
  for (const option of written) {
    const lower = option.key.toLowerCase();
    const refusal = DATABRICKS_ONLY_OPTIONS[lower];
    if (refusal !== undefined) throw cursor.error(refusal, option.token);
    if (LISTING_OPTIONS.has(lower)) continue;
    if (lower === 'schema') {
      const at = option.token;
      schema = parseSchemaString(new Cursor(tokenize(option.value, cursor.file, { line: at.position.line, column: at.position.column + 1 }), cursor.file));
    } else if (lower === 'maxfilespertrigger') {
      // How many new files a micro-batch takes: the plan's own field (a batch read ignores it, as Spark's does).
      if (!/^[1-9]\d*$/.test(option.value)) throw cursor.error(`maxFilesPerTrigger is a whole number of files, 1 or more, not '${option.value}'`, option.token);
      maxFilesPerTrigger = Number(option.value);
    } else if (lower === 'header') {
      options['header'] = option.value.toLowerCase();
    } else if (lower === 'infercolumntypes') {
      // Databricks' read_files infers column types by default; 'true' asks for what Þund does anyway.
      const value = option.value.toLowerCase();
      if (value === 'false' && format === 'csv') options['inferSchema'] = 'false';
      else if (value === 'false' && format === 'json') throw cursor.error('inferColumnTypes false reads every JSON column as a string, which Þund does not: declare the columns with schema => \'a STRING, …\'', option.token);
      else if (value !== 'true' && value !== 'false') throw cursor.error(`inferColumnTypes is 'true' or 'false', not '${option.value}'`, option.token);
    } else {
      options[option.key] = option.value;
    }
  }
  if (format === 'csv' && options['header'] !== 'true') {
    throw cursor.error(`Þund reads CSV files by their header row: add ${call === 'cloud_files' ? "'header', 'true' to the map" : "header => 'true'"}`, token);
  }
  return {
    kind: 'file', format, path, options, ...(schema === undefined ? {} : { schema }), ...(maxFilesPerTrigger === undefined ? {} : { maxFilesPerTrigger }),
    stream, position: token.position,
  };
}

/** A constant argument: a literal, its value as a string. */
function constant(cursor: Cursor, what: string): { value: string; token: Token } {
  const token = cursor.peek();
  const value = parseExpression(cursor);
  if (value.kind !== 'literal' || value.value === null) throw cursor.error(`${what} must be a constant`, token);
  return { value: String(value.value), token };
}

function optionValue(options: readonly WrittenOption[], key: string): string | undefined {
  return options.find((o) => o.key.toLowerCase() === key.toLowerCase())?.value;
}
