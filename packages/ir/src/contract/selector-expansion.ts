import type { Pipeline } from '../model/pipeline.js';
import { planFacts } from '../plan/plan-facts.js';

/** One selector of a run's selection: a dataset name, with dbt's graph operators stripped. */
export interface Selector {
  /** The dataset named. */
  readonly name: string;
  /** `+name`: the datasets it reads, directly or not, are selected too. */
  readonly upstream: boolean;
  /** `name+`: the datasets that read it, directly or not, are selected too. */
  readonly downstream: boolean;
}

/** `+orders` → orders and upstream; `orders+` → orders and downstream; `+orders+` both. */
export function parseSelector(token: string): Selector {
  const upstream = token.startsWith('+');
  const downstream = token.length > 1 && token.endsWith('+');
  return { name: token.slice(upstream ? 1 : 0, downstream ? -1 : undefined), upstream, downstream };
}

/**
 * The datasets a selector selects: its own, and with its operators every
 * dataset above or below it in the graph that some flow writes and that
 * holds data between runs (temporary views are walked through, not
 * selected: their flows run when a selected flow reads them).
 */
export function expandSelector(pipeline: Pipeline, selector: Selector): string[] {
  const views = new Set(pipeline.datasets.filter((d) => d.type === 'temporary_view').map((d) => d.name));
  const written = new Set(pipeline.flows.map((f) => f.target));
  const reads = new Map<string, Set<string>>();
  for (const flow of pipeline.flows) {
    const of = reads.get(flow.target) ?? new Set<string>();
    for (const read of planFacts(flow).reads) of.add(read);
    reads.set(flow.target, of);
  }
  const neighbours = (dataset: string, up: boolean): string[] =>
    up ? [...(reads.get(dataset) ?? [])] : [...reads].filter(([, from]) => from.has(dataset)).map(([target]) => target);
  const selected = new Set([selector.name]);
  for (const [wanted, up] of [[selector.upstream, true], [selector.downstream, false]] as const) {
    if (!wanted) continue;
    const seen = new Set([selector.name]);
    const pending = [selector.name];
    for (let dataset = pending.pop(); dataset !== undefined; dataset = pending.pop()) {
      for (const next of neighbours(dataset, up)) {
        if (seen.has(next)) continue;
        seen.add(next);
        pending.push(next);
        if (written.has(next) && !views.has(next)) selected.add(next);
      }
    }
  }
  return [...selected];
}
