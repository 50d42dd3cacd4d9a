import { type InferredSchema, schemaResolver } from '../infer/plan-schema.js';
import type { RelationNode } from '../plan/rel/relation.js';
import type { ValidationIssue, ValidationIssueCode } from '../errors/validation-error.js';
import type { ElementRef } from '../model/element-ref.js';
import type { Dataset } from '../model/dataset.js';
import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { type PlanFacts, planFacts } from '../plan/plan-facts.js';
import { jsonPath } from '../document/json-path.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type PipelineIndex, indexPipeline } from '../graph/pipeline-index.js';

/** Indexes over a pipeline shared by the validation rules. */
export interface ValidationContext {
  readonly pipeline: Pipeline;
  /** First dataset of each name. */
  readonly datasets: ReadonlyMap<string, Dataset>;
  /** The pipeline's index (writers of each dataset, streaming tables). */
  readonly index: PipelineIndex;
  readonly facts: ReadonlyMap<Flow, PlanFacts>;
  /** A plan's output columns where they follow from the pipeline (`staticColumns`), each dataset's worked out once for every rule. */
  readonly columnsOf: (node: RelationNode) => readonly string[] | undefined;
  /** A plan's inferred output schema (`schemaResolver`): its columns, typed where the pipeline tells. */
  readonly schemaOf: (node: RelationNode) => InferredSchema;
}

export type Rule = (context: ValidationContext) => readonly ValidationIssue[];

export function createContext(pipeline: Pipeline): ValidationContext {
  const index = indexPipeline(pipeline);
  const facts = new Map(pipeline.flows.map((flow) => [flow, planFacts(flow)]));
  const schemaOf = schemaResolver(pipeline);
  return { pipeline, datasets: index.datasets, index, facts, columnsOf: (node) => schemaOf(node)?.map((f) => f.name), schemaOf };
}

export function issue(
  code: ValidationIssueCode,
  path: readonly PropertyKey[],
  message: string,
  element?: ElementRef,
): ValidationIssue {
  return element === undefined ? { code, path: jsonPath(path), message } : { code, path: jsonPath(path), message, element };
}

export const flowRef = (flow: Flow): ElementRef => ({ kind: 'flow', name: flow.name });
export const datasetRef = (dataset: Dataset): ElementRef => ({ kind: 'dataset', name: dataset.name });

/** Reports one issue about a flow; the message is prefixed with the flow's name. */
export type FlowReport = (code: ValidationIssueCode, path: readonly PropertyKey[], message: string) => void;

/**
 * The issues `check` finds flow by flow: it is called with each flow, its
 * index, a reporter, and a visitor of every relation of the flow's plan with
 * the relation's full JSON path.
 */
export function perFlow(
  pipeline: Pipeline,
  check: (flow: Flow, i: number, report: FlowReport, eachRelation: (visit: (node: RelationNode, path: readonly PropertyKey[]) => void) => void) => void,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const report: FlowReport = (code, path, message) => issues.push(issue(code, path, `flow "${flow.name}": ${message}`, flowRef(flow)));
    check(flow, i, report, (visit) => walkPlan(flow.query, { relation: (node, path) => visit(node, ['flows', i, 'query', ...path]) }));
  });
  return issues;
}
