// The viewer page: draws the laid-out graph, colours nodes from server-sent
// updates, and shows the selected node's details. All state comes from the
// server (the @thund/events fold); the page only renders it.
const SVG = 'http://www.w3.org/2000/svg';
const views = new Map();
const elements = new Map();
let selected = null;

// Exposed for tests and for measuring update latency.
window.__thund = { updatesApplied: 0, latenciesMs: [], snapshot: false, finished: false };

function el(name, attributes = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  parent?.appendChild(node);
  return node;
}

async function main() {
  const graph = await (await fetch('/api/graph')).json();
  document.getElementById('pipeline').textContent = `pipeline ${graph.pipeline}`;
  document.getElementById('backend').textContent = graph.backend ? `backend ${graph.backend}` : '';
  draw(graph);
  const stream = new EventSource('/api/stream');
  stream.addEventListener('snapshot', (message) => {
    const data = JSON.parse(message.data);
    for (const view of data.nodes) apply(view);
    run(data.run, data.finished);
    window.__thund.snapshot = true;
  });
  stream.addEventListener('update', (message) => {
    const data = JSON.parse(message.data);
    for (const view of data.nodes) apply(view);
    window.__thund.updatesApplied += 1;
    window.__thund.latenciesMs.push(Date.now() - Date.parse(data.at));
  });
  stream.addEventListener('run', (message) => run(JSON.parse(message.data)));
}

function draw(graph) {
  const svg = document.getElementById('graph');
  svg.setAttribute('width', graph.layout.width + 20);
  svg.setAttribute('height', graph.layout.height + 20);
  const defs = el('defs', {}, svg);
  const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#9aa4b2' }, marker);
  for (const edge of graph.layout.edges) {
    el('polyline', { class: 'edge', points: edge.points.map((p) => `${p.x},${p.y}`).join(' ') }, svg);
  }
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const box of graph.layout.nodes) {
    const node = byId.get(box.id);
    const g = el('g', { class: `node ${node.kind}`, 'data-id': node.id, 'data-status': 'queued', transform: `translate(${box.x},${box.y})` }, svg);
    el('rect', { width: box.width, height: box.height }, g);
    const label = el('text', { x: 12, y: box.height / 2 + 4 }, g);
    label.textContent = node.name;
    const title = el('title', {}, g);
    title.textContent = `${node.kind} ${node.name} (${node.type})`;
    g.addEventListener('click', () => select(node));
    elements.set(node.id, g);
  }
}

function apply(view) {
  views.set(view.id, view);
  elements.get(view.id)?.setAttribute('data-status', view.status);
  if (selected?.id === view.id) void showPanel(selected);
}

function run(summary, finished) {
  const target = document.getElementById('run');
  target.dataset.status = summary.phase;
  target.textContent = `run ${summary.runId ?? ''}: ${summary.phase}`;
  if (finished) window.__thund.finished = true;
}

function select(node) {
  for (const g of elements.values()) g.classList.remove('selected');
  elements.get(node.id)?.classList.add('selected');
  selected = node;
  void showPanel(node);
}

async function showPanel(node) {
  const details = await (await fetch(`/api/node?id=${encodeURIComponent(node.id)}`)).json();
  const view = details.view;
  const panel = document.getElementById('panel');
  panel.hidden = false;
  panel.dataset.id = node.id;
  document.getElementById('panel-title').textContent = node.name;
  document.getElementById('panel-kind').textContent = `${node.kind} · ${node.type}`;
  document.getElementById('panel-status').textContent = view.status;
  document.getElementById('panel-rows-read').textContent = String(view.rowsRead);
  document.getElementById('panel-rows-written').textContent = String(view.rowsWritten);
  document.getElementById('panel-duration').textContent = view.durationMs === undefined ? '—' : `${Math.round(view.durationMs)} ms`;
  const error = document.getElementById('panel-error');
  error.hidden = view.error === undefined;
  error.textContent = view.error ?? '';
  const body = document.querySelector('#panel-expectations tbody');
  body.replaceChildren(...view.expectations.map((e) => {
    const row = document.createElement('tr');
    for (const value of [e.name, e.action, e.passed, e.failed]) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.appendChild(cell);
    }
    return row;
  }));
  const schemaBody = document.querySelector('#panel-schema tbody');
  schemaBody.replaceChildren(...(details.schema ?? []).map((column) => {
    const row = document.createElement('tr');
    for (const value of [column.name, column.type]) {
      const cell = document.createElement('td');
      cell.textContent = value;
      row.append(cell);
    }
    return row;
  }));
  document.getElementById('panel-schema-unknown').hidden = details.schema !== null;
  document.getElementById('panel-lowered').textContent = details.lowered.map((l) => `-- ${l.language}\n${l.text}`).join('\n\n') || '—';
  document.getElementById('panel-events').replaceChildren(...details.events.map((e) => {
    const item = document.createElement('li');
    item.textContent = `${e.timestamp.slice(11, 23)} ${e.status ?? e.level}: ${e.message}`;
    return item;
  }));
}

void main();
