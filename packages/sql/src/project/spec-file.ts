import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { SqlError } from '../sql-error.js';

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

/** Reads a spec file's text; every problem is an error at `file:line:column`. */
export function parsePipelineSpec(text: string, file: string): PipelineSpec {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    const line = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new SqlError([{ file, line: line?.line ?? 1, column: line?.col ?? 1, message: `not a YAML document: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }]);
  }
  const fail = (message: string): SqlError => new SqlError([{ file, line: 1, column: 1, message }]);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('a pipeline spec is a mapping with name, storage and libraries');
  const spec = value as Record<string, unknown>;
  for (const key of Object.keys(spec)) {
    if (!KNOWN_KEYS.has(key)) throw fail(`unknown key "${key}": a spec has name, storage, catalog, database, configuration and libraries`);
  }
  const text_ = (key: string): string | undefined => {
    const v = spec[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v === '') throw fail(`${key} must be a non-empty string`);
    return v;
  };
  const name = text_('name');
  if (name === undefined) throw fail('the spec needs a name (name: my_pipeline)');
  const configuration = spec['configuration'];
  if (configuration !== undefined && (typeof configuration !== 'object' || configuration === null || Array.isArray(configuration))) {
    throw fail('configuration is a mapping of setting names to values');
  }
  const libraries = spec['libraries'] ?? spec['definitions'];
  if (!Array.isArray(libraries) || libraries.length === 0) throw fail('the spec needs libraries: a list of - glob: { include: transformations/** }');
  const include = libraries.map((library, i) => {
    const glob = typeof library === 'object' && library !== null ? (library as Record<string, unknown>)['glob'] : undefined;
    const pattern = typeof glob === 'object' && glob !== null ? (glob as Record<string, unknown>)['include'] : undefined;
    if (typeof pattern !== 'string' || pattern === '') throw fail(`libraries[${i}] must be - glob: { include: <pattern> }`);
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
