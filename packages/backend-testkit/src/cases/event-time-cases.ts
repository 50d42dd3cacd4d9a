import { type Field, type OutputMode, type WindowSpec, count, pipeline, readFiles, sum } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import type { ConformanceCase } from '../conformance-case.js';

/** Event times are seconds after this instant. */
const BASE_MS = Date.UTC(2026, 0, 1);
const DELAY_S = 5;

interface Event { readonly t: number; readonly k: string; readonly v: number }

/**
 * Three files of events, time moving forward with some disorder but no row
 * older than the watermark any split of the files into micro-batches could
 * give (so the results do not depend on how a backend batches files). No
 * event sits on a window boundary.
 */
const RUN_1: readonly (readonly Event[])[] = [
  [{ t: 1, k: 'a', v: 1 }, { t: 3, k: 'b', v: 2 }, { t: 4, k: 'a', v: 3 }],
  [{ t: 11, k: 'a', v: 4 }, { t: 9, k: 'b', v: 5 }],
  [{ t: 21, k: 'b', v: 6 }, { t: 27, k: 'a', v: 7 }],
];
/** A later run: time moves on, and one row (t 2) is older than the first run's final watermark (22). */
const RUN_2: readonly Event[] = [{ t: 33, k: 'a', v: 8 }, { t: 2, k: 'a', v: 100 }, { t: 38, k: 'b', v: 1 }];

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const at = (seconds: number): Date => new Date(BASE_MS + seconds * 1000);
const jsonl = (events: readonly Event[]): string =>
  `${events.map((e) => JSON.stringify({ ts: at(e.t).toISOString().replace('T', ' ').replace('Z', ''), k: e.k, v: e.v })).join('\n')}\n`;
const files = (batches: readonly (readonly Event[])[], first = 0): Record<string, string> =>
  Object.fromEntries(batches.map((events, i) => [`events/${first + i}.jsonl`, jsonl(events)]));

type ModelWindow =
  | { readonly kind: 'tumbling'; readonly size: number }
  | { readonly kind: 'hopping'; readonly size: number; readonly slide: number }
  | { readonly kind: 'session'; readonly gap: number };

/** [start, end) in seconds of every window an event belongs to (session windows are merged later). */
function windowsOfEvent(t: number, w: ModelWindow): [number, number][] {
  if (w.kind === 'tumbling') {
    const start = Math.floor(t / w.size) * w.size;
    return [[start, start + w.size]];
  }
  if (w.kind === 'session') return [[t, t + w.gap]];
  const out: [number, number][] = [];
  for (let start = Math.floor(t / w.slide) * w.slide; start > t - w.size; start -= w.slide) out.push([start, start + w.size]);
  return out;
}

/** The windowed aggregation (sum, count per key and window), computed directly from the events. */
function aggregate(events: readonly Event[], w: ModelWindow): { k: string; start: number; end: number; s: number; n: number }[] {
  const groups = new Map<string, { k: string; start: number; end: number; s: number; n: number }>();
  const add = (k: string, start: number, end: number, v: number, n: number): void => {
    const key = `${k}|${start}|${end}`;
    const g = groups.get(key) ?? { k, start, end, s: 0, n: 0 };
    groups.set(key, { ...g, s: g.s + v, n: g.n + n });
  };
  if (w.kind !== 'session') {
    for (const e of events) for (const [start, end] of windowsOfEvent(e.t, w)) add(e.k, start, end, e.v, 1);
    return [...groups.values()];
  }
  // Sessions: per key, events in time order; a gap of `gap` seconds or more closes a session.
  for (const k of new Set(events.map((e) => e.k))) {
    const mine = events.filter((e) => e.k === k).sort((x, y) => x.t - y.t);
    let current: { start: number; end: number; s: number; n: number } | undefined;
    for (const e of mine) {
      if (current !== undefined && e.t < current.end) current = { ...current, end: Math.max(current.end, e.t + w.gap), s: current.s + e.v, n: current.n + 1 };
      else {
        if (current !== undefined) add(k, current.start, current.end, current.s, current.n);
        current = { start: e.t, end: e.t + w.gap, s: e.v, n: 1 };
      }
    }
    if (current !== undefined) add(k, current.start, current.end, current.s, current.n);
  }
  return [...groups.values()];
}

/** The rows a backend must hold after a run, given the events it accepted and its final watermark. */
function expectedRows(events: readonly Event[], w: ModelWindow, mode: OutputMode, watermark: number): Row[] {
  return aggregate(events, w)
    // append: a window is written once the watermark passes its end; update/complete: every window so far.
    .filter((g) => mode !== 'append' || g.end <= watermark)
    .map((g) => ({ k: g.k, window_start: at(g.start), window_end: at(g.end), s: g.s, n: g.n }));
}

const WINDOWS: readonly [ModelWindow, WindowSpec][] = [
  [{ kind: 'tumbling', size: 10 }, { kind: 'tumbling', size: '10s' }],
  [{ kind: 'hopping', size: 10, slide: 5 }, { kind: 'hopping', size: '10s', slide: '5s' }],
  [{ kind: 'session', gap: 4 }, { kind: 'session', gap: '4s' }],
];
const MODES: readonly OutputMode[] = ['append', 'update', 'complete'];

