import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { planFacts } from '../plan/plan-facts.js';
import { indexPipeline } from './pipeline-index.js';

/**
 * Flows in dependency order, grouped into stages: every flow of a stage
 * reads only datasets completed by earlier stages, so the flows of one
 * stage may run concurrently. All flows writing a dataset finish before
 * any flow reading it starts. Assumes a validated (acyclic) pipeline.
 */
export function flowStages(pipeline: Pipeline): Flow[][] {
  const { writersOf } = indexPipeline(pipeline);
  const dependsOn = new Map<Flow, Flow[]>(
    pipeline.flows.map((flow) => [flow, planFacts(flow).reads.flatMap((read) => writersOf(read)).filter((w) => w !== flow)]),
  );
  const stageOf = new Map<Flow, number>();
  const stages: Flow[][] = [];
  for (const flow of pipeline.flows) {
    const stage = stageFor(flow, dependsOn, stageOf);
    const bucket = stages[stage] ?? [];
    stages[stage] = bucket;
    bucket.push(flow);
  }
  return stages;
}

interface Frame {
  readonly flow: Flow;
  readonly dependencies: readonly Flow[];
  next: number;
  /** The latest stage among the dependencies seen so far. */
  latest: number;
}

/**
 * One more than the latest stage of any flow `start` depends on, memoised
 * in `stageOf`. A depth-first walk with an explicit stack, so a dependency
 * chain of any length cannot overflow the call stack.
 */
function stageFor(start: Flow, dependsOn: ReadonlyMap<Flow, readonly Flow[]>, stageOf: Map<Flow, number>): number {
  const known = stageOf.get(start);
  if (known !== undefined) return known;
  const visiting = new Set<Flow>();
  const frames: Frame[] = [];
  const open = (flow: Flow): void => {
    visiting.add(flow);
    frames.push({ flow, dependencies: dependsOn.get(flow) ?? [], next: 0, latest: -1 });
  };
  open(start);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const dependency = frame.dependencies[frame.next];
    if (dependency !== undefined) {
      frame.next += 1;
      const stage = stageOf.get(dependency);
      if (stage !== undefined) frame.latest = Math.max(frame.latest, stage);
      else if (visiting.has(dependency)) throw new RangeError(`flow "${dependency.name}" is part of a cycle; validate the pipeline first`);
      else open(dependency);
      continue;
    }
    frames.pop();
    visiting.delete(frame.flow);
    const stage = frame.latest + 1;
    stageOf.set(frame.flow, stage);
    const parent = frames[frames.length - 1];
    if (parent !== undefined) parent.latest = Math.max(parent.latest, stage);
  }
  return stageOf.get(start) as number;
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
