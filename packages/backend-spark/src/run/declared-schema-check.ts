import type { ArrowField } from '@thund/arrow-rows';
import {
  type DataType, type Dataset, type Field, type Flow, type Pipeline, ThundError, ThundErrorCode, dataTypeLabel, flowOutputSchema, planFacts, schemaResolver,
  widensTo,
} from '@thund/ir';
import type { RelationInit, SparkConnectSession } from '../connect/session.js';
import { lowerEventTimeFlow } from '../lower/event-time.js';
import { resolvePath } from '../lower/flow-plan.js';
import { RelationLowering, subqueryAlias } from '../lower/relation-lowering.js';
import { schemaDdl } from '../lower/spark-types.js';
import { relationFields } from '../read/relation-fields.js';
import type { InferredSchemas } from './inferred-schemas.js';

export interface SchemaCheckInput {
  readonly session: SparkConnectSession;
  readonly pipeline: Pipeline;
  readonly baseDir: string;
  readonly signal?: AbortSignal;
  /** Schemas Spark already inferred this run for the pipeline's file reads (inferred-schemas.ts). */
  readonly inferred?: InferredSchemas;
}

/** A dataset's columns as far as known here: declared, inferred by the IR, or analysed by Spark; `undefined`: not known. */
type KnownFields = readonly Field[] | undefined;

/**
 * The declared-schema rule (DESIGN.md), where only the engine can tell a
 * flow's columns: a file read without a schema, a table outside the
 * pipeline. `check` applies the rule wherever the pipeline tells the
 * columns; here Spark analyses the rest before the run starts — each such
 * flow's query with the graph datasets it reads stood in for by empty
 * relations of their schemas (in dependency order; nothing is read but
 * file schemas) — and a flow that produces a column its target does not
 * declare, lacks one it declares, or produces a type that does not widen
 * to the declared one is refused, as native refuses it. Spark itself
 * would keep the declared columns and cast the rest away.
 *
 * A flow Spark cannot analyse on its own (raw SQL reading graph datasets,
 * an input Spark cannot resolve yet) is left to the run, whose error names it.
 */
export async function declaredSchemaMismatches(input: SchemaCheckInput): Promise<ReadonlyMap<string, ThundError>> {
  const { pipeline } = input;
  const schemaOf = schemaResolver(pipeline);
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  const unknown = pipeline.flows.filter((flow) => {
    if (flow.kind === 'cdc' || datasets.get(flow.target)?.schema === undefined) return false;
    const written = flowOutputSchema(flow, schemaOf);
    return written === undefined || written.some((f) => f.type === undefined);
  });
  const mismatches = new Map<string, ThundError>();
  if (unknown.length === 0) return mismatches;

  const analyser = new FlowAnalyser(input, schemaOf);
  for (const flow of unknown) {
    const dataset = datasets.get(flow.target) as Dataset;
    const produced = await analyser.flowFields(flow);
    if (produced === undefined) continue;
    const problem = mismatch(flow, dataset, produced);
    if (problem !== undefined) mismatches.set(flow.name, new ThundError(ThundErrorCode.SchemaMismatch, problem, { backend: 'spark', element: { kind: 'flow', name: flow.name } }));
  }
  return mismatches;
}

/** What is wrong with the columns a flow produces for its dataset's declared schema, if anything (native's messages). */
function mismatch(flow: Flow, dataset: Dataset, produced: readonly ProducedField[]): string | undefined {
  const declared = dataset.schema ?? [];
  const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');
  const find = (name: string): ProducedField | undefined => produced.find((p) => p.name.toLowerCase() === name.toLowerCase());
  for (const field of declared) {
    const column = find(field.name);
    if (column === undefined) return `column "${field.name}" of the declared schema of "${dataset.name}" is missing: flow "${flow.name}" produces ${list(produced.map((p) => p.name))}`;
    if (column.type !== undefined && !widensTo(column.type, field.type)) {
      return `column "${field.name}" of "${dataset.name}" is declared ${dataTypeLabel(field.type)} but flow "${flow.name}" produces ${dataTypeLabel(column.type)}: cast it in the query, or declare the wider type`;
    }
  }
  const extra = produced.filter((p) => !declared.some((f) => f.name.toLowerCase() === p.name.toLowerCase())).map((p) => p.name);
  if (extra.length === 0) return undefined;
  return `flow "${flow.name}" produces column${extra.length === 1 ? '' : 's'} ${list(extra)} not in the declared schema of "${dataset.name}": add ${extra.length === 1 ? 'it' : 'them'} to the schema or drop ${extra.length === 1 ? 'it' : 'them'} in the query`;
}

