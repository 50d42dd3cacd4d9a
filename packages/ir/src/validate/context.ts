import { type InferredSchema, schemaResolver } from '../infer/plan-schema.js';
import type { RelationNode } from '../plan/rel/relation.js';
import type { ValidationIssue, ValidationIssueCode } from '../errors/validation-error.js';
import type { ElementRef } from '../model/element-ref.js';
import type { Dataset } from '../model/dataset.js';
import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { type PlanFacts, planFacts } from '../plan/plan-facts.js';
import { jsonPath } from '../document/json-path.js';
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
