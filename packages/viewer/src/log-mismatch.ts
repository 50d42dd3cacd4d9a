/** How many undeclared flows a warning names; the rest it counts. */
const NAMED_FLOWS = 5;

/**
 * Why an event log does not fit the pipeline a viewer shows: the log is of
 * another pipeline (its pipeline events name another), or its events name
 * flows the pipeline does not declare (another version of it), which no
 * card can show.
 */
export interface LogMismatch {
  /** The name of the pipeline the viewer shows. */
  readonly shown: string;
  /** The pipeline the log's pipeline events name; `null` when none of its events is a pipeline's. */
  readonly logged: string | null;
  /** The run id of the log's first event; `null` before any event. */
  readonly runId: string | null;
  /** The first five flows, in the order the log first names them, that the pipeline shown does not declare. */
  readonly undeclaredFlows: readonly string[];
  /** How many such flows there are in all. */
  readonly undeclaredFlowCount: number;
}

/**
 * The mismatch between the pipeline shown and a log, or `null` when the log
 * fits it: its pipeline events (if any) name the pipeline shown and every
 * flow it names is declared.
 */
export function logMismatch(shown: string, log: { readonly pipeline?: string; readonly runId?: string }, undeclared: ReadonlySet<string>): LogMismatch | null {
  const otherPipeline = log.pipeline !== undefined && log.pipeline !== shown;
  if (!otherPipeline && undeclared.size === 0) return null;
  const named: string[] = [];
  for (const flow of undeclared) {
    if (named.length === NAMED_FLOWS) break;
    named.push(flow);
  }
  return { shown, logged: log.pipeline ?? null, runId: log.runId ?? null, undeclaredFlows: named, undeclaredFlowCount: undeclared.size };
}
