/** Spark's names for a graph's flows, read back: the identifiers of SDP events and error messages (`parseSdpMessage` reads the events themselves). */

/**
 * Maps SDP's flow identifiers back to the pipeline's flow names:
 * `spark_catalog.default.x`, `` `spark_catalog`.`default`.`x` `` and bare
 * `x` all name flow `x` (case-insensitively, as Spark identifiers are).
 */
export class FlowNames {
  readonly #byKey = new Map<string, string>();

  constructor(flows: readonly string[], catalog: string, database: string) {
    for (const name of flows) {
      this.#byKey.set(name.toLowerCase(), name);
      this.#byKey.set(`${catalog}.${database}.${name}`.toLowerCase(), name);
      this.#byKey.set(`${database}.${name}`.toLowerCase(), name);
    }
  }

  /** The pipeline flow an identifier names (bare, `database.x` or `catalog.database.x`, backquoted or not), or undefined. */
  resolve(identifier: string): string | undefined {
    return this.#byKey.get(identifier.replaceAll('`', '').toLowerCase());
  }

  /** Every pipeline flow named in a free-text message (qualified or quoted). */
  mentionedIn(text: string): string[] {
    const found = new Set<string>();
    for (const match of text.matchAll(/[`'"]?([A-Za-z0-9_`]+(?:\.[A-Za-z0-9_`]+){0,2})[`'"]?/g)) {
      const name = this.resolve(match[1] as string);
      if (name !== undefined && (match[1] as string).includes('.')) found.add(name);
    }
    return [...found];
  }
}

/** `Flows with errors: a, b` and `Flows that failed due to upstream errors: c` of an UnresolvedPipelineException. */
export function unresolvedFlows(message: string): {
  /** Flows SDP could not resolve themselves. */
  readonly failed: string[];
  /** Flows that failed to resolve because a flow they read did not. */
  readonly upstream: string[];
} {
  const list = (label: string): string[] => {
    const line = new RegExp(`${label}:([^\\n]*)`).exec(message)?.[1] ?? '';
    return line.split(',').map((s) => s.trim()).filter((s) => s !== '');
  };
  return { failed: list('Flows with errors'), upstream: list('Flows that failed due to upstream errors') };
}
