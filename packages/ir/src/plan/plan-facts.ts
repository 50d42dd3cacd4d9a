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

/** Collects the {@link PlanFacts} of one flow in a single walk of its query plan. */
export function planFacts(flow: Flow): PlanFacts {
  const reads = new Set<string>();
  const relationKinds = new Set<RelationKind>();
  const functions = new Set<string>();
  const sqlDialects = new Set<string>();
  const fileFormats = new Set<FileFormat>();
  walkPlan(flow.query, {
    relation(node) {
      relationKinds.add(node.kind);
      if (node.kind === 'read') reads.add(node.dataset);
      if (node.kind === 'sql') sqlDialects.add(node.dialect);
      if (node.kind === 'read_files') fileFormats.add(node.format);
    },
    expression(node) {
      if (node.kind === 'call' || node.kind === 'window_call') functions.add(node.name);
    },
  });
  for (const name of flow.reads ?? []) reads.add(name);
  return {
    reads: [...reads],
    relationKinds,
    functions,
    sqlDialects,
    fileFormats,
    hasAggregation: relationKinds.has('aggregate') || flow.window !== undefined,
  };
}
