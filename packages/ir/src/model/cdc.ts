import type { Expression } from '../plan/expr/expression.js';

export type ScdType = 1 | 2;
export const SCD_TYPES: readonly ScdType[] = [1, 2];

/**
 * Apply-changes semantics for a `cdc` flow: the input is a change feed and
 * the target table holds its current state (SCD 1) or its history (SCD 2,
 * with `__start_at` / `__end_at` validity columns).
 */
export interface CdcSpec {
  /** Columns identifying a row of the target. */
  readonly keys: readonly string[];
  /** Orders changes per key; later sequence values win regardless of arrival order. */
  readonly sequenceBy: string;
  /** A change matching this predicate deletes its key. */
  readonly deleteWhen?: Expression;
  readonly scdType: ScdType;
  /** Only these input columns are stored (default: all). */
  readonly columns?: readonly string[];
  /** These input columns are not stored. */
  readonly exceptColumns?: readonly string[];
}