const maxTime = (events: readonly Event[]): number => Math.max(...events.map((e) => e.t));
const firstRun = RUN_1.flat();
// The late row of the second run is dropped: its time is below the watermark the first run left.
const watermark1 = maxTime(firstRun) - DELAY_S;
const secondRun = [...firstRun, ...RUN_2.filter((e) => e.t >= watermark1)];
const watermark2 = maxTime(secondRun) - DELAY_S;

/**
 * Event time: each window kind in each output mode, over files whose
 * results do not depend on micro-batch boundaries, then a second run with
 * a late row (dropped) and rows that close earlier windows.
 */
export const EVENT_TIME_CASES: readonly ConformanceCase[] = WINDOWS.flatMap(([model, spec]) => MODES.map((mode): ConformanceCase => ({
  id: `event-time/${model.kind}-${mode}`,
  group: `output_mode:${mode}`,
  description: `${model.kind} window, ${mode} output mode, watermark ${DELAY_S}s, late rows dropped`,
  files: files(RUN_1),
  pipeline: ({ path }) =>
    pipeline(`window_${model.kind}_${mode}`)
      .streamingTable('totals', {
        query: readFiles('json', path('events'), { schema: SCHEMA }).groupBy('k').agg(sum('v').as('s'), count().as('n')),
        watermark: { column: 'ts', delay: `${DELAY_S}s` },
        window: spec,
        outputMode: mode,
      })
      .build(),
  expected: { totals: expectedRows(firstRun, model, mode, watermark1) },
  rerun: { files: files([RUN_2], RUN_1.length), expected: { totals: expectedRows(secondRun, model, mode, watermark2) } },
})));

/**
 * One file per micro-batch (`maxFilesPerTrigger: 1`) within one run: the
 * second file moves the watermark to 16 s, so the fourth file's row at 4 s
 * is late and dropped — read in one micro-batch, it would have counted.
 * Files are taken in name order (the testkit gives them modification times
 * in that order, which is the order Spark's file source uses). The late row
 * comes two files after the one that moved the watermark: Spark drops late
 * rows by the previous micro-batch's watermark (its "watermark for late
 * events"), native by the current one, so a row one micro-batch behind
 * would count on Spark and not on native (see the Spark README).
 */
const PACED: readonly (readonly Event[])[] = [
  [{ t: 1, k: 'a', v: 1 }, { t: 3, k: 'b', v: 2 }],
  [{ t: 21, k: 'a', v: 3 }],
  [{ t: 24, k: 'b', v: 1 }],
  [{ t: 4, k: 'a', v: 100 }],
];
const PACED_LATER: readonly Event[] = [{ t: 45, k: 'a', v: 5 }];

/** A 10 s tumbling window's row of key `k` from `start` seconds: sum `s` of one event. */
const tenSeconds = (k: string, start: number, s: number): Row => ({ k, window_start: at(start), window_end: at(start + 10), s, n: 1 });

/** A tumbling-window pipeline over one file per micro-batch, in `mode`. */
const pacedPipeline = (name: string, mode: OutputMode): ConformanceCase['pipeline'] => ({ path }) =>
  pipeline(name)
    .streamingTable('totals', {
      query: readFiles('json', path('events'), { schema: SCHEMA, maxFilesPerTrigger: 1 }).groupBy('k').agg(sum('v').as('s'), count().as('n')),
      watermark: { column: 'ts', delay: `${DELAY_S}s` },
      window: { kind: 'tumbling', size: '10s' },
      outputMode: mode,
    })
    .build();

/**
 * Event time over one file per micro-batch (`maxFilesPerTrigger: 1`), in
 * append and update mode: the watermark advances between the micro-batches
 * of one run, so a later file's old row is late and dropped. Unlike
 * {@link EVENT_TIME_CASES}, the results depend on micro-batch boundaries.
 */
export const PACED_EVENT_TIME_CASES: readonly ConformanceCase[] = [{
  id: 'event-time/late-rows-within-one-run',
  group: 'output_mode:append',
  description: 'maxFilesPerTrigger 1: the watermark advances between the micro-batches of one run, so a later file\'s old row is late',
  files: files(PACED),
  pipeline: pacedPipeline('paced_window', 'append'),
  expected: { totals: [tenSeconds('a', 0, 1), tenSeconds('b', 0, 2)] },
  rerun: {
    files: files([PACED_LATER], PACED.length),
    expected: { totals: [tenSeconds('a', 0, 1), tenSeconds('b', 0, 2), tenSeconds('a', 20, 3), tenSeconds('b', 20, 1)] },
  },
}, {
  id: 'event-time/late-row-one-batch-behind-update',
  group: 'output_mode:update',
  description: 'maxFilesPerTrigger 1, update mode: a row older than the watermark the micro-batch just before it left is late',
  // The late row (t 4) comes in the micro-batch right after the one that moved the watermark to 16 s.
  files: files([PACED[0] as readonly Event[], PACED[1] as readonly Event[], PACED[3] as readonly Event[]]),
  pipeline: pacedPipeline('paced_update', 'update'),
  expected: { totals: [tenSeconds('a', 0, 1), tenSeconds('b', 0, 2), tenSeconds('a', 20, 3)] },
  rerun: {
    files: files([PACED_LATER], 3),
    expected: { totals: [tenSeconds('a', 0, 1), tenSeconds('b', 0, 2), tenSeconds('a', 20, 3), tenSeconds('a', 40, 5)] },
  },
}];
