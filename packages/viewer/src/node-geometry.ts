import type { GraphNode } from './pipeline-graph.js';

/**
 * The rows of a node card, in graph units. The server sizes the boxes ELK
 * lays out with these and sends them to the page, which draws the card's
 * rows at the same offsets: one source of truth for both.
 */
export interface NodeGeometry {
  /** The narrowest a card gets, however short its names: room for 13-digit counts in short form beside a duration. */
  readonly minWidth: number;
  /** The widest a card gets: the page cuts names that would not fit. */
  readonly maxWidth: number;
  /** Name and dataset type. */
  readonly header: number;
  /** One row per flow writing the dataset. */
  readonly flowRow: number;
  /** Rows written / read and duration. */
  readonly statsRow: number;
  /** The expectation pass-rate bar and its counts. */
  readonly checksRow: number;
  /** Space left below the last row, at the card's foot. */
  readonly padding: number;
  /** Average glyph width of the dataset name (bold 13 px), for sizing the card (the page measures the text it draws, and cuts what does not fit). */
  readonly nameCharWidth: number;
  /** Average glyph width of a flow name (11 px), for the same use. */
  readonly flowCharWidth: number;
  /** Room a card keeps beside the dataset name, for the type tag. */
  readonly nameReserve: number;
  /** Room a card keeps beside a flow's name, for its duration. */
  readonly flowReserve: number;
}

/** The geometry the server lays cards out with; `/api/graph` sends it to the page, which draws them with it. */
export const NODE_GEOMETRY: NodeGeometry = {
  minWidth: 240,
  maxWidth: 340,
  header: 30,
  flowRow: 18,
  statsRow: 20,
  checksRow: 28,
  padding: 6,
  nameCharWidth: 7.6,
  flowCharWidth: 6.4,
  nameReserve: 130,
  flowReserve: 96,
};

/**
 * The box of a dataset's card: wide enough for its longest name (dataset or
 * flow) and the room kept beside it, within `minWidth`..`maxWidth` and
 * rounded; tall enough for the header, one flow row per flow (one even when
 * no flow writes it), the stats and checks rows and the padding.
 */
export function nodeSize(node: GraphNode, g: NodeGeometry = NODE_GEOMETRY): {
  /** The card's width, in graph units. */
  readonly width: number;
  /** The card's height, in graph units. */
  readonly height: number;
} {
  const wanted = Math.max(
    g.nameReserve + node.name.length * g.nameCharWidth,
    ...node.flows.map((f) => g.flowReserve + f.name.length * g.flowCharWidth),
  );
  const width = Math.round(Math.min(g.maxWidth, Math.max(g.minWidth, wanted)));
  const height = g.header + Math.max(1, node.flows.length) * g.flowRow + g.statsRow + g.checksRow + g.padding;
  return { width, height };
}
