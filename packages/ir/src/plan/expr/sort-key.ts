import type { Expression } from './expression.js';

/** One ordering key. `nulls` defaults to `last` for ascending, `first` for descending, on every backend. */
export interface SortKey {
  /** The value to order by. */
  readonly expr: Expression;
  /** Ascending or descending. */
  readonly direction: 'asc' | 'desc';
  /** Where NULLs go; see {@link effectiveNulls} for the default. */
  readonly nulls?: 'first' | 'last';
}

/** Where a key puts NULLs: its `nulls`, else `last` when ascending and `first` when descending. */
export function effectiveNulls(key: SortKey): 'first' | 'last' {
  return key.nulls ?? (key.direction === 'asc' ? 'last' : 'first');
}
