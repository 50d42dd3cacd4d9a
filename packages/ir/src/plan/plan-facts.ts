import type { Flow } from '../model/flow.js';
import type { FileFormat } from '../model/file-format.js';
import type { RelationKind } from './rel/relation.js';
import { walkPlan } from './plan-walk.js';

/** What a flow's query uses: the facts that validation and capability checks need. */
export interface PlanFacts {
  /** Datasets read by the plan plus those listed in `flow.reads`, without duplicates. */
  readonly reads: readonly string[];
  readonly relationKinds: ReadonlySet<RelationKind>;
  readonly functions: ReadonlySet<string>;
  readonly sqlDialects: ReadonlySet<string>;
  readonly fileFormats: ReadonlySet<FileFormat>;
  readonly hasAggregation: boolean;
}

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
