import type { Dataset, ExpectationResult, Flow, Pipeline } from '@thund/ir';
import type { ExecuteOptions, SparkConnectSession } from '../connect/session.js';
import { applyExpectations } from '../lower/expectations.js';
import { type PipelinePlace, type outsideLowering, readTable } from '../lower/flow-plan.js';
import { arrivalsTable, changedGroups, isRecomputedAggregation } from '../lower/recomputed-aggregation.js';
import { countRelationRows } from '../read/count-rows.js';
import { type SourceTotalsLedger, countExpectations, countFlowRows, countRows } from './flow-metrics.js';
import type { AppendOnceOutcome } from './stage-append-once.js';
import type { FlowTracker } from './flow-tracker.js';
import type { ObservedCounts } from './observed-counts.js';
import { observesExpectations } from '../lower/expectations.js';

/** What the run learned before Spark ran, for the counts of each flow's completed event. */
export interface RunMetrics {
  readonly ledger: SourceTotalsLedger;
  /** Rows of streaming tables before the run. */
  readonly rowsBefore: ReadonlyMap<string, number>;
  /** Update/complete flows: the newest arrival before the run (recomputed-aggregation.ts). */
  readonly lastArrivals: ReadonlyMap<string, number>;
  /** Append-once flows: staged this run (rows, counts) or earlier (nothing). */
  readonly appendOnce: ReadonlyMap<string, AppendOnceOutcome>;
  /**
   * The counts plain streaming flows observed, once the listener bus has
   * delivered every micro-batch of the run; `undefined` without a listener.
   */
  readonly observed?: Promise<ObservedCounts | undefined>;
}

/** What a completed flow's event carries; a count Spark could not give is left out. */
export interface FlowCounts {
  readonly rowsWritten: number | undefined;
  readonly expectations: readonly ExpectationResult[] | undefined;
}

/** Counts Spark could not give (a count failed, or a cancelled run did not wait). */
export const UNCOUNTED: FlowCounts = Object.freeze({ rowsWritten: undefined, expectations: undefined });

/**
 * Counts a completed flow's rows written and expectations (Spark reports no
 * per-flow metrics to a client, so each is a query). The run's cancel
 * interrupts the count queries in flight on the server.
 */
export class FlowCounter {
  readonly #session: SparkConnectSession;
  readonly #lowering: ReturnType<typeof outsideLowering>;
  readonly #place: PipelinePlace;
  readonly #metrics: RunMetrics;
  readonly #datasets: ReadonlyMap<string, Dataset>;
  readonly #writers = new Map<string, number>();
  readonly #cancel: ExecuteOptions;

  constructor(
    session: SparkConnectSession, pipeline: Pipeline, place: PipelinePlace, lowering: ReturnType<typeof outsideLowering>, metrics: RunMetrics, signal: AbortSignal,
  ) {
    this.#session = session;
    this.#cancel = { signal };
    this.#lowering = lowering;
    this.#place = place;
    this.#metrics = metrics;
    this.#datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
    for (const flow of pipeline.flows) this.#writers.set(flow.target, (this.#writers.get(flow.target) ?? 0) + 1);
  }

  async count(flow: Flow): Promise<FlowCounts> {
    const staged = this.#metrics.appendOnce.get(flow.name);
    if (staged !== undefined) return { rowsWritten: staged.rowsWritten, expectations: staged.expectations };
    const [rowsWritten, expectations] = await Promise.all([this.#rowsWritten(flow), this.#expectations(flow)]);
    return { rowsWritten, expectations };
  }

  /** Observed in the run's micro-batches where the flow observes them (and a listener heard them), else queried over the source. */
  async #expectations(flow: Flow): Promise<readonly ExpectationResult[] | undefined> {
    const observed = observesExpectations(flow) ? await this.#metrics.observed : undefined;
    if (observed === undefined) return countExpectations(this.#session, this.#lowering, flow, this.#metrics.ledger, this.#cancel);
    this.#metrics.ledger.accumulate(flow.name, observed.totals(flow));
    return observed.expectations(flow);
  }

  /** The counts of a flow a failed expectation stopped (its failed event carries them, as on native). */
  expectations(flow: Flow): Promise<ExpectationResult[] | undefined> {
    return countExpectations(this.#session, this.#lowering, flow, this.#metrics.ledger, this.#cancel);
  }

  /**
   * Rows a completed flow wrote this run: the dataset's count for its only
   * writer (minus the rows a streaming table already had); for one of several
   * flows into a table (one SDP union flow), the count of its own query.
   */
  async #rowsWritten(flow: Flow): Promise<number | undefined> {
    const dataset = this.#datasets.get(flow.target);
    if (dataset === undefined || dataset.type === 'temporary_view' || dataset.type === 'sink') return undefined;
    const session = this.#session;
    if (isRecomputedAggregation(flow)) {
      // As native: update writes the groups this run changed; complete rewrites every group, if the run brought rows.
      const arrivals = readTable(this.#place, arrivalsTable(flow.target));
      const changed = await countRelationRows(session, changedGroups(flow, this.#lowering, arrivals, this.#metrics.lastArrivals.get(flow.name)), this.#cancel).catch(() => undefined);
      return flow.outputMode === 'complete' && changed !== undefined && changed > 0 ? countRows(session, this.#place, dataset.name, this.#cancel) : changed;
    }
    if ((this.#writers.get(flow.target) ?? 1) > 1 || flow.kind === 'cdc') {
      // Outside the graph (temporary views inlined, batch reads), with the flow's expectations applied.
      return countFlowRows(session, applyExpectations(this.#lowering.lower(flow.query), flow, this.#lowering.expressions), flow, this.#metrics.ledger, this.#cancel);
    }
    const rowsNow = await countRows(session, this.#place, dataset.name, this.#cancel);
    return rowsNow === undefined ? undefined : rowsNow - (this.#metrics.rowsBefore.get(dataset.name) ?? 0);
  }
}

/** A counted flow's completed event. */
export function completeCounted(tracker: FlowTracker, flow: string, counts: FlowCounts, dryRun = false): void {
  const { rowsWritten, expectations } = counts;
  const written = rowsWritten === undefined ? '' : `: ${rowsWritten} row${rowsWritten === 1 ? '' : 's'} written`;
  tracker.complete(flow, `flow "${flow}" completed${dryRun ? ' (dry run: nothing written)' : written}`, {
    ...(rowsWritten === undefined ? {} : { rowsWritten }),
    ...(expectations === undefined ? {} : { expectations }),
  });
}
