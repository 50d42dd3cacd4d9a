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

/** Whether `typed`'s letters all stand in `name`, in order (an abbreviation of it). */
function abbreviates(typed: string, name: string): boolean {
  let at = 0;
  for (const letter of name.toLowerCase()) if (letter === typed[at]) at += 1;
  return at === typed.length;
}

/** Why a function name is not known, with the closest one. */
export function unknownFunctionMessage(sparkName: string): string {
  const names = [...ALL_FUNCTION_NAMES.filter((n) => n !== 'count_distinct'), ...FUNCTION_CATALOG.flatMap((f) => f.aliases)];
  // An abbreviation first (`cnt` is count, not cot: its letters are count's, in order), then names that start alike
  // (`cnt` is not ln, both two edits away), then any close name.
  const typed = sparkName.toLowerCase();
  const initial = typed.slice(0, 1);
  const near = closestName(sparkName, names.filter((n) => n.startsWith(initial) && abbreviates(typed, n)))
    ?? closestName(sparkName, names.filter((n) => n.startsWith(initial))) ?? closestName(sparkName, names);
  const hint = near === undefined ? '' : `; did you mean ${near}?`;
  return `unknown function ${sparkName}: Þund runs the functions of its catalog on every backend (see docs/functions.md)${hint}`;
}
