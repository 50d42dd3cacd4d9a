import { ThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';
import type { FunctionSignature } from './function-signature.js';
import { AGGREGATES } from './functions/aggregates.js';
import { CONDITIONAL } from './functions/conditional.js';
import { DATE_TIME } from './functions/date-time.js';
import { MATH } from './functions/math.js';
import { NESTED } from './functions/nested.js';
import { STRINGS } from './functions/strings.js';
import { WINDOWS } from './functions/windows.js';

/**
 * Every function a portable plan may call, one family per file under
 * `functions/`. A backend declares which of these it lowers
 * (`Capabilities.functions`); `check` rejects the rest. A `shared`
 * function is lowered once for every backend (see `functionTable`); each
 * `fn` needs an entry in every backend's table.
 */
const CATALOG = [
  ...MATH,
  ...STRINGS,
  ...CONDITIONAL,
  ...DATE_TIME,
  ...AGGREGATES,
  ...WINDOWS,
  ...NESTED,
] as const;

/** The name of a cataloged function. */
export type FunctionName = (typeof CATALOG)[number]['name'];

/** The name of a shared function: one every backend lowers as a call of its `sqlName`. */
export type SharedFunctionName = Extract<(typeof CATALOG)[number], {
  /** The engine function the shared function is lowered to. */
  readonly sqlName: string;
}>['name'];

/** The catalog's families, in order, each with its title (the function reference's sections). */
export const FUNCTION_FAMILIES: readonly { readonly title: string; readonly functions: readonly FunctionSignature<FunctionName>[] }[] = Object.freeze([
  { title: 'Math', functions: MATH },
  { title: 'Strings', functions: STRINGS },
  { title: 'Conditionals and NULLs', functions: CONDITIONAL },
  { title: 'Dates and times', functions: DATE_TIME },
  { title: 'Aggregates', functions: AGGREGATES },
  { title: 'Window functions', functions: WINDOWS },
  { title: 'Lists, structs, maps and JSON', functions: NESTED },
]);

/**
 * Every function a pipeline may call, in a stable order; a backend must
 * lower each one (or mark it unsupported). The generated function
 * reference, `docs/functions.md` in the repository, lists each with its
 * signature, result type and Spark semantics, and what Þund refuses.
 */
export const FUNCTION_CATALOG: readonly FunctionSignature<FunctionName>[] = Object.freeze(CATALOG);

const BY_NAME: ReadonlyMap<string, FunctionSignature<FunctionName>> = new Map(FUNCTION_CATALOG.map((f) => [f.name, f]));

const BY_ALIAS: ReadonlyMap<string, FunctionName> = new Map(FUNCTION_CATALOG.flatMap((f) => f.aliases.map((a) => [a, f.name] as const)));

/** The catalog entry of a function name, or `undefined` when the catalog has no such function. */
export function lookupFunction(name: string): FunctionSignature<FunctionName> | undefined {
  return BY_NAME.get(name);
}

/** The cataloged function a Spark SQL name stands for (its own name or one of its aliases, any case), or `undefined`. */
export function functionForSparkName(sparkName: string): FunctionName | undefined {
  const name = sparkName.toLowerCase();
  return BY_NAME.get(name)?.name ?? BY_ALIAS.get(name);
}

/** Names of every cataloged function, for backends that lower them all. */
export const ALL_FUNCTION_NAMES: readonly FunctionName[] = Object.freeze(FUNCTION_CATALOG.map((f) => f.name));

/**
 * A backend's own function table: an entry for every cataloged function
 * that is not shared, and optionally one for a shared function the backend
 * lowers differently (or, on Spark, only from some server version). Typed
 * this way (`satisfies FunctionTable<…>`), a cataloged function that is
 * neither shared nor in the table fails to compile, naming it.
 */
export type FunctionTable<T> =
  & { readonly [N in Exclude<FunctionName, SharedFunctionName>]: T }
  & { readonly [N in SharedFunctionName]?: T };

/**
 * Every cataloged function's entry, in catalog order: the backend's own
 * entry when it has one, else `lowerShared(sqlName)` for a shared function.
 */
export function functionTable<T>(own: FunctionTable<T>, lowerShared: (sqlName: string) => T): Readonly<Record<FunctionName, T>> {
  const entries: Readonly<Partial<Record<FunctionName, T>>> = own;
  const table = Object.fromEntries(FUNCTION_CATALOG.map((f) => {
    const entry = entries[f.name] ?? (f.sqlName === undefined ? undefined : lowerShared(f.sqlName));
    // Unreachable when `own` is typed: FunctionTable requires every function that is not shared.
    if (entry === undefined) throw new ThundError(ThundErrorCode.Internal, `function "${f.name}" is neither shared nor in the backend's function table`);
    return [f.name, entry];
  }));
  return Object.freeze(table as Record<FunctionName, T>);
}
