import type { ExpectationResult, Flow } from '@thund/ir';
import { observationName } from '../lower/expectations.js';
import { TOTAL_COUNT_COLUMN, failedCountColumn } from '../signals/expectation-count-columns.js';
import { type SourceTotals, expectationResults } from './flow-metrics.js';
import type { MicroBatchProgress } from './streaming-progress.js';

/**
 * The expectation counts plain streaming flows observe in each micro-batch
 * (`observeExpectations`), summed over the run's batches as the listener
 * bus reports them: the counts of this run's rows exactly, whatever the
 * source holds, with no query over it.
 */
export class ObservedCounts {
  readonly #totals = new Map<string, { total: number; readonly failed: number[] }>();

  /** Adds one micro-batch's observed counts. */
  add(progress: MicroBatchProgress): void {
    for (const [name, row] of Object.entries(progress.observed)) {
      const totals = this.#totals.get(name) ?? { total: 0, failed: [] };
      totals.total += row[TOTAL_COUNT_COLUMN] ?? 0;
      for (const [key, value] of Object.entries(row)) {
        const index = failedCountColumn.parse(key);
        if (index !== undefined) totals.failed[index] = (totals.failed[index] ?? 0) + value;
      }
      this.#totals.set(name, totals);
    }
  }

  /** A flow's counts this run (zero if none of its batches read a row). */
  expectations(flow: Flow): ExpectationResult[] {
    return expectationResults(flow.expectations ?? [], this.totals(flow));
  }

  /** The flow's totals this run, as the source-totals ledger records them. */
  totals(flow: Flow): SourceTotals {
    const totals = this.#totals.get(observationName(flow.name));
    return { total: totals?.total ?? 0, failed: (flow.expectations ?? []).map((_, i) => totals?.failed[i] ?? 0) };
  }
}
