import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Expectation, ExpectationResult, Flow, Pipeline } from '@thund/ir';
import type { ExecuteOptions, RelationInit, SparkConnectSession } from '../connect/session.js';
import { expectationCounts } from '../lower/expectations.js';
import { countRelation, countRelationRows } from '../read/count-rows.js';
import { arrivalsTable, isRecomputedAggregation, lastArrival } from '../lower/recomputed-aggregation.js';
import { type PipelinePlace, type outsideLowering, readTable } from '../lower/flow-plan.js';

/** Totals of one streaming flow's source as seen at the end of a run. */
export interface SourceTotals {
  readonly total: number;
  readonly failed: readonly number[];
}

/** Each expectation's pass/fail counts from the rows counted and the rows failing each one. */
export function expectationResults(expectations: readonly Expectation[], totals: SourceTotals): ExpectationResult[] {
  return expectations.map((e, i) => {
    const failed = totals.failed[i] ?? 0;
    return { name: e.name, action: e.action, passed: totals.total - failed, failed };
  });
}

const LEDGER_FILE = 'thund-source-totals.json';

/**
 * Expectation counts (and rows of a flow sharing its table) of a streaming
 * flow must cover the rows of this run only, as on native. Spark reports no per-batch metrics to the client, so
 * the counts are taken over the whole source after the run, minus the
 * totals the previous run recorded here (in the pipeline's storage root,
 * reset by a full refresh). Exact unless files are added to the source
 * while the run is in progress: those are counted in this run's totals
 * even if the stream picks them up only in the next run.
 */
export class SourceTotalsLedger {
  readonly #file: string;
  readonly #previous: Readonly<Record<string, SourceTotals>>;
  readonly #next: Record<string, SourceTotals> = {};

  /** `forgets` names the flows whose totals start over (their datasets are fully refreshed). */
  constructor(storagePath: string, forgets: (flow: string) => boolean) {
    this.#file = join(storagePath, LEDGER_FILE);
    this.#previous = Object.fromEntries(Object.entries(readLedger(this.#file)).filter(([flow]) => !forgets(flow)));
  }

  /** This run's share of the source totals, remembering the new totals for `save`. */
  delta(flow: string, totals: SourceTotals): SourceTotals {
    this.#next[flow] = totals;
    const before = this.#previous[flow];
    if (before === undefined || before.failed.length !== totals.failed.length || before.total > totals.total) return totals;
    return { total: totals.total - before.total, failed: totals.failed.map((f, i) => f - (before.failed[i] ?? 0)) };
  }

  /**
   * Records a run's own totals (observed in its micro-batches, not counted
   * over the source) on top of the previous run's, so a later count over
   * the source (a flow a `fail` expectation stopped) still gets its share.
   */
  accumulate(flow: string, run: SourceTotals): void {
    const before = this.#previous[flow];
    const same = before !== undefined && before.failed.length === run.failed.length;
    this.#next[flow] = same ? { total: before.total + run.total, failed: run.failed.map((f, i) => f + (before.failed[i] ?? 0)) } : run;
  }

  /** Written atomically once the run has completed, so a failed run is counted again by the next. */
  save(): void {
    const merged = { ...this.#previous, ...this.#next };
    writeFileSync(`${this.#file}.tmp`, JSON.stringify(merged));
    renameSync(`${this.#file}.tmp`, this.#file);
  }
}

function readLedger(file: string): Record<string, SourceTotals> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, SourceTotals>) : {};
  } catch {
    return {};
  }
}

/** Rows in a dataset's table now; undefined if it cannot be read (e.g. not created yet) or the count was cancelled (`options.signal`). */
export async function countRows(session: SparkConnectSession, place: PipelinePlace, name: string, options?: ExecuteOptions): Promise<number | undefined> {
  try {
    const table = await session.table(countRelation(readTable(place, name)), options);
    const value: unknown = table.getChildAt(0)?.get(0);
    return value === null || value === undefined ? undefined : Number(value);
  } catch {
    return undefined;
  }
}

/**
 * Tables with one streaming writer and their row counts before the run:
 * SDP appends to them, so rows written = rows after − rows before (a full
 * refresh starts them empty).
 */
export async function streamingRowsBefore(
  session: SparkConnectSession, place: PipelinePlace, pipeline: Pipeline, resets: ReadonlySet<string>,
): Promise<ReadonlyMap<string, number>> {
  const before = new Map<string, number>();
  for (const dataset of pipeline.datasets) {
    const writers = pipeline.flows.filter((f) => f.target === dataset.name);
    // A table an update/complete flow writes is recomputed whole each run (recomputed-aggregation.ts): its rows are all written.
    if (dataset.type !== 'table' || writers.length !== 1 || writers[0]?.kind !== 'streaming' || isRecomputedAggregation(writers[0])) continue;
    before.set(dataset.name, resets.has(dataset.name) ? 0 : (await countRows(session, place, dataset.name)) ?? 0);
  }
  return before;
}

/**
 * Rows one of several flows into a table wrote: its query counted after the
 * run (for a streaming flow, this run's share of its source, by the ledger).
 * For a CDC flow: the change rows it applied this run (its source's new rows).
 */
export async function countFlowRows(
  session: SparkConnectSession, relation: RelationInit, flow: Flow, ledger: SourceTotalsLedger, options?: ExecuteOptions,
): Promise<number | undefined> {
  try {
    const total = await countRelationRows(session, relation, options);
    return flow.kind === 'streaming' || flow.kind === 'cdc' ? ledger.delta(`rows:${flow.name}`, { total, failed: [] }).total : total;
  } catch {
    return undefined;
  }
}

/** Pass/fail counts of a flow's expectations, over its source (for a streaming flow: this run's share); undefined if they cannot be counted or the count was cancelled. */
export async function countExpectations(
  session: SparkConnectSession, lowering: ReturnType<typeof outsideLowering>, flow: Flow, ledger: SourceTotalsLedger, options?: ExecuteOptions,
): Promise<ExpectationResult[] | undefined> {
  const expectations = flow.expectations ?? [];
  if (expectations.length === 0) return undefined;
  try {
    const table = await session.table(expectationCounts(lowering.lower(flow.query), expectations, lowering.expressions), options);
    const totals: SourceTotals = {
      total: Number(table.getChildAt(0)?.get(0) ?? 0),
      failed: expectations.map((_, i) => Number(table.getChildAt(i + 1)?.get(0) ?? 0)),
    };
    return expectationResults(expectations, flow.kind === 'streaming' ? ledger.delta(flow.name, totals) : totals);
  } catch {
    return undefined;
  }
}

/**
 * The newest arrival (micros) in each update/complete flow's arrivals table
 * before the run: the groups with a later arrival are the ones this run
 * changed. None on a full refresh or before the first run (no table yet).
 */
export async function arrivalsBefore(
  session: SparkConnectSession, place: PipelinePlace, pipeline: Pipeline, resets: ReadonlySet<string>,
): Promise<ReadonlyMap<string, number>> {
  const before = new Map<string, number>();
  for (const flow of pipeline.flows.filter((f) => isRecomputedAggregation(f) && !resets.has(f.target))) {
    const table = await session.table(lastArrival(readTable(place, arrivalsTable(flow.target)))).catch(() => undefined);
    const value: unknown = table?.getChildAt(0)?.get(0);
    if (value !== null && value !== undefined) before.set(flow.name, Number(value));
  }
  return before;
}
