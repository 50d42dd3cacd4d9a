import { type Dataset, type Flow, type Pipeline, isIncremental } from '@thund/ir';
import { targetName } from '../compile/flow-plan.js';
import { qualifiedName, quoteIdentifier } from '../compile/sql-text.js';

/** Prefix of the staging table of a batch table with several writers (`__thund` names are reserved). */
const STAGE_PREFIX = '__thund_staged_';

/**
 * Batch tables written by several flows are recomputed each run like a
 * materialized view: each writer appends its rows to a staging table beside
 * the table, and once every writer of this run has staged its rows the
 * staging table replaces the table in one transaction (DROP + RENAME). A
 * writer that fails or is cancelled leaves the previous content whole; its
 * staging table is dropped at the end of the run (or replaced by the next
 * run's first write after a crash). One instance per run.
 */
export class TableStaging {
  readonly #pipeline: Pipeline;
  /** Per staged table (dataset name): the writers that have not staged their rows yet in this run. */
  readonly #pending = new Map<string, Set<string>>();

  constructor(pipeline: Pipeline) {
    this.#pipeline = pipeline;
    for (const dataset of pipeline.datasets) {
      if (dataset.type !== 'table') continue;
      const writers = pipeline.flows.filter((f) => f.target === dataset.name);
      if (writers.length > 1 && writers.every((f) => !isIncremental(f.kind) && f.kind !== 'append_once')) {
        this.#pending.set(dataset.name, new Set(writers.map((f) => f.name)));
      }
    }
  }

  /** True for a batch table with several writers: its flows write into `stageOf(dataset)`. */
  staged(dataset: Pick<Dataset, 'name'>): boolean {
    return this.#pending.has(dataset.name);
  }

  /** The staging table of `dataset`, in the dataset's schema. */
  stageOf(dataset: Pick<Dataset, 'name'>): string {
    return qualifiedName(this.#pipeline.database, `${STAGE_PREFIX}${dataset.name}`);
  }

  /** Every staging table of the pipeline (to drop what a failed run left). */
  stages(): string[] {
    return [...this.#pending.keys()].map((name) => this.stageOf({ name }));
  }

  /**
   * Records that `flow` staged its rows (call while holding the table's
   * lock); true when every writer of the table has, so the caller swaps.
   */
  written(dataset: Pick<Dataset, 'name'>, flow: Pick<Flow, 'name'>): boolean {
    const pending = this.#pending.get(dataset.name);
    if (pending === undefined) return false;
    pending.delete(flow.name);
    return pending.size === 0;
  }

  /** The statements moving the staging table into place; run them in one transaction (old content until COMMIT, new after). */
  swapStatements(dataset: Pick<Dataset, 'name'>): string[] {
    return [
      `DROP TABLE IF EXISTS ${targetName(this.#pipeline, dataset)}`,
      `ALTER TABLE ${this.stageOf(dataset)} RENAME TO ${quoteIdentifier(dataset.name)}`,
    ];
  }
}
