import type { ExpectationResult } from '@thund/ir';

/** Rows that passed and failed, summed over expectations: what a node's pass-rate bar shows. */
export interface ExpectationTotals {
  /** Rows that satisfied their expectation, summed over the expectations (a row two expectations check counts twice). */
  readonly passed: number;
  /** Rows that did not, summed the same way. */
  readonly failed: number;
}

/** Sums the passed and failed rows of the given expectation results; both are 0 for an empty list. */
export function expectationTotals(results: readonly ExpectationResult[]): ExpectationTotals {
  let passed = 0;
  let failed = 0;
  for (const r of results) {
    passed += r.passed;
    failed += r.failed;
  }
  return { passed, failed };
}
