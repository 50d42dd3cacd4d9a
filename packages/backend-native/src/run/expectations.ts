import type { Json } from '@duckdb/node-api';
import { type ElementRef, type Expectation, type ExpectationResult, ThundError, ThundErrorCode } from '@thund/ir';
import { ExpressionCompiler } from '../compile/expression-compiler.js';

const SAMPLE_SIZE = 5;

/** An expectation with action `fail` saw failing rows; carries a sample of them. */
export class ExpectationFailedError extends ThundError {
  override name = 'ExpectationFailedError';
  /** Up to five of the failing rows, as JSON values. */
  readonly sample: readonly Readonly<Record<string, Json>>[];
  /** The pass/fail counts of every expectation of the flow, not only the failing one. */
  readonly expectations: readonly ExpectationResult[];

  constructor(message: string, flow: ElementRef, sample: readonly Record<string, Json>[], expectations: readonly ExpectationResult[]) {
    super(ThundErrorCode.ExpectationFailed, message, { backend: 'native', element: flow });
    this.sample = sample;
    this.expectations = expectations;
  }
}

export interface ExpectationQueries {
  counts(sql: string): Promise<number[]>;
  rowsJson(sql: string): Promise<Record<string, Json>[]>;
}

/** `(predicate) IS TRUE`: a NULL result counts as a failure. */
function passes(expectation: Expectation, compiler: ExpressionCompiler): string {
  return `(${compiler.compile(expectation.predicate)}) IS TRUE`;
}

/**
 * Counts passing and failing rows of every expectation in one scan of
 * `source`, then fails the flow if a `fail` expectation saw any failure.
 * Returns the counts and the predicate that keeps rows (for `drop`).
 */
export async function evaluateExpectations(
  queries: ExpectationQueries,
  source: string,
  expectations: readonly Expectation[],
  flow: ElementRef,
): Promise<{ readonly results: ExpectationResult[]; readonly keep: string | undefined }> {
  const compiler = new ExpressionCompiler();
  const checks = expectations.map((e) => `count(*) FILTER (WHERE NOT (${passes(e, compiler)}))`);
  const [total = 0, ...failed] = await queries.counts(`SELECT count(*), ${checks.join(', ')} FROM ${source}`);
  const results = expectations.map((e, i): ExpectationResult => {
    const failures = failed[i] ?? 0;
    return { name: e.name, action: e.action, passed: total - failures, failed: failures };
  });
  const failing = expectations.findIndex((e, i) => e.action === 'fail' && (results[i]?.failed ?? 0) > 0);
  if (failing >= 0) {
    const expectation = expectations[failing] as Expectation;
    const failures = (results[failing] as ExpectationResult).failed;
    const sample = await queries.rowsJson(`SELECT * FROM ${source} WHERE NOT (${passes(expectation, compiler)}) LIMIT ${SAMPLE_SIZE}`);
    throw new ExpectationFailedError(
      `expectation "${expectation.name}" failed for ${failures} of ${total} row${total === 1 ? '' : 's'} written by flow "${flow.name}"`,
      flow,
      sample,
      results,
    );
  }
  const drops = expectations.filter((e) => e.action === 'drop');
  return { results, keep: drops.length === 0 ? undefined : drops.map((e) => passes(e, compiler)).join(' AND ') };
}
