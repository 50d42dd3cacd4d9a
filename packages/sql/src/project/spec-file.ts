import { fileURLToPath } from 'node:url';
import { LineCounter, isMap, isScalar, parseDocument } from 'yaml';
import { SqlError } from '../sql-error.js';
import { printable } from './printable.js';

/** A pipeline project's spec file, as SDP's `spark-pipeline.yml` writes it. */
export interface PipelineSpec {
  /** The pipeline's name (`name:`, required). */
  readonly name: string;
  /** Root directory for checkpoints and pipeline metadata (`storage:`); a `file:` URI is turned into a path. */
  readonly storage?: string;
  /** Default catalog for datasets (`catalog:`). */
  readonly catalog?: string;
  /** Default database for datasets (`database:`, or SDP's alias `schema:`). */
  readonly database?: string;
  /** Settings (`configuration:`), every value turned into a string. */
  readonly configuration?: Readonly<Record<string, string>>;
  /** Globs of the files that define the pipeline, relative to the spec file's folder. */
  readonly include: readonly string[];
}

/** The names SDP looks for, in order. */
export const SPEC_FILE_NAMES: readonly string[] = ['spark-pipeline.yml', 'spark-pipeline.yaml', 'pipeline.yml', 'pipeline.yaml'];

const KNOWN_KEYS = new Set(['name', 'storage', 'catalog', 'database', 'schema', 'configuration', 'libraries', 'definitions']);

/** Reads a spec file's text; every problem is an error at `file:line:column`, one printable line. */
export function parsePipelineSpec(text: string, file: string): PipelineSpec {
  // The yaml package would print its warnings itself (quoting the source line, control bytes and all): it stays silent,
  // and every error or warning becomes our own problem.
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, logLevel: 'silent' });
  const at = (offset: number, message: string): SqlError => {
    const { line, col } = lines.linePos(offset);
    return new SqlError([{ file, line, column: col, message: printable(message) }]);
  };
  const [problem] = [...document.errors, ...document.warnings];
  if (problem !== undefined) throw at(problem.pos[0], yamlProblemMessage(problem.code, problem.message));
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    throw at(0, `not a YAML document: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  /** Where a top-level key is written (the start of the file if it is not). */
  const keyOffset = (key: string): number => {
    const items = isMap(document.contents) ? document.contents.items : [];
    const pair = items.find((item) => isScalar(item.key) && item.key.value === key);
    return isScalar(pair?.key) ? (pair.key.range?.[0] ?? 0) : 0;
  };
  const fail = (message: string, key?: string): SqlError => at(key === undefined ? 0 : keyOffset(key), message);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('a pipeline spec is a mapping with name, storage and libraries');
  const spec = value as Record<string, unknown>;
  for (const key of Object.keys(spec)) {
    if (!KNOWN_KEYS.has(key)) throw fail(`unknown key "${key}": a spec has name, storage, catalog, database, configuration and libraries`, key);
  }
  const text_ = (key: string): string | undefined => {
    const v = spec[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v === '') throw fail(`${key} must be a non-empty string`, key);
    return v;
  };
  const name = text_('name');
  if (name === undefined) throw fail('the spec needs a name (name: my_pipeline)');
  const configuration = spec['configuration'];
  if (configuration !== undefined && (typeof configuration !== 'object' || configuration === null || Array.isArray(configuration))) {
    throw fail('configuration is a mapping of setting names to values', 'configuration');
  }
  const libraries = spec['libraries'] ?? spec['definitions'];
  const librariesKey = spec['libraries'] === undefined ? 'definitions' : 'libraries';
  if (!Array.isArray(libraries) || libraries.length === 0) throw fail('the spec needs libraries: a list of - glob: { include: transformations/** }', librariesKey);
  const include = libraries.map((library, i) => {
    const glob = typeof library === 'object' && library !== null ? (library as Record<string, unknown>)['glob'] : undefined;
    const pattern = typeof glob === 'object' && glob !== null ? (glob as Record<string, unknown>)['include'] : undefined;
    if (typeof pattern !== 'string' || pattern === '') throw fail(`libraries[${i}] must be - glob: { include: <pattern> }`, librariesKey);
    return pattern;
  });
  // SDP requires a URI (file:///…); Þund takes a path or a file: URI.
  const storageText = text_('storage');
  const storage = storageText?.startsWith('file:') === true ? fileURLToPath(storageText) : storageText;
  const catalog = text_('catalog');
  const database = text_('database') ?? text_('schema');
  return {
    name, include,
    ...(storage === undefined ? {} : { storage }),
    ...(catalog === undefined ? {} : { catalog }),
    ...(database === undefined ? {} : { database }),
    ...(configuration === undefined ? {} : { configuration: Object.fromEntries(Object.entries(configuration).map(([k, v]) => [k, String(v)])) }),
  };
}

/** A YAML error or warning as the spec's problem: a tag (which Spark's reader refuses too) or any other, first line only. */
function yamlProblemMessage(code: string, message: string): string {
  const tag = code === 'TAG_RESOLVE_FAILED' ? /tag: (.*)$/.exec(message)?.[1] : undefined;
  if (tag !== undefined) return `YAML tag ${tag} is not one a spec file can hold (as in Spark's own reader, only plain values are): remove the tag`;
  return `not a YAML document: ${message.split('\n')[0] ?? message}`;
}
