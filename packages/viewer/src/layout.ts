import elkModule from 'elkjs/lib/elk.bundled.js';
import type { ELK as ElkApi, ElkNode } from 'elkjs/lib/elk-api.js';
import type { PipelineGraph } from './pipeline-graph.js';

export interface LaidOutNode {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LaidOutEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** Polyline from source to target, bends included. */
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly LaidOutNode[];
  readonly edges: readonly LaidOutEdge[];
}

const NODE_HEIGHT = 36;
const CHAR_WIDTH = 7.5;

/** Left-to-right layered layout (ELK "layered"), computed once per pipeline on the server. */
export async function layoutGraph(graph: PipelineGraph): Promise<GraphLayout> {
  // elkjs is CommonJS: its constructor is module.exports (also exposed as `.default`).
  const Elk = (elkModule as unknown as { default: new () => ElkApi }).default;
  const elk = new Elk();
  const result: ElkNode = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '20',
      'elk.edgeRouting': 'POLYLINE',
    },
    children: graph.nodes.map((n) => ({ id: n.id, width: Math.max(90, 28 + n.name.length * CHAR_WIDTH), height: NODE_HEIGHT })),
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
