import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { planFacts } from '../plan/plan-facts.js';

/**
 * Flows in dependency order, grouped into stages: every flow of a stage
 * reads only datasets completed by earlier stages, so the flows of one
 * stage may run concurrently. All flows writing a dataset finish before
 * any flow reading it starts. Assumes a validated (acyclic) pipeline.
 */
export function flowStages(pipeline: Pipeline): Flow[][] {
  const writers = new Map<string, Flow[]>();
  for (const flow of pipeline.flows) writers.set(flow.target, [...(writers.get(flow.target) ?? []), flow]);
  const dependsOn = new Map<Flow, Flow[]>(
    pipeline.flows.map((flow) => [flow, planFacts(flow).reads.flatMap((read) => writers.get(read) ?? []).filter((w) => w !== flow)]),
  );
  const stageOf = new Map<Flow, number>();
  const visiting = new Set<Flow>();
  const stage = (flow: Flow): number => {
    const known = stageOf.get(flow);
    if (known !== undefined) return known;
    if (visiting.has(flow)) throw new RangeError(`flow "${flow.name}" is part of a cycle; validate the pipeline first`);
    visiting.add(flow);
    const value = Math.max(-1, ...(dependsOn.get(flow) ?? []).map(stage)) + 1;
    visiting.delete(flow);
    stageOf.set(flow, value);
    return value;
  };
  const stages: Flow[][] = [];
  for (const flow of pipeline.flows) (stages[stage(flow)] ??= []).push(flow);
  return stages;
}

/** Every flow that depends, directly or not, on `failed`, in dependency order. */
export function downstreamFlows(pipeline: Pipeline, failed: Flow): Flow[] {
  const affected = new Set<string>([failed.target]);
  const result: Flow[] = [];
  for (const current of flowStages(pipeline).flat()) {
    if (current === failed) continue;
    if (planFacts(current).reads.some((read) => affected.has(read))) {
      result.push(current);
      affected.add(current.target);
    }
  }
  return result;
}
