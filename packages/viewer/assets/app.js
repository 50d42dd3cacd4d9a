// The viewer page: draws the laid-out graph, colours it from server-sent
// updates, and shows the run's timeline, its events and the selected node's
// details. All state comes from the server (the @thund/events fold); the page
// only renders it.
import { createEventList } from './event-list.js';
import { drawGraph } from './graph-view.js';
import { showLogWarning } from './log-warning.js';
import { showPanel } from './panel.js';
import { createTimeline } from './timeline.js';
import { setupZoom } from './zoom.js';

const byId = (id) => document.getElementById(id);

// Exposed for tests and for measuring update latency.
window.__thund = { updatesApplied: 0, latenciesMs: [], snapshot: false, finished: false, fitted: false };

async function main() {
  const graph = await (await fetch('/api/graph')).json();
  byId('pipeline').textContent = `pipeline ${graph.pipeline}`;
  byId('backend').textContent = graph.backend ? `backend ${graph.backend}` : '';
  const flows = graph.nodes.flatMap((n) => n.flows);
  let selected = null;
  const view = drawGraph(graph, byId('viewport'), (item) => {
    selected = item;
    view.select(item.id);
    void showPanel(item);
  });
  const zoom = setupZoom(byId('graph'), byId('viewport'), { width: graph.layout.width, height: graph.layout.height }, byId('legend'));
  zoom.fitToScreen(false);
  window.__thund.fitted = true;
  byId('fit').addEventListener('click', () => zoom.fitToScreen(true));
  byId('zoom-in').addEventListener('click', () => zoom.zoomBy(1.4));
  byId('zoom-out').addEventListener('click', () => zoom.zoomBy(1 / 1.4));

  const timeline = createTimeline(byId('timeline'), flows, byId('timeline-span'));
  const elements = [[`pipeline:${graph.pipeline}`, `pipeline ${graph.pipeline}`], ...flows.map((f) => [f.id, `flow ${f.name}`])];
  const events = createEventList(byId('events'), byId('events-level'), byId('events-element'), byId('events-count'), elements);
  const apply = (nodeView) => {
    view.update(nodeView);
    if (nodeView.id.startsWith('flow:')) timeline.flow(nodeView);
    if (selected?.id === nodeView.id) void showPanel(selected);
  };

  const stream = new EventSource('/api/stream');
  stream.addEventListener('snapshot', (message) => {
    const data = JSON.parse(message.data);
    for (const nodeView of data.nodes) apply(nodeView);
    for (const event of data.events) events.add(event);
    run(data.run, data.finished);
    showLogWarning(byId('log-warning'), data.mismatch);
    timeline.run(data.run, data.events.at(-1)?.timestamp);
    window.__thund.snapshot = true;
  });
  stream.addEventListener('update', (message) => {
    const data = JSON.parse(message.data);
    for (const nodeView of data.nodes) apply(nodeView);
    events.add(data.event);
    run(data.run, false);
    showLogWarning(byId('log-warning'), data.mismatch);
    timeline.run(data.run, data.at);
    window.__thund.updatesApplied += 1;
    window.__thund.latenciesMs.push(Date.now() - Date.parse(data.at));
  });
  stream.addEventListener('run', (message) => {
    const summary = JSON.parse(message.data);
    run(summary, true);
    timeline.run(summary);
  });
}

function run(summary, finished) {
  const target = byId('run');
  target.dataset.status = summary.phase;
  target.textContent = `run ${summary.runId ?? ''}: ${summary.phase}`;
  byId('run-counts').textContent = `${summary.events} events · ${summary.warnings} warnings · ${summary.errors} errors`;
  if (finished) window.__thund.finished = true;
}

void main();
