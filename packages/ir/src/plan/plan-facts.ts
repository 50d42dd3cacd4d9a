import type { Flow } from '../model/flow.js';
import type { FileFormat } from '../model/file-format.js';
import type { RelationKind } from './rel/relation.js';
import { walkPlan } from './plan-walk.js';

/** What a flow's query uses: the facts that validation and capability checks need. */
export interface PlanFacts {
  /** Datasets read by the plan plus those listed in `flow.reads`, without duplicates. */
  readonly reads: readonly string[];
  /** Every relation kind the plan contains. */
  readonly relationKinds: ReadonlySet<RelationKind>;
  /** Catalog names of every function called, in plain and window calls. */
  readonly functions: ReadonlySet<string>;
  /** Dialects of the raw SQL relations in the plan. */
  readonly sqlDialects: ReadonlySet<string>;
  /** Formats of the files the plan reads. */
  readonly fileFormats: ReadonlySet<FileFormat>;
  /** Whether the plan aggregates (an `aggregate` relation) or the flow has an event-time window. */
  readonly hasAggregation: boolean;
}

/** The one empty set every flow without functions, SQL or files shares. */
const EMPTY: ReadonlySet<never> = new Set<never>();

/** `set` with `value` added, created on the first value. */
const withValue = <T>(set: Set<T> | undefined, value: T): Set<T> => (set ?? new Set<T>()).add(value);

/** Collects the {@link PlanFacts} of one flow in a single walk of its query plan. */
export function planFacts(flow: Flow): PlanFacts {
  const reads = new Set<string>();
  const relationKinds = new Set<RelationKind>();
  // Most flows call no function, hold no SQL and read no files: those sets are made only when needed (validating
  // 10,000 flows keeps every flow's facts at once).
  let functions: Set<string> | undefined;
  let sqlDialects: Set<string> | undefined;
  let fileFormats: Set<FileFormat> | undefined;
  walkPlan(flow.query, {
    relation(node) {
      relationKinds.add(node.kind);
      if (node.kind === 'read') reads.add(node.dataset);
      if (node.kind === 'sql') sqlDialects = withValue(sqlDialects, node.dialect);
      if (node.kind === 'read_files') fileFormats = withValue(fileFormats, node.format);
    },
    expression(node) {
      if (node.kind === 'call' || node.kind === 'window_call') functions = withValue(functions, node.name);
    },
  });
  for (const name of flow.reads ?? []) reads.add(name);
  return {
    reads: [...reads],
    relationKinds,
    functions: functions ?? EMPTY,
    sqlDialects: sqlDialects ?? EMPTY,
    fileFormats: fileFormats ?? EMPTY,
    hasAggregation: relationKinds.has('aggregate') || flow.window !== undefined,
  };
}
