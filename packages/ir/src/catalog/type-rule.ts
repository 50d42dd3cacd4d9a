import { type DataType, dataTypeLabel } from '../model/data-type.js';

/** What a type rule knows of one argument: its type (`null` for a NULL literal, `undefined` when unknown) and, for a literal, its value. */
export interface ArgumentFacts {
  /** The argument's type; `null` for an untyped NULL literal (it takes the type it meets), `undefined` when only a run would tell. */
  readonly type: DataType | null | undefined;
  /** Set when the argument is a literal: its JSON value. */
  readonly literal?: string | number | boolean | null;
}

/**
 * How a function's result type follows from its arguments, Spark's rule.
 * `infer` answers `undefined` when only a run would tell (an argument of
 * unknown type), `null` when the result is an untyped NULL.
 */
export interface TypeRule {
  /** The rule in words, for the function reference (`int32`, `the common type of arguments 2 and 3`). */
  readonly text: string;
  /** The result type given the arguments. */
  readonly infer: (args: readonly ArgumentFacts[]) => DataType | null | undefined;
  /** Set when the result always has this type, whatever the arguments. */
  readonly fixed?: DataType;
  /**
   * Set when some arguments must share a type (the result is their common
   * type): their positions (0-based), or `all`. Validation refuses a call
   * whose arguments there have none.
   */
  readonly common?: readonly number[] | 'all';
}

/** A rule giving one type, whatever the arguments. */
export function fixedType(type: DataType): TypeRule {
  return Object.freeze({ text: dataTypeLabel(type), infer: () => type, fixed: type });
}

/** Whether a value is a type rule (rather than a data type written in its place). */
export function isTypeRule(value: DataType | TypeRule): value is TypeRule {
  return typeof value === 'object' && 'infer' in value;
}

/** The type rule a catalog entry gives: a data type stands for `fixedType` of it. */
export function toTypeRule(returns: DataType | TypeRule): TypeRule {
  return isTypeRule(returns) ? returns : fixedType(returns);
}

/** A rule of its own: the text the reference prints and the inference. */
export function typeRule(text: string, infer: TypeRule['infer']): TypeRule {
  return Object.freeze({ text, infer });
}
