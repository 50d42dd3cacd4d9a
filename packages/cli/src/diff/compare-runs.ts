import { type AnyRow, type RowComparison, compareRows, valuesEqual } from '@thund/arrow-rows';
import type { DatasetRows, FlowOutcome, RunResult } from '@thund/ir';

/** One side of a diff: the backend's name, its run's result, and the datasets read back (or why one could not be). */
export interface DiffSide {
  readonly backend: string;
  readonly result: RunResult;
  readonly datasets: ReadonlyMap<string, DatasetRows | { readonly error: string }>;
}

export interface FlowDifference {
  readonly flow: string;
  /** What each side reported, e.g. `completed, 12 rows written` or `failed: …`. */
  readonly left: string;
  readonly right: string;
}

export interface DatasetDifference {
  readonly dataset: string;
  readonly leftRows: number | undefined;
  readonly rightRows: number | undefined;
  readonly comparison?: RowComparison;
  /** A side that could not be read. */
  readonly error?: string;
}

export interface DiffReport {
  readonly equal: boolean;
  readonly flows: readonly FlowDifference[];
  readonly datasets: readonly DatasetDifference[];
}

/** How a flow ended, in the terms both sides are compared in: phase, rows written, expectation counts. */
function outcomeText(outcome: FlowOutcome | undefined): string {
  if (outcome === undefined) return 'not run';
  const parts: string[] = [outcome.phase];
  if (outcome.rowsWritten !== undefined) parts.push(`${outcome.rowsWritten} rows written`);
  for (const e of outcome.expectations ?? []) parts.push(`expectation ${e.name}: ${e.passed} passed, ${e.failed} failed`);
  if (outcome.phase === 'failed' && outcome.error !== undefined) parts.push(outcome.error.message);
  return parts.join(', ');
}

function sameOutcome(a: FlowOutcome | undefined, b: FlowOutcome | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const counts = (o: FlowOutcome): string => JSON.stringify((o.expectations ?? []).map((e) => [e.name, e.passed, e.failed]));
  return a.phase === b.phase && valuesEqual(a.rowsWritten ?? null, b.rowsWritten ?? null) && counts(a) === counts(b);
}

/**
 * Compares two runs of one pipeline: each flow's outcome (phase, rows
 * written, expectation counts), then each dataset's rows by the shared
 * rules (`compareRows`: order-insensitive, floats within 1e-9, decimals
 * exact, NULL = NULL), matched by `keys` when given.
 */
export function compareRuns(left: DiffSide, right: DiffSide, options: { readonly keys?: readonly string[]; readonly limit?: number } = {}): DiffReport {
  const flows: FlowDifference[] = [];
  const names = [...new Set([...left.result.flows, ...right.result.flows].map((f) => f.name))];
  for (const name of names) {
    const a = left.result.flows.find((f) => f.name === name);
    const b = right.result.flows.find((f) => f.name === name);
    if (!sameOutcome(a, b)) flows.push({ flow: name, left: outcomeText(a), right: outcomeText(b) });
  }
  const datasets: DatasetDifference[] = [];
  for (const [dataset, a] of left.datasets) {
    const b = right.datasets.get(dataset);
    const rowsOf = (side: DatasetRows | { readonly error: string } | undefined): number | undefined => (side !== undefined && 'rows' in side ? side.rows.length : undefined);
    if (a === undefined || b === undefined || 'error' in a || 'error' in b) {
      const error = [a, b].flatMap((side, i) => (side !== undefined && 'error' in side ? [`${i === 0 ? left.backend : right.backend}: ${side.error}`] : [])).join('; ');
      datasets.push({ dataset, leftRows: rowsOf(a), rightRows: rowsOf(b), error: error === '' ? 'not read' : error });
      continue;
    }
    // Keys apply to the datasets that have them all; the others are compared as multisets.
    const keys = options.keys?.every((k) => a.columns.includes(k) && b.columns.includes(k)) ? options.keys : undefined;
    const comparison = compareRows(a.rows as readonly AnyRow[], b.rows as readonly AnyRow[], { ...(keys === undefined ? {} : { keys }), limit: options.limit ?? 5 });
    datasets.push({ dataset, leftRows: a.rows.length, rightRows: b.rows.length, comparison });
  }
  const equal = flows.length === 0 && datasets.every((d) => d.error === undefined && d.comparison?.equal === true);
  return { equal, flows, datasets };
}
