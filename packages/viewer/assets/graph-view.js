// The laid-out graph: dataset cards and the edges between them, drawn once;
// node views from the server then update the cards in place.
import { svg } from './dom.js';
import { drawCard } from './node-card.js';

export function drawGraph(graph, viewport, onSelect) {
  const defs = svg('defs', {}, viewport.ownerSVGElement);
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' }, defs);
  svg('path', { class: 'arrow-head', d: 'M 0 1 L 9 5 L 0 9 z' }, marker);
  const edges = svg('g', { class: 'edges' }, viewport);
  const byId = new Map(graph.edges.map((e) => [e.id, e]));
  for (const edge of graph.layout.edges) {
    if (edge.points.length < 2) continue;
    const path = svg('path', { class: 'edge', 'data-id': edge.id, d: `M ${edge.points.map((p) => `${p.x} ${p.y}`).join(' L ')}`, 'marker-end': 'url(#arrow)' }, edges);
    const flows = byId.get(edge.id)?.flows ?? [];
    svg('title', {}, path, `${edge.source.slice(8)} → ${edge.target.slice(8)}${flows.length === 0 ? '' : ` (read by ${flows.join(', ')})`}`);
  }
  const cards = svg('g', { class: 'cards' }, viewport);
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const updaters = new Map();
  const elements = new Map();
  for (const box of graph.layout.nodes) {
    const node = nodes.get(box.id);
    if (node === undefined) continue;
    for (const [id, update] of drawCard(cards, node, box, graph.geometry, onSelect)) updaters.set(id, update);
  }
  for (const g of viewport.querySelectorAll('g.node')) elements.set(g.getAttribute('data-id'), g);
  return {
    update(view) {
      updaters.get(view.id)?.(view);
    },
    select(id) {
      for (const g of elements.values()) g.classList.toggle('selected', g.getAttribute('data-id') === id);
    },
  };
}
