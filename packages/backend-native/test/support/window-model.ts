/**
 * An independent model of event-time windows, written without the engine's
 * SQL: used by tests to compute expected rows and per-epoch emission counts.
 */
export interface Event {
  readonly t: number; // seconds since 2024-01-01T00:00:00Z
  readonly k: string;
  readonly v: number;
}

export type ModelWindow =
  | { readonly kind: 'tumbling'; readonly size: number }
  | { readonly kind: 'hopping'; readonly size: number; readonly slide: number }
  | { readonly kind: 'session'; readonly gap: number };

export interface WindowRow {
  readonly window_start: number; // ms
  readonly window_end: number;
  readonly k: string;
  readonly s: number;
  readonly n: number;
}

export const BASE_MS = Date.UTC(2024, 0, 1);

/** Every window over `events` with the sum and count of `v` per key, sorted. */
export function windowsOf(events: readonly Event[], window: ModelWindow): WindowRow[] {
  const groups = new Map<string, { start: number; end: number; k: string; s: number; n: number }>();
  const add = (start: number, end: number, e: Event): void => {
    const key = `${start}|${end}|${e.k}`;
    const g = groups.get(key) ?? { start, end, k: e.k, s: 0, n: 0 };
    g.s += e.v;
    g.n += 1;
    groups.set(key, g);
  };
  if (window.kind === 'tumbling') for (const e of events) add(Math.floor(e.t / window.size) * window.size, Math.floor(e.t / window.size) * window.size + window.size, e);
  if (window.kind === 'hopping') {
    for (const e of events) {
      for (let start = Math.floor(e.t / window.slide) * window.slide; start > e.t - window.size; start -= window.slide) add(start, start + window.size, e);
    }
  }
  if (window.kind === 'session') {
    const byKey = new Map<string, Event[]>();
    for (const e of events) byKey.set(e.k, [...(byKey.get(e.k) ?? []), e]);
    for (const list of byKey.values()) {
      const sorted = [...list].sort((a, b) => a.t - b.t);
      let session: Event[] = [];
      const flush = (): void => {
        if (session.length === 0) return;
        const start = (session[0] as Event).t;
        const end = (session.at(-1) as Event).t + window.gap;
        for (const e of session) add(start, end, e);
        session = [];
      };
      for (const e of sorted) {
        if (session.length > 0 && e.t - (session.at(-1) as Event).t >= window.gap) flush();
        session.push(e);
      }
      flush();
    }
  }
  return [...groups.values()]
    .map((g) => ({ window_start: BASE_MS + g.start * 1000, window_end: BASE_MS + g.end * 1000, k: g.k, s: g.s, n: g.n }))
    .sort(compareWindows);
}

export function compareWindows(a: WindowRow, b: WindowRow): number {
  return a.window_start - b.window_start || a.window_end - b.window_end || a.k.localeCompare(b.k);
}

export interface Simulation {
  /** Rows accepted (not late) over the whole stream. */
  readonly accepted: Event[];
  readonly lateRows: number[];
  /** Watermark after each epoch, seconds. */
  readonly watermarks: number[];
  /** Rows each epoch writes in each output mode. */
  readonly written: { append: number[]; update: number[]; complete: number[] };
  readonly finalWatermark: number;
}

/** Runs the micro-batch semantics over `batches` (one per epoch): late rows, watermark, what each mode emits. */
export function simulate(batches: readonly (readonly Event[])[], window: ModelWindow, delay: number): Simulation {
  let watermark = Number.NEGATIVE_INFINITY;
  const accepted: Event[] = [];
  const lateRows: number[] = [];
  const watermarks: number[] = [];
  const written = { append: [] as number[], update: [] as number[], complete: [] as number[] };
  let emitted = 0;
  for (const batch of batches) {
    const fresh = batch.filter((e) => e.t >= watermark);
    lateRows.push(batch.length - fresh.length);
    accepted.push(...fresh);
    watermark = Math.max(watermark, Math.max(...batch.map((e) => e.t)) - delay);
    watermarks.push(watermark);
    const all = windowsOf(accepted, window);
    const touched = new Set(windowsOf(fresh, window).map((w) => `${w.k}|${w.window_start}`));
    const final = all.filter((w) => w.window_end <= BASE_MS + watermark * 1000).length;
    written.append.push(final - emitted);
    emitted = final;
    written.complete.push(all.length);
    written.update.push(window.kind === 'session'
      ? all.filter((w) => fresh.some((e) => e.k === w.k && BASE_MS + e.t * 1000 >= w.window_start && BASE_MS + e.t * 1000 < w.window_end)).length
      : all.filter((w) => touched.has(`${w.k}|${w.window_start}`)).length);
  }
  return { accepted, lateRows, watermarks, written, finalWatermark: watermark };
}
