import fc from 'fast-check';
import { type Expr, type Field, type OutputMode, type Pipeline, type WindowSpec, avg, col, count, max, min, pipeline, readFiles, sum } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import { numberedFiles } from './random-streams.js';

/*
 * Random windowed streaming aggregations whose results do not depend on how
 * a backend splits the files into micro-batches:
 *
 * - event times are odd seconds; window sizes and slides are even, session
 *   gaps odd and watermark delays even, so no event sits on a window
 *   boundary, no event time equals a watermark, no window end equals a
 *   watermark and no two events of a session are exactly a gap apart;
 * - each file's events are at least `max(earlier events) − delay + 2`, i.e.
 *   newer than any watermark a split of the earlier files could give, so no
 *   row is late within a run;
 * - the second run may carry late rows, all older than the first run's
 *   final watermark (so the IR drops them, however a backend batches),
 *   in its first file.
 *
 * The watermark here is over all events; the flow's filter can only lower
 * the one a backend computes, which keeps every rule above.
 */

export const EVENT_SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const BASE_MS = Date.UTC(2026, 0, 1);

type Window =
  | { readonly kind: 'tumbling'; readonly size: number }
  | { readonly kind: 'hopping'; readonly size: number; readonly slide: number }
  | { readonly kind: 'session'; readonly gap: number };

const windowKind: fc.Arbitrary<Window> = fc.oneof(
  fc.constantFrom(4, 6, 10).map((size): Window => ({ kind: 'tumbling', size })),
  fc.constantFrom([8, 4], [12, 4], [12, 6], [6, 2]).map(([size, slide]): Window => ({ kind: 'hopping', size: size as number, slide: slide as number })),
  fc.constantFrom(3, 5, 7).map((gap): Window => ({ kind: 'session', gap })),
);

/** An event drawn relative to where its file may start: `step` two-second steps later. */
const draft = fc.record({ step: fc.integer({ min: 0, max: 8 }), k: fc.constantFrom('a', 'b', 'c'), v: fc.option(fc.integer({ min: -5, max: 9 }), { freq: 6 }) });
const late = fc.record({ back: fc.integer({ min: 0, max: 5 }), k: fc.constantFrom('a', 'b', 'c'), v: fc.option(fc.integer({ min: -5, max: 9 }), { freq: 6 }) });
const files = (maxFiles: number) => fc.array(fc.array(draft, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: maxFiles });

const AGGREGATES = ['count', 'sum', 'min', 'max', 'avg'] as const;

export const windowShape = fc.record({
  window: windowKind,
  delay: fc.constantFrom(2, 4, 6),
  grouped: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
  aggregates: fc.subarray([...AGGREGATES], { minLength: 1 }),
  filter: fc.option(fc.integer({ min: -3, max: 5 }), { freq: 3 }),
  run1: files(3),
  run2: files(2),
  late: fc.array(late, { maxLength: 2 }),
});

export type WindowShape = typeof windowShape extends fc.Arbitrary<infer T> ? T : never;

interface Event { readonly t: number; readonly k: string; readonly v: number | null }

/** Event times of every file, in delivery order, by the rules above. */
function place(s: WindowShape): { readonly run1: Event[][]; readonly run2: Event[][] } {
  let newest = 0;
  const timed = (drafts: readonly (typeof s.run1)[number][]): Event[][] => drafts.map((file) => {
    const from = newest === 0 ? 1 : Math.max(1, newest - s.delay + 2);
    const events = file.map((d) => ({ t: from + 2 * d.step, k: d.k, v: d.v }));
    newest = Math.max(newest, ...events.map((e) => e.t));
    return events;
  });
  const run1 = timed(s.run1);
  const watermark = newest - s.delay;
  const run2 = timed(s.run2);
  const lateRows = s.late.map((d) => ({ t: watermark - 2 - 2 * d.back, k: d.k, v: d.v })).filter((e) => e.t >= 1);
  run2[0] = [...(run2[0] ?? []), ...lateRows];
  return { run1, run2 };
}

const stamp = (t: number): string => new Date(BASE_MS + t * 1000).toISOString().replace('T', ' ').replace('.000Z', '');
const asRows = (files: readonly Event[][]) => files.map((events) => events.map((e) => ({ ts: stamp(e.t), k: e.k, v: e.v })));

const spec = (w: Window): WindowSpec =>
  w.kind === 'tumbling' ? { kind: 'tumbling', size: `${w.size}s` } : w.kind === 'hopping' ? { kind: 'hopping', size: `${w.size}s`, slide: `${w.slide}s` } : { kind: 'session', gap: `${w.gap}s` };

const aggregateOf = (name: (typeof AGGREGATES)[number]): Expr =>
  ({ count: count().as('n'), sum: sum('v').as('total'), min: min('v').as('low'), max: max('v').as('high'), avg: avg('v').as('mean') })[name];

