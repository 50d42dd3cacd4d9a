import type { CdcSpec } from '../model/cdc.js';
import type { Dataset } from '../model/dataset.js';
import type { Expectation } from '../model/expectation.js';
import type { Flow, FlowKind } from '../model/flow.js';
import { PIPELINE_DOCUMENT_VERSION, type Pipeline } from '../model/pipeline.js';
import type { OutputMode, Trigger, Watermark, WindowSpec } from '../model/streaming.js';
import type { Frame } from '../plan/builder/frame.js';
import { Expr } from '../plan/builder/expr.js';
import type { Expression } from '../plan/expr/expression.js';

type DatasetOptions = Omit<Dataset, 'name' | 'type'>;

/** Options of a flow, with the query as a builder Frame. */
export interface FlowOptions {
  /** Name of the dataset the flow writes. */
  readonly target: string;
  /** The flow's query, built with `from`, `readFiles` or `sql`. */
  readonly query: Frame;
  /** How the flow reads its inputs; default `batch`. */
  readonly kind?: FlowKind;
  /** Datasets a raw `sql` query reads, which Þund cannot see in the SQL text. */
  readonly reads?: readonly string[];
  /** Data-quality rules checked on every row the flow writes (see `expect`). */
  readonly expectations?: readonly Expectation[];
  /** When a streaming flow processes input. */
  readonly trigger?: Trigger;
  /** Event-time column and allowed lateness of a streaming flow. */
  readonly watermark?: Watermark;
  /** Event-time window the flow's aggregation is grouped by. */
  readonly window?: WindowSpec;
  /** How a streaming aggregation writes its result. */
  readonly outputMode?: OutputMode;
  /** `deleteWhen` and `applyAsTruncates` may be builder Exprs (`col('op').eq('D')`) or expression nodes. */
  readonly cdc?: Omit<CdcSpec, 'deleteWhen' | 'applyAsTruncates'> & {
    /** A change matching this predicate deletes its key. */
    readonly deleteWhen?: Expr | Expression;
    /** SCD 1 only: a change matching this predicate empties the target. */
    readonly applyAsTruncates?: Expr | Expression;
  };
  /** Free-text description of the flow. */
  readonly comment?: string;
}

/** Options of the flow a dataset shorthand creates (named like the dataset). */
export type DefiningFlowOptions = Omit<FlowOptions, 'target' | 'kind' | 'comment'> & DatasetOptions;

type PipelineOptions = Pick<Pipeline, 'catalog' | 'database' | 'storage' | 'configuration'>;

const DATASET_KEYS = ['schema', 'comment', 'properties', 'partitionColumns', 'format', 'location', 'options'] as const;

/**
 * Builds a Pipeline fluently. Dataset shorthands with a `query` also add
 * the flow that defines them, named like the dataset. The result is the
 * same plain IR that `parsePipeline` returns for the equivalent JSON.
 */
export class PipelineBuilder {
  readonly #name: string;
  readonly #options: PipelineOptions;
  readonly #datasets: Dataset[] = [];
  readonly #flows: Flow[] = [];

  constructor(name: string, options: PipelineOptions = {}) {
    this.#name = name;
    this.#options = options;
  }

  /**
   * Adds a materialized view, recomputed on every run, and the batch flow (named like it) that defines it from
   * `options.query`.
   */
  materializedView(name: string, options: DefiningFlowOptions): this {
    return this.#defined(name, 'materialized_view', 'batch', options);
  }

  /** A table written by batch flows (add them with `flow`, or pass a `query`). */
  table(name: string, options: Partial<DefiningFlowOptions> = {}): this {
    return this.#defined(name, 'table', 'batch', options);
  }

  /** A table whose defining flow streams. */
  streamingTable(name: string, options: Partial<DefiningFlowOptions> = {}): this {
    return this.#defined(name, 'table', 'streaming', options);
  }

  /** Adds a temporary view (a named query visible only inside the pipeline, not persisted) and its defining flow. */
  temporaryView(name: string, options: DefiningFlowOptions): this {
    return this.#defined(name, 'temporary_view', 'batch', options);
  }

  /** Adds a sink: rows written to files at `options.location` in `options.format`; flows write it, none can read it. */
  sink(name: string, options: DatasetOptions): this {
    this.#datasets.push(dataset(name, 'sink', options));
    return this;
  }

  /** Adds a flow that writes `options.target`; use it for a table with several flows, append-once backfills and CDC. */
  flow(name: string, options: FlowOptions): this {
    this.#flows.push(flow(name, options));
    return this;
  }

  /** The frozen pipeline built so far. It is not validated here: `validatePipeline` or a backend's run does that. */
  build(): Pipeline {
    return Object.freeze({
      version: PIPELINE_DOCUMENT_VERSION,
      name: this.#name,
      ...definedOnly(this.#options),
      datasets: Object.freeze([...this.#datasets]),
      flows: Object.freeze([...this.#flows]),
    });
  }

  #defined(name: string, type: Dataset['type'], kind: FlowKind, options: Partial<DefiningFlowOptions>): this {
    const datasetOptions: Record<string, unknown> = {};
    const flowOptions: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      ((DATASET_KEYS as readonly string[]).includes(key) ? datasetOptions : flowOptions)[key] = value;
    }
    this.#datasets.push(dataset(name, type, datasetOptions as DatasetOptions));
    if (options.query !== undefined) {
      this.#flows.push(flow(name, { ...(flowOptions as Omit<FlowOptions, 'target'>), query: options.query, target: name, kind }));
    }
    return this;
  }
}

/**
 * Starts a {@link PipelineBuilder} for a pipeline named `name`, with optional catalog, database, storage and
 * engine configuration.
 */
export function pipeline(name: string, options: PipelineOptions = {}): PipelineBuilder {
  return new PipelineBuilder(name, options);
}

function dataset(name: string, type: Dataset['type'], options: DatasetOptions): Dataset {
  return Object.freeze({ name, type, ...definedOnly(options) });
}

function flow(name: string, options: FlowOptions): Flow {
  const { target, query, kind = 'batch', cdc, ...rest } = options;
  return Object.freeze({ name, target, kind, query: query.node, ...definedOnly({ ...rest, cdc: cdc === undefined ? undefined : cdcSpec(cdc) }) });
}

function cdcSpec(cdc: NonNullable<FlowOptions['cdc']>): CdcSpec {
  const { deleteWhen, applyAsTruncates, ...rest } = cdc;
  const node = (e: Expr | Expression | undefined): Expression | undefined => (e instanceof Expr ? e.node : e);
  return definedOnly({ ...rest, deleteWhen: node(deleteWhen), applyAsTruncates: node(applyAsTruncates) });
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
