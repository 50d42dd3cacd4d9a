import type { ValidationIssue } from '../errors/validation-error.js';
import type { Flow } from '../model/flow.js';
import { type RelationNode, childRelations } from '../plan/rel/relation.js';
import { type Rule, flowRef, issue } from './context.js';

/**
 * The deepest a query may nest relations once the temporary views it reads
 * are inlined into it (each view read counting as a level above the view's
 * own plan). Engines inline a temporary view into every query that reads
 * it; DuckDB refuses a query whose views and subqueries nest about 1,000
 * deep (measured: a chain of 499 views projecting the one before binds,
 * 500 do not, of 332 views each a union 332; expressions do not count
 * towards it), and the native backend
 * wraps some queries a few levels more. 900 leaves that margin; a chain of
 * filters, which DuckDB merges into one WHERE, is counted more than it costs.
 */
export const MAX_INLINED_DEPTH = 900;

/**
 * The most relations a query may hold once the temporary views it reads are
 * inlined. A view read twice by the next, chained, doubles the query at each
 * link (30 links: a billion relations) while every depth stays small: the
 * engines expand it when they bind it, and hang.
 */
export const MAX_INLINED_RELATIONS = 100_000;

/** A plan's relation depth and size with temporary views inlined, and the view its deepest path reads first. */
interface Inlined {
  readonly depth: number;
  /** Relations once every view read is inlined (a float: it may be astronomically large). */
  readonly size: number;
  readonly via?: string;
}

/**
 * No flow's query, with the temporary views it reads inlined, nests deeper
 * than `MAX_INLINED_DEPTH`: a chain of hundreds of views each reading the
 * one before passes every per-flow rule and failed at run time, on DuckDB's
 * max_expression_depth. Reported once per chain, at the first flow past the
 * limit (the flows after it read it), naming the views of the chain.
 */
export const viewChainsInlinable: Rule = ({ pipeline, index, facts }) => {
  const views = new Map<string, Flow>();
  for (const [name, dataset] of index.datasets) {
    const writers = index.writersOf(name);
    if (dataset.type === 'temporary_view' && writers.length === 1) views.set(name, writers[0] as Flow);
  }
  if (views.size === 0) return [];
  const viewReads = (flow: Flow): readonly string[] => (facts.get(flow)?.reads ?? []).filter((name) => views.has(name));
  const { inlined, cyclic } = measureViews(views, viewReads);
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    if (viewReads(flow).some((name) => cyclic.has(name))) return;
    const measured = depthOf(flow.query, (name) => inlined.get(name));
    if (measured.depth <= MAX_INLINED_DEPTH) {
      if (measured.size > MAX_INLINED_RELATIONS && !viewReads(flow).some((name) => (inlined.get(name)?.size ?? 0) > MAX_INLINED_RELATIONS)) {
        issues.push(issue(
          'views_too_large',
          ['flows', i, 'query'],
          `flow "${flow.name}" reads temporary views (${viewReads(flow).join(', ')}) that read other views several times: inlined, as engines inline them, its query holds about ${measured.size.toExponential(1)} relations, more than ${MAX_INLINED_RELATIONS.toLocaleString('en-US')} (MAX_INLINED_RELATIONS), which no engine binds in time: make a view that is read more than once a materialized view, so it is computed once`,
          flowRef(flow),
        ));
      }
      return;
    }
    // Past the limit already in a view it reads: that view's own flow is the one reported.
    if (measured.via !== undefined && (inlined.get(measured.via)?.depth ?? 0) > MAX_INLINED_DEPTH) return;
    const chain = chainFrom(measured.via, inlined);
    issues.push(issue(
      'views_too_deep',
      ['flows', i, 'query'],
      `flow "${flow.name}" reads a chain of ${chain.length} temporary views (${listed(chain)}) that engines inline into its query ${measured.depth} relations deep, more than ${MAX_INLINED_DEPTH} (MAX_INLINED_DEPTH; DuckDB refuses a query nested about 1,000 deep): make a view of the chain a materialized view, so the flows after it read stored rows`,
      flowRef(flow),
    ));
  });
  return issues;
};

/** What measuring the views found: each one's inlined depth, and the views on or after a cycle (not measured). */
interface Measured {
  readonly inlined: ReadonlyMap<string, Inlined>;
  readonly cyclic: ReadonlySet<string>;
}

/**
 * Every view's inlined depth, each measured after the views it reads (a
 * depth-first walk with its own stack: chains may be any length). A view on
 * a cycle, or reading one, has no depth: the cycle rule reports the cycle.
 */
function measureViews(views: ReadonlyMap<string, Flow>, viewReads: (flow: Flow) => readonly string[]): Measured {
  const inlined = new Map<string, Inlined>();
  const cyclic = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  for (const root of views.keys()) {
    if (state.has(root)) continue;
    const frames: { readonly name: string; readonly reads: readonly string[]; next: number }[] = [];
    const open = (name: string): void => {
      state.set(name, 'open');
      frames.push({ name, reads: viewReads(views.get(name) as Flow), next: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      const read = frame.reads[frame.next];
      if (read !== undefined) {
        frame.next += 1;
        if (!state.has(read)) open(read);
        else if (state.get(read) === 'open') {
          // Back to a view still open: every view on the path from it to here is on the cycle.
          for (let k = frames.length - 1; k >= 0; k -= 1) {
            const on = (frames[k] as (typeof frames)[number]).name;
            cyclic.add(on);
            if (on === read) break;
          }
        }
        continue;
      }
      frames.pop();
      state.set(frame.name, 'done');
      if (frame.reads.some((r) => cyclic.has(r))) cyclic.add(frame.name);
      if (!cyclic.has(frame.name)) inlined.set(frame.name, depthOf((views.get(frame.name) as Flow).query, (r) => inlined.get(r)));
    }
  }
  return { inlined, cyclic };
}

/**
 * Relation depth of a plan (bounded by MAX_PLAN_DEPTH, checked before any
 * rule), a read of a measured view counting as the view above its plan, and
 * a union as two levels (its inputs are subqueries: a chain of views each a
 * union binds on DuckDB up to 332 long, against 499 for projections).
 */
function depthOf(node: RelationNode, view: (name: string) => Inlined | undefined): Inlined {
  if (node.kind === 'read') {
    const measured = view(node.dataset);
    return measured === undefined ? { depth: 1, size: 1 } : { depth: 1 + measured.depth, size: 1 + measured.size, via: node.dataset };
  }
  let deepest: Inlined = { depth: 0, size: 0 };
  let size = 1;
  for (const child of childRelations(node)) {
    const measured = depthOf(child, view);
    size += measured.size;
    if (measured.depth > deepest.depth) deepest = measured;
  }
  const levels = node.kind === 'union' ? 2 : 1;
  return deepest.via === undefined ? { depth: levels + deepest.depth, size } : { depth: levels + deepest.depth, size, via: deepest.via };
}

/** The views of the deepest path, from the one read first down to the last. */
function chainFrom(first: string | undefined, inlined: ReadonlyMap<string, Inlined>): string[] {
  const chain: string[] = [];
  const seen = new Set<string>();
  for (let name = first; name !== undefined && !seen.has(name); name = inlined.get(name)?.via) {
    seen.add(name);
    chain.push(name);
  }
  return chain;
}

function listed(chain: readonly string[]): string {
  return (chain.length <= 6 ? chain : [...chain.slice(0, 3), '…', ...chain.slice(-2)]).join(' ← ');
}
