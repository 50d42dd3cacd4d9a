import type { DataType } from '../model/data-type.js';
import type { Expression } from '../plan/expr/expression.js';
import { type ArgumentFacts, type TypeRule, toTypeRule } from './type-rule.js';

/** Where a function may appear. */
export type FunctionKind = 'scalar' | 'aggregate' | 'window';

/**
 * What an argument may be, checked by validation where the types are
 * known: any value; a number (`numeric`) or an integer; a string; a
 * string or binary (Spark reads a string as its UTF-8 bytes); a predicate
 * (`boolean`); a date or timestamp (`temporal`), or also a string
 * (`temporal_or_string`, parsed as Spark parses it); a literal integer,
 * string or number written in the plan.
 */
export type ArgumentClass =
  | 'any' | 'numeric' | 'integer' | 'string' | 'string_or_binary' | 'boolean' | 'temporal' | 'temporal_or_string'
  | 'integer_literal' | 'string_literal' | 'numeric_literal';

/** One argument of a call as an argument rule sees it: its node and what its type is known to be. */
export interface CallArgument extends ArgumentFacts {
  /** The argument's plan node. */
  readonly node: Expression;
}

/**
 * Refuses calls whose arguments Þund cannot evaluate alike on every engine
 * (a datetime pattern letter with no exact translation, a regular
 * expression using backreferences): the reason, or `undefined` to accept.
 */
export type ArgumentRule = (args: readonly CallArgument[]) => string | undefined;

/**
 * One function of the catalog every backend agrees on: where it may appear, its arity, argument classes and
 * result type.
 */
export interface FunctionSignature<N extends string = string> {
  /** The function's name, as called in plans and SQL: Spark's name. */
  readonly name: N;
  /** Whether it is a scalar, aggregate or window function. */
  readonly kind: FunctionKind;
  /** Fewest arguments it takes. */
  readonly minArgs: number;
  /** `null` for variadic. */
  readonly maxArgs: number | null;
  /** Argument classes by position; the last one repeats for variadic functions. */
  readonly args: readonly ArgumentClass[];
  /** How its result type follows from its arguments (Spark's rule). */
  readonly returns: TypeRule;
  /** One-line description for listings and error messages. */
  readonly description: string;
  /** Other Spark SQL names of the same function (`lcase` for `lower`); SQL reads them as this one. */
  readonly aliases: readonly string[];
  /**
   * Where the engines differ and what Þund does about it, one sentence
   * each (the function reference lists them): a refused argument, a
   * restriction, a deliberate choice.
   */
  readonly notes: readonly string[];
  /** Refuses the calls Þund cannot evaluate alike on every backend (see {@link ArgumentRule}). */
  readonly refuse?: ArgumentRule;
  /** A window function whose window needs an order (Spark refuses it unordered). */
  readonly needsOrder?: true;
  /**
   * Set on a shared function: every backend lowers it as a call of the
   * engine function of this name (DuckDB and Spark SQL agree on it) with
   * the arguments unchanged, so no backend needs an entry for it.
   */
  readonly sqlName?: string;
}

/** A cataloged function every backend lowers the same way: a call of `sqlName`. */
export interface SharedFunctionSignature<N extends string = string> extends FunctionSignature<N> {
  readonly sqlName: string;
}

/** What an entry may say besides its name, kind, arguments, result and description. */
export interface EntryOptions {
  /** Fewest arguments (default: all of `args`). */
  readonly min?: number;
  /** Most arguments, `null` for variadic (default: all of `args`). */
  readonly max?: number | null;
  /** Other Spark SQL names of the function. */
  readonly aliases?: readonly string[];
  /** Known differences between the engines and what Þund does about them. */
  readonly notes?: readonly string[];
  /** Refuses calls that cannot be evaluated alike. */
  readonly refuse?: ArgumentRule;
  /** The window needs an order. */
  readonly needsOrder?: true;
}

/** A function each backend lowers in its own way (it needs an entry in every backend's table). */
export function fn<const N extends string>(
  name: N,
  kind: FunctionKind,
  args: readonly ArgumentClass[],
  returns: DataType | TypeRule,
  description: string,
  options: EntryOptions = {},
): FunctionSignature<N> {
  return Object.freeze({
    name, kind, args, description,
    minArgs: options.min ?? args.length,
    maxArgs: options.max === undefined ? args.length : options.max,
    returns: toTypeRule(returns),
    aliases: Object.freeze([...(options.aliases ?? [])]),
    notes: Object.freeze([...(options.notes ?? [])]),
    ...(options.refuse === undefined ? {} : { refuse: options.refuse }),
    ...(options.needsOrder === undefined ? {} : { needsOrder: options.needsOrder }),
  });
}

/** A function every backend lowers to a call of `sqlName` (default: its own name) with the arguments unchanged. */
export function shared<const N extends string>(
  name: N,
  kind: FunctionKind,
  args: readonly ArgumentClass[],
  returns: DataType | TypeRule,
  description: string,
  options: EntryOptions & { readonly sqlName?: string } = {},
): SharedFunctionSignature<N> {
  return Object.freeze({ ...fn(name, kind, args, returns, description, options), sqlName: options.sqlName ?? name });
}

/** How many arguments a function takes, in words (`exactly 1`, `1 to 3`, `at least 2`), for error messages. */
export function arityLabel(signature: FunctionSignature): string {
  if (signature.maxArgs === null) return `at least ${signature.minArgs}`;
  if (signature.minArgs === signature.maxArgs) return `exactly ${signature.minArgs}`;
  return `${signature.minArgs} to ${signature.maxArgs}`;
}
