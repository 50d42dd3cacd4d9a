import elkModule from 'elkjs/lib/elk.bundled.js';
import type { ELK as ElkApi, ElkNode } from 'elkjs/lib/elk-api.js';
import { nodeSize } from './node-geometry.js';
import type { PipelineGraph } from './pipeline-graph.js';

/** A dataset card as ELK placed it, in graph units. */
export interface LaidOutNode {
  /** The id of the {@link GraphNode} it places (`dataset:<name>`). */
  readonly id: string;
  /** The card's left edge, from the layout's left. */
  readonly x: number;
  /** The card's top edge, from the layout's top. */
  readonly y: number;
  /** The card's width, as {@link nodeSize} gave it. */
  readonly width: number;
  /** The card's height, as {@link nodeSize} gave it. */
  readonly height: number;
}

/** An edge as ELK routed it (orthogonally, around the cards), in graph units. */
export interface LaidOutEdge {
  /** The id of the {@link GraphEdge} it routes. */
  readonly id: string;
  /** The id of the node it leaves: the dataset read. */
  readonly source: string;
  /** The id of the node it enters: the dataset the reading flows write. */
  readonly target: string;
  /** Polyline from source to target, bends included. */
  readonly points: readonly {
    /** Distance from the layout's left. */
    readonly x: number;
    /** Distance from the layout's top. */
    readonly y: number;
  }[];
}

/** The laid-out graph, as {@link layoutGraph} computes it and `/api/graph` sends it to the page. */
export interface GraphLayout {
  /** The whole layout's width, in graph units. */
  readonly width: number;
  /** The whole layout's height, in graph units. */
  readonly height: number;
  /** Every dataset card, placed. */
  readonly nodes: readonly LaidOutNode[];
  /** Every edge, routed; one ELK returned without a route has no points (the page skips it). */
  readonly edges: readonly LaidOutEdge[];
}

/** Left-to-right layered layout (ELK "layered") of the dataset cards, computed once per pipeline on the server. */
export async function layoutGraph(graph: PipelineGraph): Promise<GraphLayout> {
  // elkjs is CommonJS: its constructor is module.exports (also exposed as `.default`).
  const Elk = (elkModule as unknown as { default: new () => ElkApi }).default;
  const elk = new Elk();
  const result: ElkNode = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeNode': '16',
      'elk.edgeRouting': 'ORTHOGONAL',
      // Keep the pipeline's own order of datasets where the layering allows: the page reads like the file.
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      // Unconnected parts are packed in rows towards the shape of a landscape screen.
      'elk.aspectRatio': '2.4',
    },
    children: graph.nodes.map((n) => ({ id: n.id, ...nodeSize(n) })),
    edges: graph.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  });
  const nodes = (result.children ?? []).map((c) => ({ id: c.id, x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 }));
  const edges = (result.edges ?? []).map((e) => {
    const section = e.sections?.[0];
    const points = section === undefined ? [] : [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
    return { id: e.id, source: e.sources[0] ?? '', target: e.targets[0] ?? '', points };
  });
  return { width: result.width ?? 0, height: result.height ?? 0, nodes, edges };
}
