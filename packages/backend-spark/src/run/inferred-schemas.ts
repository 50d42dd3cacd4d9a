import type { RelationInit, SparkConnectSession } from '../connect/session.js';
import { type FileRead, infersSchema } from '../lower/relation-lowering.js';
import { structDdl } from '../read/spark-ddl.js';

/**
 * The schemas of a run's file reads that Spark would infer (CSV with
 * `inferSchema`, JSON), batch or streaming, inferred once when the run
 * starts by a batch read of the files.
 *
 * Spark infers such a schema by reading the files whole, and it does so
 * each time a plan that reads them is analysed: the declared-schema check,
 * the flow's definition, the graph's resolution, the flow's execution and
 * the counts after it. Sending the schema it inferred the first time with
 * each later read makes that one pass over the files instead of four or
 * five; the rows are the same, since the schema is Spark's own. A
 * streaming read needs it most: without a schema Spark refuses to create
 * the stream unless the session allows it to infer one
 * (streaming-schema-inference.ts).
 */
export class InferredSchemas {
  readonly #schemas: ReadonlyMap<string, string>;

  private constructor(schemas: ReadonlyMap<string, string>) {
    this.#schemas = schemas;
  }

  static readonly none = new InferredSchemas(new Map());

  /**
   * Asks Spark for the schema of each distinct inferring read in `relations`.
   * A read Spark cannot analyse now (a missing file), or whose schema DDL
   * cannot state exactly, is left to infer as before: the run reports it.
   * A cancelled run stops asking.
   */
  static async infer(session: SparkConnectSession, relations: readonly RelationInit[], signal?: AbortSignal): Promise<InferredSchemas> {
    const reads = new Map<string, FileRead>();
    for (const relation of relations) rewriteReads(relation, (read) => {
      reads.set(readKey(read), read);
      return undefined;
    });
    const schemas = new Map<string, string>();
    await Promise.all([...reads].map(async ([key, read]) => {
      const type = await session.schema(readRelation(read), signal === undefined ? {} : { signal }).catch(() => undefined);
      const ddl = type === undefined ? undefined : structDdl(type);
      if (ddl !== undefined) schemas.set(key, ddl);
    }));
    return new InferredSchemas(schemas);
  }

  /** The inferred schema of a read, if it has one (for a lowering's `inferredSchema`). */
  readonly schemaOf = (read: FileRead): string | undefined => this.#schemas.get(readKey(read));

  /** `relation` with each inferring read that has an inferred schema reading with it instead. */
  apply(relation: RelationInit): RelationInit {
    if (this.#schemas.size === 0) return relation;
    return rewriteReads(relation, (read) => {
      const schema = this.schemaOf(read);
      if (schema === undefined) return undefined;
      const { inferSchema: _, ...options } = read.options;
      return { format: read.format, paths: [...read.paths], options, schema };
    }) as RelationInit;
  }
}

/** A file read's identity: format, paths and options, `inferSchema` aside (option order does not matter). */
function readKey(read: FileRead): string {
  const options = Object.entries(read.options).filter(([key]) => key !== 'inferSchema').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([read.format, read.paths, options]);
}

function readRelation(read: FileRead): RelationInit {
  return { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: read.format, paths: [...read.paths], options: { ...read.options } } } } } };
}

type DataSourceInit = FileRead & { readonly schema?: string };

/**
 * Walks a relation (any depth: joins, unions, subqueries in expressions)
 * and replaces each data source read that infers its schema by what
 * `replace` returns for it; unchanged parts are shared, not copied.
 */
function rewriteReads(value: unknown, replace: (read: FileRead) => DataSourceInit | undefined): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((item: unknown) => rewriteReads(item, replace));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  const read = inferringRead(value);
  if (read !== undefined) {
    const replaced = replace(read.source);
    return replaced === undefined ? value : { ...read.node, readType: { case: 'dataSource', value: replaced } };
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const mapped = rewriteReads(child, replace);
    if (mapped === child) continue;
    copy ??= { ...value };
    copy[key] = mapped;
  }
  return copy ?? value;
}

/** `node` if it is a Read relation's body of a data source (batch or streaming) that infers its schema. */
function inferringRead(node: object): { readonly node: object; readonly source: FileRead } | undefined {
  const { readType } = node as { readType?: { case?: unknown; value?: unknown } };
  if (readType?.case !== 'dataSource' || typeof readType.value !== 'object' || readType.value === null) return undefined;
  const source = readType.value as Partial<DataSourceInit>;
  if (source.format === undefined || source.paths === undefined || (source.schema !== undefined && source.schema !== '')) return undefined;
  const read: FileRead = { format: source.format, paths: source.paths, options: source.options ?? {} };
  return infersSchema(read) ? { node, source: read } : undefined;
}
