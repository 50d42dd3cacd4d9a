import { ALL_FUNCTION_NAMES, closestName, lookupFunction } from '@thund/ir';

/**
 * Spark SQL names of cataloged functions where they differ from the
 * catalog's. `count(DISTINCT x)` (the catalog's `count_distinct`) is read
 * by the call syntax itself.
 */
const SPARK_ALIASES: Readonly<Record<string, string>> = {
  substr: 'substring',
  ceiling: 'ceil',
  pow: 'power',
  stddev_samp: 'stddev',
  std: 'stddev',
  mean: 'avg',
  char_length: 'length',
  character_length: 'length',
  startswith: 'starts_with',
  day_of_month: 'day',
  dayofmonth: 'day',
};

/** Functions read by their own syntax, not as catalog calls. */
export const EVENT_TIME_FUNCTIONS: ReadonlySet<string> = new Set(['window', 'session_window']);

/** The catalog name a Spark SQL function name stands for, or `undefined`. */
export function catalogName(sparkName: string): string | undefined {
  const name = sparkName.toLowerCase();
  if (name === 'count_distinct') return undefined; // Spark SQL writes it count(DISTINCT x)
  const resolved = SPARK_ALIASES[name] ?? name;
  return lookupFunction(resolved) === undefined ? undefined : resolved;
}

/** Why a function name is not known, with the closest one. */
export function unknownFunctionMessage(sparkName: string): string {
  const names = [...ALL_FUNCTION_NAMES.filter((n) => n !== 'count_distinct'), ...Object.keys(SPARK_ALIASES)];
  // Names that start alike first: `cnt` is count, not ln (both two edits away).
  const initial = sparkName.slice(0, 1).toLowerCase();
  const near = closestName(sparkName, names.filter((n) => n.startsWith(initial))) ?? closestName(sparkName, names);
  const hint = near === undefined ? '' : `; did you mean ${near}?`;
  return `unknown function ${sparkName}: Þund runs the functions of its catalog on every backend (see the @thund/ir README)${hint}`;
}
