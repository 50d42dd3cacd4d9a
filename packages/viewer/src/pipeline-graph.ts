import { type Pipeline, planFacts } from '@thund/ir';
import { datasetLabel } from './dataset-label.js';

/** A flow, drawn inside the node of the dataset it writes. */
export interface GraphFlow {
  /** `flow:<name>`: a flow may share its name with a dataset. */
  readonly id: string;
  /** The flow's name, as the pipeline declares it. */
  readonly name: string;
  /** `batch`, `streaming`, `append_once` or `cdc`. */
  readonly kind: string;
  /** The datasets its query reads. */
  readonly reads: readonly string[];
  /** How many expectations it declares. */
  readonly expectations: number;
}

/** One node per dataset, holding the flows that write it. */
export interface GraphNode {
  /** `dataset:<name>`. */
  readonly id: string;
  /** The dataset's name, as the pipeline declares it. */
  readonly name: string;
  /** The dataset type: `table`, `materialized_view`, `temporary_view`, `sink`. */
  readonly type: string;
  /** What the card calls it: `streaming table`, `table`, `materialized view`, `temporary view` or `sink` (see {@link datasetLabel}). */
  readonly label: string;
  /** The flows whose target it is, in pipeline order; empty for a dataset no flow writes. */
  readonly flows: readonly GraphFlow[];
}

/** A dataset read by a flow of another: `flows` are the flows of `target` that read `source`. */
export interface GraphEdge {
  /** `<source>-><target>`, e.g. `dataset:orders->dataset:daily_totals`. */
  readonly id: string;
  /** The id of the dataset read. */
  readonly source: string;
  /** The id of the dataset the reading flows write. */
  readonly target: string;
  /** Names of the flows of `target` that read `source`: one edge however many do. */
  readonly flows: readonly string[];
}

/** The pipeline as {@link pipelineGraph} draws it: datasets as nodes, the reads between them as edges. */
export interface PipelineGraph {
  /** One per declared dataset, in the pipeline's order. */
  readonly nodes: readonly GraphNode[];
  /** One per dataset read by a flow writing another; none for a flow reading its own target or an undeclared name. */
  readonly edges: readonly GraphEdge[];
}

/** The id of a dataset's node: `dataset:<name>`. */
export const datasetId = (name: string): string => `dataset:${name}`;
/** The id of a flow: `flow:<name>` (prefixed, as a flow may share its name with a dataset). */
export const flowId = (name: string): string => `flow:${name}`;

/**
 * The pipeline as a graph of datasets: an edge from each dataset a flow
 * reads to the dataset the flow writes. Flows are not nodes of their own
 * (a flow and its target usually share a name, and drawing both doubled the
 * graph's width): each node lists the flows writing it.
 */
export function pipelineGraph(pipeline: Pipeline): PipelineGraph {
  const declared = new Set(pipeline.datasets.map((d) => d.name));
  const nodes: GraphNode[] = pipeline.datasets.map((d) => ({
    id: datasetId(d.name),
    name: d.name,
    type: d.type,
    label: datasetLabel(pipeline, d),
    flows: pipeline.flows.filter((f) => f.target === d.name).map((f) => ({ id: flowId(f.name), name: f.name, kind: f.kind, reads: planFacts(f).reads, expectations: f.expectations?.length ?? 0 })),
  }));
  const edges = new Map<string, { source: string; target: string; flows: string[] }>();
  for (const node of nodes) {
    for (const flow of node.flows) {
      // A flow reading its own target (a merge) or an undeclared name draws no edge.
      for (const read of flow.reads.filter((r) => r !== node.name && declared.has(r))) {
        const id = `${datasetId(read)}->${node.id}`;
        const edge = edges.get(id);
        if (edge === undefined) edges.set(id, { source: datasetId(read), target: node.id, flows: [flow.name] });
        else edge.flows.push(flow.name);
      }
    }
  }
  return { nodes, edges: [...edges].map(([id, e]) => ({ id, ...e })) };
}
