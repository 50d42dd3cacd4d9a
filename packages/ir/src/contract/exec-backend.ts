import type { DataType } from '../model/data-type.js';
import type { Pipeline } from '../model/pipeline.js';
import type { Capabilities } from './capabilities.js';
import type { CheckReport } from './check-report.js';
import type { RunHandle, RunOptions } from './run-handle.js';

/** One flow's lowered form: what the backend sends to its engine for it. */
export interface ExplainedFlow {
  /** Name of the flow. */
  readonly flow: string;
  /** What `text` is written in, e.g. `duckdb sql` or `spark connect relation (json)`. */
  readonly language: string;
  /** The lowered form itself (SQL text, or the engine plan as JSON). */
  readonly text: string;
}

/** A column as the engine stored it: its name, its type in the IR's terms (absent when the IR has no such type) and the engine's own. */
export interface WrittenField {
  /** Column name. */
  readonly name: string;
  /** The column's type in IR terms; absent when the IR has no equivalent. */
  readonly type?: DataType;
  /** Whether the column may hold NULLs. */
  readonly nullable: boolean;
  /** The engine's (or its Arrow export's) name of the type, e.g. `Int64` or `Decimal[12, 2]`. */
  readonly engineType: string;
}

/** Rows of a dataset as plain values (see `@thund/arrow-rows` for the rules), with its column order. */
export interface DatasetRows {
  /** Column names, in the dataset's order. */
  readonly columns: readonly string[];
  /** The dataset's columns with their stored types (`@thund/arrow-rows`' `arrowFields`), when the backend reports them. */
  readonly fields?: readonly WrittenField[];
  /** The rows, keyed by column name, as plain values. */
  readonly rows: readonly Readonly<Record<string, unknown>>[];
  /** Rows the dataset holds in all (`rows` may be fewer, when a limit was given). */
  readonly totalRows: number;
}

/** Options of the `readRows` facet. */
export interface ReadRowsOptions {
  /** Most rows to return; the backend reads no more than that. Default: every row. */
  readonly limit?: number;
  /**
   * The pipeline that wrote the dataset. A backend that did not run it in
   * this process resolves the name as that pipeline's run wrote it (its
   * catalog, database and storage), never as another pipeline's dataset of
   * the same name. Default: the pipeline this backend last ran that has it.
   */
  readonly pipeline?: Pipeline;
}

/**
 * The contract every execution backend implements: three required methods,
 * and optional facets. A backend that has a facet serves every tool built
 * on it (the `thund` CLI's `plan`, result previews, the conformance suite);
 * one that lacks it just cannot serve that command.
 */
export interface ExecBackend {
  /** What this backend can express and run. Pure and cheap; called often. */
  capabilities(): Capabilities;

  /**
   * Every reason this backend cannot run `pipeline`, without running
   * anything. Usually `checkAgainst(pipeline, this.capabilities())` plus
   * engine-specific rules.
   */
  check(pipeline: Pipeline): CheckReport;

  /**
   * Starts running `pipeline` and returns at once. A pipeline that fails
   * `check` ends as a failed run before any data moves.
   */
  run(pipeline: Pipeline, options?: RunOptions): RunHandle;

  /** Facet: each flow's lowered form, without running anything (`thund plan`). */
  explain?(pipeline: Pipeline): readonly ExplainedFlow[];

  /** Facet: a dataset's rows as the last run left them, reading no more than `limit` (results, tests). */
  readRows?(dataset: string, options?: ReadRowsOptions): Promise<DatasetRows>;

  /** Facet: releases what the backend holds (a database, a session). Call it once runs and reads have ended. */
  close?(): Promise<void>;
}
