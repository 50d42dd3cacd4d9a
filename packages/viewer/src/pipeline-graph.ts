import { type Pipeline, planFacts } from '@thund/ir';

export type GraphNodeKind = 'dataset' | 'flow';

export interface GraphNode {
  /** `dataset:<name>` or `flow:<name>`: datasets and flows may share names. */
  readonly id: string;
  readonly kind: GraphNodeKind;
  readonly name: string;
  /** Dataset type or flow kind. */
  readonly type: string;
}

export interface GraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
}

export interface PipelineGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

export const datasetId = (name: string): string => `dataset:${name}`;
export const flowId = (name: string): string => `flow:${name}`;

/** Datasets and flows as a bipartite graph: dataset → flow for each read, flow → dataset for its target. */
export function pipelineGraph(pipeline: Pipeline): PipelineGraph {
  const nodes: GraphNode[] = [
    ...pipeline.datasets.map((d) => ({ id: datasetId(d.name), kind: 'dataset' as const, name: d.name, type: d.type })),
    ...pipeline.flows.map((f) => ({ id: flowId(f.name), kind: 'flow' as const, name: f.name, type: f.kind })),
  ];
  const edges: GraphEdge[] = [];
  for (const flow of pipeline.flows) {
    for (const read of planFacts(flow).reads) edges.push({ id: `${datasetId(read)}->${flowId(flow.name)}`, source: datasetId(read), target: flowId(flow.name) });
    edges.push({ id: `${flowId(flow.name)}->${datasetId(flow.target)}`, source: flowId(flow.name), target: datasetId(flow.target) });
  }
  return { nodes, edges };
}
