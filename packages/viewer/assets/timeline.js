// The run timeline: one bar per flow from when it left `queued` to when it
// ended (or to the latest event, while it runs), coloured by status.
import { svg, throttled } from './dom.js';
import { cut, duration } from './format.js';

const LABEL_WIDTH = 170;
const ROW = 18;
const AXIS = 22;
const RIGHT = 64;

export function createTimeline(element, flows, spanLabel) {
  const views = new Map();
  let run = { startedAt: null, endedAt: null };
  let latest = null;
  const render = throttled(() => draw(element, flows, views, run, latest, spanLabel), 250);
  return {
    flow(view) {
      views.set(view.id, view);
      render();
    },
    run(summary, at) {
      run = summary;
      if (at !== undefined && (latest === null || at > latest)) latest = at;
      render();
    },
  };
}

function draw(element, flows, views, run, latest, spanLabel) {
  const started = flows.map((f) => ({ flow: f, view: views.get(f.id) })).filter((r) => r.view?.startedAt !== undefined);
  started.sort((a, b) => (a.view.startedAt < b.view.startedAt ? -1 : a.view.startedAt > b.view.startedAt ? 1 : 0));
  const waiting = flows.filter((f) => views.get(f.id)?.startedAt === undefined);
  const startTimes = started.map((r) => Date.parse(r.view.startedAt));
  const t0 = Math.min(...startTimes, run.startedAt === null ? Number.POSITIVE_INFINITY : Date.parse(run.startedAt));
  const endTimes = started.map((r) => Date.parse(r.view.endedAt ?? latest ?? r.view.startedAt));
  const t1 = Math.max(t0 + 1, ...endTimes, run.endedAt === null ? t0 : Date.parse(run.endedAt));
  const width = Math.max(320, element.parentElement.clientWidth - 4);
  const plot = width - LABEL_WIDTH - RIGHT;
  const x = (t) => LABEL_WIDTH + ((t - t0) / (t1 - t0)) * plot;
  element.replaceChildren();
  element.setAttribute('width', String(width));
  const height = AXIS + (started.length + waiting.length) * ROW + 6;
  element.setAttribute('height', String(height));
  if (started.length === 0) {
    spanLabel.textContent = '(no flow has started)';
  } else {
    spanLabel.textContent = `${duration(t1 - t0)} since the run started`;
    drawAxis(element, t1 - t0, height, x, t0);
  }
  for (const [i, r] of started.entries()) {
    drawBar(element, r.flow, r.view, AXIS + i * ROW, x(Date.parse(r.view.startedAt)), x(Date.parse(r.view.endedAt ?? latest ?? r.view.startedAt)));
  }
  waiting.forEach((flow, i) => {
    const row = svg('g', { class: 'bar waiting', 'data-id': flow.id, transform: `translate(0,${AXIS + (started.length + i) * ROW})` }, element);
    svg('text', { class: 'label', x: LABEL_WIDTH - 8, y: ROW / 2 + 4, 'text-anchor': 'end' }, row, cut(flow.name, 24));
    svg('text', { class: 'note', x: LABEL_WIDTH, y: ROW / 2 + 4 }, row, views.get(flow.id)?.status ?? 'queued');
  });
}

function drawBar(element, flow, view, y, from, to) {
  const row = svg('g', { class: 'bar', 'data-id': flow.id, 'data-status': view.status, transform: `translate(0,${y})` }, element);
  svg('title', {}, row, `${flow.name}: ${view.status}${view.durationMs === undefined ? '' : `, ${duration(view.durationMs)}`}`);
  svg('text', { class: 'label', x: LABEL_WIDTH - 8, y: ROW / 2 + 4, 'text-anchor': 'end' }, row, cut(flow.name, 24));
  const width = Math.max(2, to - from);
  svg('rect', { class: 'span', x: from, y: 3, width, height: ROW - 6, rx: 2 }, row);
  svg('text', { class: 'note', x: from + width + 4, y: ROW / 2 + 4 }, row, view.status === 'running' ? 'running' : duration(view.durationMs));
}

/** A tick's time in the step's unit, no more digits than the step needs: `0 s`, `2 s`, `2.5 s`, `40 ms`. */
function tick(ms, step) {
  if (step < 1000) return `${Math.round(ms)} ms`;
  if (step < 60_000) return `${Number((ms / 1000).toFixed(step % 1000 === 0 ? 0 : 1))} s`;
  return `${Number((ms / 60_000).toFixed(step % 60_000 === 0 ? 0 : 1))} min`;
}

/** About five ticks at a round step (1, 2 or 5 times a power of ten milliseconds). */
function drawAxis(element, span, height, x, t0) {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const axis = svg('g', { class: 'axis' }, element);
  for (let t = 0; t <= span + step / 1000; t += step) {
    const at = x(t0 + t);
    svg('line', { x1: at, x2: at, y1: AXIS - 4, y2: height }, axis);
    svg('text', { x: at, y: AXIS - 8, 'text-anchor': 'middle' }, axis, tick(t, step));
  }
}
