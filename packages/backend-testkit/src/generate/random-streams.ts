import fc from 'fast-check';
import { type Expr, type Frame, type Pipeline, pipeline, readFiles } from '@thund/ir';
import { SCHEMA, predicate, projection, row } from './random-plans.js';

/*
 * The random streaming shapes without state: a streaming table over a
 * directory that grows between two runs, and a table fed by an append-once
 * backfill plus a streaming flow. Each file is one micro-batch at most, and
 * a stateless body gives the same rows however the files are batched.
 */

type GeneratedRow = typeof row extends fc.Arbitrary<infer T> ? T : never;

const lines = (rows: readonly object[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

/** `<dir>/<nnn>.jsonl` per file, numbered from `first`, so names sort in delivery order. */
export function numberedFiles(dir: string, batches: readonly (readonly object[])[], first = 0): Record<string, string> {
  return Object.fromEntries(batches.map((rows, i) => [`${dir}/${String(first + i).padStart(3, '0')}.jsonl`, lines(rows)]));
}

const delivery = (maxFiles: number) => fc.array(fc.array(row, { maxLength: 8 }), { minLength: 1, maxLength: maxFiles });

export const streamShape = fc.record({
  run1: delivery(3),
  run2: delivery(2),
  filter: fc.option(predicate, { freq: 2 }),
  projection: fc.option(projection, { freq: 3 }),
  /** The append-once flow's own filter, its rows, and rows added to its file before the second run (never read). */
  backfillFilter: fc.option(predicate, { freq: 2 }),
  backfill: fc.array(row, { maxLength: 10 }),
  backfillLater: fc.array(row, { minLength: 1, maxLength: 4 }),
});

export type StreamShape = typeof streamShape extends fc.Arbitrary<infer T> ? T : never;

function stateless(frame: Frame, filter: Expr | null, columns: readonly Expr[] | null): Frame {
  const kept = filter === null ? frame : frame.filter(filter);
  return columns === null ? kept : kept.select(...columns.map((e, j) => e.as(`c${j}`)));
}

const rowsOf = (path: string) => readFiles('json', path, { schema: SCHEMA });

/** A streaming table `out` reading `data/`: the first run's files, then the second run's. */
export function streamingTable(name: string, s: StreamShape) {
  return {
    files: numberedFiles('data', s.run1),
    rerunFiles: numberedFiles('data', s.run2, s.run1.length),
    pipeline: (path: (relative: string) => string): Pipeline =>
      pipeline(name).streamingTable('out', { query: stateless(rowsOf(path('data')), s.filter, s.projection) }).build(),
  };
}

/**
 * Table `out` fed once by an append-once flow over `backfill.jsonl` and by a
 * streaming flow over `data/`. Before the second run the backfill file gains
 * rows: the backfill has run, so they never arrive.
 */
export function appendOnce(name: string, s: StreamShape) {
  const backfill = (rows: readonly GeneratedRow[]): Record<string, string> => ({ 'backfill.jsonl': lines(rows) });
  return {
    files: { ...backfill(s.backfill), ...numberedFiles('data', s.run1) },
    rerunFiles: { ...backfill([...s.backfill, ...s.backfillLater]), ...numberedFiles('data', s.run2, s.run1.length) },
    pipeline: (path: (relative: string) => string): Pipeline =>
      pipeline(name)
        .table('out')
        .flow('backfill', { kind: 'append_once', target: 'out', query: stateless(rowsOf(path('backfill.jsonl')), s.backfillFilter, s.projection) })
        .flow('ingest', { kind: 'streaming', target: 'out', query: stateless(rowsOf(path('data')), s.filter, s.projection) })
        .build(),
  };
}
