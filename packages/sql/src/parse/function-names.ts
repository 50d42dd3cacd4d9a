import { ALL_FUNCTION_NAMES, FUNCTION_CATALOG, closestName, functionForSparkName } from '@thund/ir';

/** Functions read by their own syntax, not as catalog calls. */
export const EVENT_TIME_FUNCTIONS: ReadonlySet<string> = new Set(['window', 'session_window']);

/**
 * The catalog name a Spark SQL function name stands for (the catalog
 * lists each function's Spark aliases), or `undefined`. `count(DISTINCT x)`
 * (the catalog's `count_distinct`) is read by the call syntax itself.
 */
export function catalogName(sparkName: string): string | undefined {
  if (sparkName.toLowerCase() === 'count_distinct') return undefined; // Spark SQL writes it count(DISTINCT x)
  return functionForSparkName(sparkName);
}

/** Why a function name is not known, with the closest one. */
export function unknownFunctionMessage(sparkName: string): string {
  const names = [...ALL_FUNCTION_NAMES.filter((n) => n !== 'count_distinct'), ...FUNCTION_CATALOG.flatMap((f) => f.aliases)];
  // Names that start alike first: `cnt` is count, not ln (both two edits away).
  const initial = sparkName.slice(0, 1).toLowerCase();
  const near = closestName(sparkName, names.filter((n) => n.startsWith(initial))) ?? closestName(sparkName, names);
  const hint = near === undefined ? '' : `; did you mean ${near}?`;
  return `unknown function ${sparkName}: Þund runs the functions of its catalog on every backend (see docs/functions.md)${hint}`;
}
