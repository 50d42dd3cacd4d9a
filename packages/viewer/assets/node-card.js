// One dataset's card: name and kind, a row per flow writing it (each a node of
// its own, with its status and duration), rows written/read, the card's
// duration and its expectations' pass-rate bar. Offsets come from the
// server's node geometry, which also sized the box ELK laid out. Texts that
// share a line are measured and fitted (text-fit.js), so none runs over
// another or out of the card; what is shortened is whole in a tooltip.
import { svg } from './dom.js';
import { compact, count, duration, words } from './format.js';
import { GAP, fitText, textWidth } from './text-fit.js';

const INSET = 14;
/** Where texts anchored at the card's right end. */
const RIGHT = 10;
const RATE_WIDTH = 44;

/** Draws the card; `onSelect(item)` is called with the clicked dataset or flow. Returns updaters by node id. */
export function drawCard(parent, node, box, geometry, onSelect) {
  const { width, height } = box;
  const card = svg('g', { class: 'node dataset', 'data-id': node.id, 'data-status': 'queued', transform: `translate(${box.x},${box.y})` }, parent);
  svg('title', {}, card, `dataset ${node.name} (${node.label})`);
  svg('rect', { class: 'card', width, height, rx: 6 }, card);
  svg('path', { class: 'strip', d: `M 6 0 A 6 6 0 0 0 0 6 V ${height - 6} A 6 6 0 0 0 6 ${height} Z` }, card);
  const type = svg('text', { class: 'type', x: width - RIGHT, y: 20, 'text-anchor': 'end' }, card, node.label);
  fitText(svg('text', { class: 'name', x: INSET, y: 20 }, card), width - RIGHT - INSET - textWidth(type) - GAP, [node.name]);
  drawFarName(card, node.name, width, height);
  svg('line', { class: 'rule', x1: 1, x2: width - 1, y1: geometry.header - 4, y2: geometry.header - 4 }, card);
  card.addEventListener('click', () => onSelect(node));

  const updaters = new Map();
  // One writer: its duration is the card's, shown once below; several: each row shows its own.
  const rowDurations = node.flows.length > 1;
  for (const [i, flow] of node.flows.entries()) {
    updaters.set(flow.id, drawFlowRow(card, flow, geometry.header + i * geometry.flowRow, { width, rowHeight: geometry.flowRow, rowDurations }, onSelect));
  }
  if (node.flows.length === 0) svg('text', { class: 'muted', x: INSET, y: geometry.header + 13 }, card, 'no flow writes it');

  const statsY = geometry.header + Math.max(1, node.flows.length) * geometry.flowRow + 15;
  const stats = drawStats(card, statsY, width);
  const declared = node.flows.reduce((n, f) => n + f.expectations, 0);
  const checks = drawChecks(card, statsY + geometry.statsRow - 4, width, declared);
  updaters.set(node.id, (view) => {
    card.setAttribute('data-status', view.status);
    stats(view);
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

function drawFlowRow(card, flow, y, { width, rowHeight, rowDurations }, onSelect) {
  const row = svg('g', { class: 'node flow', 'data-id': flow.id, 'data-status': 'queued', transform: `translate(0,${y})` }, card);
  svg('title', {}, row, `flow ${flow.name} (${words(flow.kind)})${flow.reads.length === 0 ? '' : ` reads ${flow.reads.join(', ')}`}`);
  svg('rect', { class: 'hit', x: 4, width: width - 8, height: rowHeight, rx: 3 }, row);
  svg('circle', { class: 'dot', cx: INSET + 3, cy: rowHeight / 2, r: 4 }, row);
  const name = svg('text', { class: 'flow-name', x: INSET + 12, y: rowHeight / 2 + 4 }, row);
  const time = svg('text', { class: 'flow-duration', x: width - RIGHT, y: rowHeight / 2 + 4, 'text-anchor': 'end' }, row);
  // The name gets what the text at the row's end leaves; refitted only when that text changes.
  let shown = null;
  const show = (text) => {
    if (text === shown) return;
    shown = text;
    time.textContent = text;
    fitText(name, width - RIGHT - (INSET + 12) - (text === '' ? 0 : textWidth(time) + GAP), [flow.name]);
  };
  show(flow.kind === 'batch' || rowDurations ? '' : words(flow.kind));
  row.addEventListener('click', (event) => {
    event.stopPropagation();
    onSelect(flow);
  });
  return (view) => {
    row.setAttribute('data-status', view.status);
    if (view.status === 'running' || view.status === 'planning') show(`${view.status}…`);
    else if (rowDurations) show(duration(view.durationMs));
    else show(flow.kind === 'batch' ? '' : words(flow.kind));
  };
}

/**
 * Rows written and read, and the duration at the line's end: `8 rows written
 * · 10 read` (the read count only where a backend reported one), shortened
 * step by step where the card is too narrow. Returns its updater.
 */
function drawStats(card, y, width) {
  const group = svg('g', { class: 'stats-row' }, card);
  const title = svg('title', {}, group);
  const stats = svg('text', { class: 'stats', x: INSET, y }, group);
  const total = svg('text', { class: 'stats duration', x: width - RIGHT, y, 'text-anchor': 'end', 'data-role': 'duration' }, group);
  let shown = null;
  return (view) => {
    const time = duration(view.durationMs);
    const key = `${view.rowsWritten} ${view.rowsRead} ${time}`;
    if (key === shown) return;
    shown = key;
    total.textContent = time;
    const written = count(view.rowsWritten);
    const read = count(view.rowsRead);
    const noun = view.rowsWritten === 1 ? ' row written' : ' rows written';
    title.textContent = [`${written}${noun}`, ...(view.rowsRead > 0 ? [`${read} read`] : []), ...(time === '' ? [] : [time])].join(' · ');
    const line = (w, r, verb) => (text) => {
      figure(text, 'rows-written', w);
      svg('tspan', {}, text, verb);
      if (view.rowsRead > 0) {
        svg('tspan', {}, text, ' · ');
        figure(text, 'rows-read', r);
        svg('tspan', {}, text, ' read');
      }
    };
    const short = compact(view.rowsWritten);
    const shortRead = compact(view.rowsRead);
    const room = width - RIGHT - INSET - (time === '' ? 0 : textWidth(total) + GAP);
    fitText(stats, room, [line(written, read, noun), line(written, read, ' written'), line(short, shortRead, noun), line(short, shortRead, ' written')]);
  };
}

function figure(text, role, value) {
  svg('tspan', { class: 'figure', 'data-role': role }, text, value);
}

/** The pass-rate bar and its counts: the counts on the line above the bar, the rate at its end. Returns its updater. */
function drawChecks(card, y, width, declared) {
  const group = svg('g', { class: 'checks', 'data-state': 'none', transform: `translate(${INSET},${y})` }, card);
  const title = svg('title', {}, group);
  const barWidth = width - 2 * INSET - RATE_WIDTH;
  const label = svg('text', { class: 'checks-label', y: 0 }, group);
  const rate = svg('text', { class: 'checks-rate', x: width - 2 * INSET, y: 11, 'text-anchor': 'end' }, group);
  svg('rect', { class: 'bar-bg', y: 5, width: barWidth, height: 6, rx: 3 }, group);
  const passed = svg('rect', { class: 'bar-passed', y: 5, width: 0, height: 6, rx: 3 }, group);
  const failed = svg('rect', { class: 'bar-failed', y: 5, width: 0, height: 6, rx: 3 }, group);
  let shown = null;
  return (checks) => {
    const total = checks.passed + checks.failed;
    const key = `${checks.passed} ${checks.failed}`;
    if (key === shown) return;
    shown = key;
    group.setAttribute('data-state', total === 0 ? 'none' : checks.failed === 0 ? 'passed' : 'failed');
    if (total === 0) {
      const what = `${declared} expectation${declared === 1 ? '' : 's'}`;
      const forms = declared === 0 ? ['no expectations'] : [`${what}, no rows checked yet`, `${what}, none checked yet`, what];
      rate.textContent = '';
      // Without counts there is no bar: the label has the whole line.
      fitText(label, width - 2 * INSET, forms);
      title.textContent = forms[0];
      return;
    }
    const share = checks.passed / total;
    rate.textContent = `${Math.floor(share * 1000) / 10}%`;
    title.textContent = `${count(checks.passed)} row checks passed · ${count(checks.failed)} failed (${rate.textContent})`;
    const line = (p, f, noun) => (text) => {
      figure(text, 'checks-passed', p);
      svg('tspan', {}, text, `${noun} passed · `);
      figure(text, 'checks-failed', f);
      svg('tspan', {}, text, ' failed');
    };
    const [p, f] = [count(checks.passed), count(checks.failed)];
    // The label ends where the bar does, clear of the rate beside the bar.
    fitText(label, barWidth, [line(p, f, ' row checks'), line(p, f, ' checks'), line(p, f, ''), line(compact(checks.passed), compact(checks.failed), '')]);
    passed.setAttribute('width', String(barWidth * share));
    failed.setAttribute('x', String(barWidth * share));
    failed.setAttribute('width', String(barWidth * (1 - share)));
  };
}
