/** One step of a JSONPath: a member by name or an array element by position. */
export type JsonPathStep =
  | {
      /** The member's name. */
      readonly name: string;
    }
  | {
      /** The element's 0-based position. */
      readonly index: number;
    };

/**
 * The steps of a JSONPath of the form Spark's `get_json_object` and every
 * engine read alike: `$`, then `.name`, `['name']` or `[n]`, any number of
 * times. `undefined` for anything else (wildcards, recursive descent,
 * filters, unquoted brackets).
 */
export function parseJsonPath(path: string): JsonPathStep[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const steps: JsonPathStep[] = [];
  let at = 1;
  while (at < path.length) {
    const rest = path.slice(at);
    const member = /^\.([^.[\]'"*\s]+)/.exec(rest);
    const quoted = /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest);
    const index = /^\[(\d+)\]/.exec(rest);
    if (member !== null) steps.push({ name: member[1] as string });
    else if (quoted !== null) steps.push({ name: (quoted[1] as string).replace(/\\(.)/g, '$1') });
    else if (index !== null) steps.push({ index: Number(index[1]) });
    else return undefined;
    at += ((member ?? quoted ?? index) as RegExpExecArray)[0].length;
  }
  return steps;
}

/** Why a JSONPath is refused, or `undefined` when every engine reads it alike. */
export function jsonPathProblem(path: string): string | undefined {
  if (parseJsonPath(path) !== undefined) return undefined;
  return `the path ${JSON.stringify(path)} is not supported: write $ followed by .name, ['name'] or [n] steps (wildcards [*], recursive descent .. and filters are not portable)`;
}
