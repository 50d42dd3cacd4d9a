import type { Expression } from './expression.js';

/** One ordering key. `nulls` defaults to `last` for ascending, `first` for descending, on every backend. */
export interface SortKey {
  readonly expr: Expression;
  readonly direction: 'asc' | 'desc';
  readonly nulls?: 'first' | 'last';
}

export function effectiveNulls(key: SortKey): 'first' | 'last' {
  return key.nulls ?? (key.direction === 'asc' ? 'last' : 'first');
}