/** [start, end) of the windows holding time `t` (a session's is merged later). */
function windowsAt(t: number, w: Window): [number, number][] {
  if (w.kind === 'session') return [[t, t + w.gap]];
  const slide = w.kind === 'tumbling' ? w.size : w.slide;
  const found: [number, number][] = [];
  for (let start = Math.floor(t / slide) * slide; start > t - w.size; start -= slide) found.push([start, start + w.size]);
  return found;
}

/** Events per group and window: fixed windows directly, sessions by merging each group's events in time order. */
function group(events: readonly Event[], s: WindowShape): { readonly k: string; readonly start: number; readonly end: number; readonly events: Event[] }[] {
  const groups = new Map<string, { k: string; start: number; end: number; events: Event[] }>();
  const keyOf = (e: Event): string => (s.grouped ? e.k : '');
  const w = s.window;
  if (w.kind !== 'session') {
    for (const e of events) {
      for (const [start, end] of windowsAt(e.t, w)) {
        const slot = `${keyOf(e)}|${start}`;
        const held = groups.get(slot) ?? { k: keyOf(e), start, end, events: [] };
        held.events.push(e);
        groups.set(slot, held);
      }
    }
    return [...groups.values()];
  }
  const sessions: { k: string; start: number; end: number; events: Event[] }[] = [];
  for (const k of new Set(events.map(keyOf))) {
    let open: { k: string; start: number; end: number; events: Event[] } | undefined;
    for (const e of events.filter((x) => keyOf(x) === k).sort((a, b) => a.t - b.t)) {
      if (open !== undefined && e.t < open.end) {
        open.end = Math.max(open.end, e.t + w.gap);
        open.events.push(e);
      } else {
        open = { k, start: e.t, end: e.t + w.gap, events: [e] };
        sessions.push(open);
      }
    }
  }
  return sessions;
}

/** The aggregates of one window's events, by the names the pipeline gives them. */
function aggregates(events: readonly Event[], names: readonly (typeof AGGREGATES)[number][]): Row {
  const values = events.map((e) => e.v).filter((v): v is number => v !== null);
  const total = values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
  const all = {
    count: ['n', events.length],
    sum: ['total', total],
    min: ['low', values.length === 0 ? null : Math.min(...values)],
    max: ['high', values.length === 0 ? null : Math.max(...values)],
    avg: ['mean', total === null ? null : total / values.length],
  } as const;
  return Object.fromEntries(names.map((n) => all[n]));
}

/**
 * The rows `out` holds after each run, as the IR defines them: a row older
 * than the watermark at the start of its micro-batch is dropped (only the
 * second run's late rows can be, all in its first file); the watermark is
 * the newest event time the aggregation saw (after the filter) minus the
 * delay; `append` holds the windows that ended by the run's final
 * watermark, `update` and `complete` every window so far.
 */
function expectedRows(s: WindowShape, run1: readonly Event[][], run2: readonly Event[][], mode: OutputMode): Row[][] {
  const seen = (e: Event): boolean => s.filter === null || (e.v !== null && e.v > s.filter);
  const watermarkOf = (events: readonly Event[]): number | undefined => (events.length === 0 ? undefined : Math.max(...events.map((e) => e.t)) - s.delay);
  const first = run1.flat().filter(seen);
  const watermark1 = watermarkOf(first);
  const accepted = [...first, ...run2.flat().filter(seen).filter((e) => watermark1 === undefined || e.t >= watermark1)];
  const rows = (events: readonly Event[], watermark: number | undefined): Row[] => group(events, s)
    .filter((g) => mode !== 'append' || (watermark !== undefined && g.end <= watermark))
    .map((g) => ({
      ...(s.grouped ? { k: g.k } : {}),
      window_start: new Date(BASE_MS + g.start * 1000),
      window_end: new Date(BASE_MS + g.end * 1000),
      ...aggregates(g.events, s.aggregates),
    }));
  return [rows(first, watermark1), rows(accepted, watermarkOf(accepted))];
}

/** Streaming table `out`: events of `events/`, an optional filter, then the windowed aggregation in `mode`; with the rows it holds after each run. */
export function windowedAggregation(name: string, s: WindowShape, mode: OutputMode) {
  const { run1, run2 } = place(s);
  return {
    files: numberedFiles('events', asRows(run1)),
    rerunFiles: numberedFiles('events', asRows(run2), run1.length),
    expected: expectedRows(s, run1, run2, mode),
    pipeline: (path: (relative: string) => string): Pipeline => {
      const events = readFiles('json', path('events'), { schema: EVENT_SCHEMA });
      const input = s.filter === null ? events : events.filter(col('v').gt(s.filter));
      const aggregates = s.aggregates.map(aggregateOf);
      return pipeline(name)
        .streamingTable('out', {
          query: s.grouped ? input.groupBy('k').agg(...aggregates) : input.groupBy().agg(...aggregates),
          watermark: { column: 'ts', delay: `${s.delay}s` },
          window: spec(s.window),
          outputMode: mode,
        })
        .build();
    },
  };
}

export const windowLabel = (s: WindowShape): string => s.window.kind;
