import type { Expression } from '../plan/expr/expression.js';

/**
 * Slowly-changing-dimension type of a CDC target: `1` keeps only each key's current row, `2` keeps every version
 * with validity columns.
 */
export type ScdType = 1 | 2;
/** Every {@link ScdType}, for validation and menus. */
export const SCD_TYPES: readonly ScdType[] = [1, 2];

/** The validity columns of an SCD 2 target, named as Spark's AUTO CDC names them. */
export const CDC_START_AT = '__START_AT';
/** End of an SCD 2 version's validity (exclusive); NULL for the current version. */
export const CDC_END_AT = '__END_AT';

/**
 * Apply-changes semantics for a `cdc` flow (Spark's AUTO CDC): the input is
 * a change feed and the target table holds its current state (SCD 1) or
 * its history (SCD 2, with `__START_AT` / `__END_AT` validity columns of
 * the `sequenceBy` column's type). Changes are resolved by sequence, not
 * arrival: a late change lands where its sequence puts it, a change
 * delivered twice counts once, and of a delete and an upsert of one key at
 * the same sequence the delete wins. Changes with a NULL sequence are
 * ignored.
 */
export interface CdcSpec {
  /** Columns identifying a row of the target. */
  readonly keys: readonly string[];
  /** Orders changes per key; later sequence values win regardless of arrival order. */
  readonly sequenceBy: string;
  /** A change matching this predicate deletes its key (Spark's `apply_as_deletes`). */
  readonly deleteWhen?: Expression;
  /** `1` to keep the current state of each key, `2` to keep its history (see {@link ScdType}). */
  readonly scdType: ScdType;
  /** Only these input columns are stored (default: all). Not with `exceptColumns`. */
  readonly columns?: readonly string[];
  /** These input columns are not stored. Not with `columns`. */
  readonly exceptColumns?: readonly string[];
  /**
   * SCD 2 only: the stored non-key columns whose change opens a new
   * version; an update changing none of them rewrites the current version
   * in place. Default: every stored non-key column (the sequence column
   * too, when it is stored). Not with `trackHistoryExcept`.
   */
  readonly trackHistory?: readonly string[];
  /** SCD 2 only: the stored non-key columns whose change does not open a new version. Not with `trackHistory`. */
  readonly trackHistoryExcept?: readonly string[];
  /** A NULL column of an update keeps the stored value (of the current row or version) instead of overwriting it. */
  readonly ignoreNullUpdates?: boolean;
  /**
   * SCD 1 only (as in Spark): a change matching this predicate empties the
   * target; only changes sequenced after it count (Spark's `apply_as_truncates`).
   */
  readonly applyAsTruncates?: Expression;
}
