// One dataset's card: name and type, a row per flow writing it (each a node of
// its own, with its status and duration), rows written/read, the card's
// duration and its expectations' pass-rate bar. Offsets come from the
// server's node geometry, which also sized the box ELK laid out.
import { svg } from './dom.js';
import { count, cut, duration, words } from './format.js';

const INSET = 14;
const RATE_WIDTH = 44;

/** Draws the card; `onSelect(item)` is called with the clicked dataset or flow. Returns updaters by node id. */
export function drawCard(parent, node, box, geometry, onSelect) {
  const { width, height } = box;
  const card = svg('g', { class: 'node dataset', 'data-id': node.id, 'data-status': 'queued', transform: `translate(${box.x},${box.y})` }, parent);
  svg('title', {}, card, `dataset ${node.name} (${node.label})`);
  svg('rect', { class: 'card', width, height, rx: 6 }, card);
  svg('path', { class: 'strip', d: `M 6 0 A 6 6 0 0 0 0 6 V ${height - 6} A 6 6 0 0 0 6 ${height} Z` }, card);
  const nameChars = Math.floor((width - geometry.nameReserve) / geometry.nameCharWidth);
  svg('text', { class: 'name', x: INSET, y: 20 }, card, cut(node.name, Math.max(nameChars, 12)));
  svg('text', { class: 'type', x: width - 10, y: 20, 'text-anchor': 'end' }, card, node.label);
  drawFarName(card, node.name, width, height);
  svg('line', { class: 'rule', x1: 1, x2: width - 1, y1: geometry.header - 4, y2: geometry.header - 4 }, card);
  card.addEventListener('click', () => onSelect(node));

  const updaters = new Map();
  const flowChars = Math.floor((width - geometry.flowReserve) / geometry.flowCharWidth);
  // One writer: its duration is the card's, shown once below; several: each row shows its own.
  const rowDurations = node.flows.length > 1;
  for (const [i, flow] of node.flows.entries()) {
    updaters.set(flow.id, drawFlowRow(card, flow, geometry.header + i * geometry.flowRow, { width, rowHeight: geometry.flowRow, maxChars: flowChars, rowDurations }, onSelect));
  }
  if (node.flows.length === 0) svg('text', { class: 'muted', x: INSET, y: geometry.header + 13 }, card, 'no flow writes it');

  const statsY = geometry.header + Math.max(1, node.flows.length) * geometry.flowRow + 15;
  const stats = svg('text', { class: 'stats', x: INSET, y: statsY }, card);
  const total = svg('text', { class: 'stats duration', x: width - 10, y: statsY, 'text-anchor': 'end', 'data-role': 'duration' }, card);
  const declared = node.flows.reduce((n, f) => n + f.expectations, 0);
  const checks = drawChecks(card, statsY + geometry.statsRow - 4, width, declared);
  updaters.set(node.id, (view) => {
    card.setAttribute('data-status', view.status);
    showRows(stats, view);
    total.textContent = duration(view.durationMs);
    checks(view.checks);
  });
  return updaters;
}

/** The name as shown zoomed far out: large, centred, squeezed to the card's width when longer. */
function drawFarName(card, name, width, height) {
  const text = svg('text', { class: 'far-name', x: width / 2, y: height / 2 + 14, 'text-anchor': 'middle' }, card, name);
  // About 0.6 em a glyph at 40 px: squeeze only what would not fit.
  if (name.length * 24 > width - 16) {
    text.setAttribute('textLength', String(width - 16));
    text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
}

function drawFlowRow(card, flow, y, { width, rowHeight, maxChars, rowDurations }, onSelect) {
  const row = svg('g', { class: 'node flow', 'data-id': flow.id, 'data-status': 'queued', transform: `translate(0,${y})` }, card);
  svg('title', {}, row, `flow ${flow.name} (${words(flow.kind)})${flow.reads.length === 0 ? '' : ` reads ${flow.reads.join(', ')}`}`);
  svg('rect', { class: 'hit', x: 4, width: width - 8, height: rowHeight, rx: 3 }, row);
  svg('circle', { class: 'dot', cx: INSET + 3, cy: rowHeight / 2, r: 4 }, row);
  svg('text', { class: 'flow-name', x: INSET + 12, y: rowHeight / 2 + 4 }, row, cut(flow.name, Math.max(maxChars, 10)));
  const time = svg('text', { class: 'flow-duration', x: width - 10, y: rowHeight / 2 + 4, 'text-anchor': 'end' }, row);
  row.addEventListener('click', (event) => {
    event.stopPropagation();
    onSelect(flow);
  });
  return (view) => {
    row.setAttribute('data-status', view.status);
    if (view.status === 'running' || view.status === 'planning') time.textContent = `${view.status}…`;
    else if (rowDurations) time.textContent = duration(view.durationMs);
    else time.textContent = flow.kind === 'batch' ? '' : words(flow.kind);
  };
}

/** `8 rows written · 10 read`; the read count only where a backend reported one. */
function showRows(text, view) {
  text.replaceChildren();
  svg('tspan', { class: 'figure', 'data-role': 'rows-written' }, text, count(view.rowsWritten));
  svg('tspan', {}, text, view.rowsWritten === 1 ? ' row written' : ' rows written');
  if (view.rowsRead > 0) {
    svg('tspan', {}, text, ' · ');
    svg('tspan', { class: 'figure', 'data-role': 'rows-read' }, text, count(view.rowsRead));
    svg('tspan', {}, text, ' read');
  }
}

/** The pass-rate bar and its counts; returns its updater. */
function drawChecks(card, y, width, declared) {
  const group = svg('g', { class: 'checks', 'data-state': 'none', transform: `translate(${INSET},${y})` }, card);
  // The counts take the row above the bar; the pass rate sits at the bar's end.
  const barWidth = width - 2 * INSET - RATE_WIDTH;
  const label = svg('text', { class: 'checks-label', y: 0 }, group);
  const rate = svg('text', { class: 'checks-rate', x: width - 2 * INSET, y: 11, 'text-anchor': 'end' }, group);
  svg('rect', { class: 'bar-bg', y: 5, width: barWidth, height: 6, rx: 3 }, group);
  const passed = svg('rect', { class: 'bar-passed', y: 5, width: 0, height: 6, rx: 3 }, group);
  const failed = svg('rect', { class: 'bar-failed', y: 5, width: 0, height: 6, rx: 3 }, group);
  return (checks) => {
    const total = checks.passed + checks.failed;
    group.setAttribute('data-state', total === 0 ? 'none' : checks.failed === 0 ? 'passed' : 'failed');
    label.replaceChildren();
    if (total === 0) {
      label.textContent = declared === 0 ? 'no expectations' : `${declared} expectation${declared === 1 ? '' : 's'}, no rows checked yet`;
      rate.textContent = '';
      return;
    }
    svg('tspan', { class: 'figure', 'data-role': 'checks-passed' }, label, count(checks.passed));
    svg('tspan', {}, label, ' passed · ');
    svg('tspan', { class: 'figure', 'data-role': 'checks-failed' }, label, count(checks.failed));
    svg('tspan', {}, label, ' failed');
    const share = checks.passed / total;
    rate.textContent = `${Math.floor(share * 1000) / 10}%`;
    passed.setAttribute('width', String(barWidth * share));
    failed.setAttribute('x', String(barWidth * share));
    failed.setAttribute('width', String(barWidth * (1 - share)));
  };
}
