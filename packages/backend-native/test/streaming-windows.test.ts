import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Field, type OutputMode, type RunEvent, type WindowSpec, count, countDistinct, pipeline, readFiles, sum } from '@thund/ir';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from './support/helpers.js';
import { seeded } from './fixtures/crash-pipeline.js';
import { BatchReducer } from '../src/stream/batch-reducer.js';
import { BASE_MS, type Event, type ModelWindow, type WindowRow, compareWindows, simulate, windowsOf } from './support/window-model.js';

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const DELAY = 5;

/** Six micro-batches of events: time moves forward with disorder, and a few rows arrive too late. */
function batches(seed: number): Event[][] {
  const random = seeded(seed);
  const out: Event[][] = [];
  let clock = 0;
  for (let b = 0; b < 6; b += 1) {
    const batch: Event[] = [];
    for (let i = 0; i < 12; i += 1) {
      clock += Math.floor(random() * 3);
      const late = random() < 0.12;
      batch.push({ t: Math.max(0, clock - (late ? 15 : Math.floor(random() * 4))), k: 'abc'[Math.floor(random() * 3)] as string, v: 1 + Math.floor(random() * 9) });
    }
    out.push(batch);
  }
  return out;
}

function csv(events: readonly Event[]): string {
  const ts = (t: number): string => new Date(BASE_MS + t * 1000).toISOString().replace('T', ' ').replace('Z', '');
  return `ts,k,v\n${events.map((e) => `${ts(e.t)},${e.k},${e.v}`).join('\n')}\n`;
}

const WINDOWS: readonly [ModelWindow, WindowSpec][] = [
  [{ kind: 'tumbling', size: 10 }, { kind: 'tumbling', size: '10s' }],
  [{ kind: 'hopping', size: 10, slide: 5 }, { kind: 'hopping', size: '10s', slide: '5s' }],
  [{ kind: 'session', gap: 4 }, { kind: 'session', gap: '4s' }],
];
const MODES: readonly OutputMode[] = ['append', 'update', 'complete'];

function epochEvents(events: readonly RunEvent[], flow: string): RunEvent[] {
  return events.filter((e) => e.element.name === flow && e.details?.epoch !== undefined);
}

/** How many micro-batches each flow took reduced ahead (`BatchReducer`), as its flow ended. */
function countReadAheads(): number[] {
  const counts: number[] = [];
  const close = BatchReducer.prototype.close;
  vi.spyOn(BatchReducer.prototype, 'close').mockImplementation(function (this: BatchReducer, connection) {
    counts.push(this.readAheadsUsed);
    return close.call(this, connection);
  });
  return counts;
}

describe('event-time windows', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();
  afterEach(() => vi.restoreAllMocks());

  for (const [model, spec] of WINDOWS) {
    for (const mode of MODES) {
      it(`${model.kind} window, ${mode} mode: exact rows, per-epoch emissions, late rows and watermarks`, async () => {
        const dir = await tempDir();
        const input = batches(model.kind.length * 7 + mode.length);
        for (const [i, batch] of input.entries()) await writeText(join(dir, 'in', `f${i}.csv`), csv(batch));
        const p = pipeline('windows', { storage: 'state' })
          .streamingTable('totals', {
            query: readFiles('csv', 'in', { schema: SCHEMA }).groupBy('k').agg(sum('v').as('s'), count().as('n')),
            watermark: { column: 'ts', delay: `${DELAY}s` },
            window: spec,
            outputMode: mode,
          })
          .build();
        const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
        expect(b.check(p).violations).toEqual([]);
        const readAheads = countReadAheads();
        const { result, events } = await finish(b.run(p));
        expect(result.status).toBe('completed');
        // Decomposable aggregates reduce each later file of the backlog ahead, while the epoch before commits;
        // session windows keep their rows and do not.
        expect(readAheads).toEqual([model.kind === 'session' ? 0 : input.length - 1]);

        const sim = simulate(input, model, DELAY);
        const all = windowsOf(sim.accepted, model);
        const expected: WindowRow[] = mode === 'append' ? all.filter((w) => w.window_end <= BASE_MS + sim.finalWatermark * 1000) : all;
        const actual = rowsOf(await b.readDataset('totals')) as unknown as WindowRow[];
        expect([...actual].sort(compareWindows)).toEqual(expected);

        const perEpoch = epochEvents(events, 'totals');
        expect(perEpoch.map((e) => e.details?.epoch)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(perEpoch.map((e) => e.details?.rowsRead)).toEqual(input.map((batch) => batch.length));
        expect(perEpoch.map((e) => e.details?.lateRows)).toEqual(sim.lateRows);
        expect(perEpoch.map((e) => e.details?.rowsWritten)).toEqual(sim.written[mode]);
        expect(perEpoch.map((e) => e.details?.watermark)).toEqual(sim.watermarks.map((w) => new Date(BASE_MS + w * 1000).toISOString()));
        expect(sim.lateRows.reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
        expect(perEpoch.every((e) => typeof e.details?.durationMs === 'number' && typeof e.details.stateRows === 'number')).toBe(true);
      });
    }
  }

  for (const [model, spec] of WINDOWS.slice(0, 2)) {
    it(`${model.kind} window with an aggregate that does not decompose (count_distinct) buffers rows and gives the same semantics`, async () => {
      const dir = await tempDir();
      const input = batches(99);
      for (const [i, batch] of input.entries()) await writeText(join(dir, 'in', `f${i}.csv`), csv(batch));
      const p = pipeline('distinct', { storage: 'state' })
        .streamingTable('totals', {
          query: readFiles('csv', 'in', { schema: SCHEMA }).groupBy('k').agg(sum('v').as('s'), count().as('n'), countDistinct('v').as('d')),
          watermark: { column: 'ts', delay: `${DELAY}s` },
          window: spec,
          outputMode: 'append',
        })
        .build();
      const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
      const { result, events } = await finish(b.run(p));
      expect(result.status).toBe('completed');
      const sim = simulate(input, model, DELAY);
      const finalEnd = BASE_MS + sim.finalWatermark * 1000;
      // Distinct values per window, from the model's own window assignment of each accepted row.
      const expected = windowsOf(sim.accepted, model).filter((w) => w.window_end <= finalEnd).map((w) => {
        const inWindow = sim.accepted.filter((e) => e.k === w.k && windowsOf([e], model).some((x) => x.window_start === w.window_start));
        return { ...w, d: new Set(inWindow.map((e) => e.v)).size };
      });
      const actual = rowsOf(await b.readDataset('totals')) as unknown as WindowRow[];
      expect([...actual].sort(compareWindows)).toEqual(expected);
      expect(epochEvents(events, 'totals').map((e) => e.details?.rowsWritten)).toEqual(sim.written.append);
    });
  }
});