/** A column Spark says a flow produces; its type `undefined` where the IR has no such type (a struct, an array). */
interface ProducedField {
  readonly name: string;
  readonly type?: DataType;
}

/** Asks Spark for flows' output columns, each graph dataset's once. */
class FlowAnalyser {
  readonly #input: SchemaCheckInput;
  readonly #schemaOf: ReturnType<typeof schemaResolver>;
  readonly #datasets: ReadonlyMap<string, Dataset>;
  readonly #writers = new Map<string, Flow[]>();
  readonly #known = new Map<string, Promise<KnownFields>>();

  constructor(input: SchemaCheckInput, schemaOf: ReturnType<typeof schemaResolver>) {
    this.#input = input;
    this.#schemaOf = schemaOf;
    this.#datasets = new Map(input.pipeline.datasets.map((d) => [d.name, d]));
    for (const flow of input.pipeline.flows) this.#writers.set(flow.target, [...(this.#writers.get(flow.target) ?? []), flow]);
  }

  /** The columns Spark infers for a flow's rows; `undefined` if it cannot be analysed on its own. */
  async flowFields(flow: Flow, visiting: ReadonlySet<string> = new Set()): Promise<readonly ProducedField[] | undefined> {
    const reads = new Map<string, readonly Field[]>();
    const facts = planFacts(flow);
    const rawSql = facts.relationKinds.has('sql');
    for (const name of facts.reads) {
      if (!this.#datasets.has(name)) continue; // a table outside the pipeline: Spark reads its own schema
      if (rawSql || visiting.has(name)) return undefined;
      const fields = await this.#datasetFields(name, new Set([...visiting, flow.target]));
      if (fields === undefined) return undefined;
      reads.set(name, fields);
    }
    const lowering = new RelationLowering({
      streaming: false,
      resolvePath: (p) => resolvePath(this.#input.baseDir, p),
      ...(this.#input.inferred === undefined ? {} : { inferredSchema: this.#input.inferred.schemaOf }),
      readDataset: (name) => {
        const fields = reads.get(name);
        return fields === undefined ? undefined : subqueryAlias(emptyRelation(fields), name);
      },
    });
    try {
      const relation = lowerEventTimeFlow(flow, lowering) ?? lowering.lower(flow.query);
      return (await relationFields(this.#input.session, relation, this.#input.signal)).map(produced);
    } catch {
      // Spark could not analyse it here (an input it cannot resolve yet, a missing file): the run reports it, naming the flow.
      return undefined;
    }
  }

  #datasetFields(name: string, visiting: ReadonlySet<string>): Promise<KnownFields> {
    let known = this.#known.get(name);
    if (known === undefined) {
      known = this.#resolveDataset(name, visiting);
      this.#known.set(name, known);
    }
    return known;
  }

  async #resolveDataset(name: string, visiting: ReadonlySet<string>): Promise<KnownFields> {
    const dataset = this.#datasets.get(name) as Dataset;
    if (dataset.schema !== undefined) return dataset.schema;
    const inferred = this.#schemaOf({ kind: 'read', dataset: name });
    if (inferred?.every((f) => f.type !== undefined)) return inferred.map((f) => ({ name: f.name, type: f.type as DataType }));
    const writers = this.#writers.get(name) ?? [];
    const first = writers[0];
    // One plain writer tells the columns; several (a union by name) or a CDC target are left to the run.
    if (writers.length !== 1 || first === undefined || first.kind === 'cdc') return undefined;
    const fields = await this.flowFields(first, visiting);
    return fields?.every((f) => f.type !== undefined) ? fields.map((f) => ({ name: f.name, type: f.type as DataType })) : undefined;
  }
}

const produced = (field: ArrowField): ProducedField => (field.type === undefined ? { name: field.name } : { name: field.name, type: field.type });

/** No rows, the given columns: stands in for a graph dataset Spark has not created yet. */
function emptyRelation(fields: readonly Field[]): RelationInit {
  return { relType: { case: 'localRelation', value: { schema: schemaDdl(fields.map((f) => ({ name: f.name, type: f.type }))) } } };
}
