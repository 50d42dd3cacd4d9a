import type { DataType, Expression } from '@thund/ir';
import { quoteString } from '../sql-text.js';

/** What each argument's type is known to be (`undefined`: only the run knows, e.g. a file read without a schema). */
export type ArgumentTypes = readonly (DataType | undefined)[];

/** Lowers the compiled arguments of one cataloged function to DuckDB SQL, knowing their nodes and, where known, their types. */
export type Lowering = (args: readonly string[], nodes: readonly Expression[], types: ArgumentTypes) => string;

/**
 * Where an aggregate's lowering is more than one DuckDB aggregate call
 * (Spark's avg of a decimal takes a sum and a count), each
 * call is followed by this marker: a window puts its OVER clause there, an
 * aggregation removes it. A lowering without it gets the OVER clause at
 * its end.
 */
export const OVER = '/*thund:over*/';

/** A call of the DuckDB function `name` with the arguments unchanged. */
export const plain = (name: string): Lowering => (args) => `${name}(${args.join(', ')})`;

/**
 * An error DuckDB raises at run time for an input Þund does not evaluate
 * as Spark does (documented with the function): the row fails loudly
 * rather than differ. Its text starts with `THUND_REFUSED`.
 */
export function refusedInput(what: string): string {
  return `error(${quoteString(`THUND_REFUSED: ${what}`)})`;
}

/** The integer value of a literal argument, if it is one. */
export function integerLiteral(node: Expression | undefined): number | undefined {
  return node?.kind === 'literal' && typeof node.value === 'number' && Number.isInteger(node.value) ? node.value : undefined;
}

/** The string value of a literal argument, if it is one. */
export function stringLiteral(node: Expression | undefined): string | undefined {
  return node?.kind === 'literal' && typeof node.value === 'string' && node.type === undefined ? node.value : undefined;
}

export const isIntegerType = (t: DataType | undefined): boolean => t === 'int8' || t === 'int16' || t === 'int32' || t === 'int64';
export const isFloatType = (t: DataType | undefined): boolean => t === 'float32' || t === 'float64';
export const decimalOf = (t: DataType | undefined): { precision: number; scale: number } | undefined =>
  typeof t === 'object' && t.type === 'decimal' ? t : undefined;

/**
 * The non-NULL strings of a list joined by a separator: '' for none, NULL
 * for a NULL separator (Spark's concat_ws and array_join). list_reduce, not
 * array_to_string: DuckDB's joins take only a constant separator.
 */
export function joinedBy(list: string, separator: string): string {
  const kept = `list_filter(${list}, _v -> _v IS NOT NULL)`;
  return `(CASE WHEN ${separator} IS NULL THEN NULL WHEN len(${kept}) = 0 THEN '' ELSE list_reduce(${kept}, (_a, _b) -> _a || ${separator} || _b) END)`;
}
