import fc from 'fast-check';
import {
  type Expr, type Field, type Pipeline, avg, call, col, count, countDistinct, from, lit, max, min, pipeline, readFiles, sum, when,
} from '@thund/ir';
import type { CaseContext } from '../conformance-case.js';

/** A generated pipeline over generated data, with no expected rows: it is judged by comparing backends. */
export interface GeneratedCase {
  readonly id: string;
  readonly files: Readonly<Record<string, string>>;
  readonly pipeline: (context: CaseContext) => Pipeline;
  /** The dataset whose rows are compared. */
  readonly output: string;
}

const SCHEMA: readonly Field[] = [
  { name: 'k', type: 'int64' },
  { name: 'a', type: 'int64' },
  { name: 'b', type: 'int64' },
  { name: 'x', type: 'float64' },
  { name: 's', type: 'utf8' },
];

// Values stay where engines agree: small integers (no overflow), floats with
// exact binary forms, strings from a small alphabet, and NULLs.
const row = fc.record({
  k: fc.integer({ min: 0, max: 4 }),
  a: fc.option(fc.integer({ min: -50, max: 50 }), { freq: 6 }),
  b: fc.option(fc.integer({ min: -50, max: 50 }), { freq: 6 }),
  x: fc.option(fc.integer({ min: -400, max: 400 }).map((n) => n / 4), { freq: 6 }),
  s: fc.option(fc.constantFrom('a', 'b', 'ab', 'Ba', 'c c', ''), { freq: 6 }),
});

const intColumn = fc.constantFrom('a', 'b', 'k').map((c) => col(c));
const intExpr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    intColumn,
    fc.integer({ min: -5, max: 5 }).map((n) => lit(n)),
    fc.tuple(tie('e'), tie('e'), fc.constantFrom('add', 'sub', 'mul') as fc.Arbitrary<'add' | 'sub' | 'mul'>).map(([l, r, op]) => l[op](r)),
    tie('e').map((e) => call('abs', e)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('coalesce', l, r)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('greatest', l, r)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('least', l, r)),
  ),
})).e;

const stringExpr: fc.Arbitrary<Expr> = fc.oneof(
  fc.constant(col('s')),
  fc.constant(call('upper', col('s'))),
  fc.constant(call('lower', col('s'))),
  fc.constant(call('trim', col('s'))),
  fc.constantFrom('x', 'ab').map((v) => call('concat', col('s'), lit(v))),
  fc.constant(call('coalesce', col('s'), lit('none'))),
);

const predicate: fc.Arbitrary<Expr> = fc.letrec<{ p: Expr }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(intExpr, intExpr, fc.constantFrom('eq', 'neq', 'lt', 'lte', 'gt', 'gte') as fc.Arbitrary<'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte'>).map(([l, r, op]) => l[op](r)),
    fc.tuple(fc.constant(col('x')), fc.integer({ min: -100, max: 100 })).map(([c, n]) => c.gt(n)),
    fc.constant(col('s').isNull()),
    fc.constant(col('a').isNotNull()),
    fc.constantFrom('a', 'ab', 'Ba').map((v) => col('s').eq(v)),
    fc.constant(col('k').in(1, 3)),
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => l.and(r)),
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => l.or(r)),
    tie('p').map((p) => p.not()),
  ),
})).p;

const projection = fc.array(
  fc.oneof(intExpr, stringExpr, fc.tuple(predicate, intExpr, intExpr).map(([c, t, e]) => when(c, t).otherwise(e)), predicate),
  { minLength: 1, maxLength: 4 },
);

const aggregate = fc.tuple(
  fc.subarray(['k', 's'], { minLength: 0 }),
  fc.array(
    fc.oneof(
      fc.constant(count()),
      intColumn.map((c) => sum(c)),
      intColumn.map((c) => min(c)),
      intColumn.map((c) => max(c)),
      intColumn.map((c) => avg(c)),
      fc.constant(countDistinct('s')),
      fc.constant(max('x')),
    ),
    { minLength: 1, maxLength: 3 },
  ),
);

const shape = fc.record({
  rows: fc.array(row, { minLength: 0, maxLength: 40 }),
  filter: fc.option(predicate, { freq: 2 }),
  body: fc.oneof(projection.map((p) => ({ kind: 'project' as const, p })), aggregate.map((g) => ({ kind: 'aggregate' as const, g }))),
});

/**
 * Pipelines generated from a fixed seed: random data, then a random filter
 * and a random projection or aggregation, using only cataloged functions.
 * The same seed always gives the same cases.
 */
export function generatedCases(count: number, seed = 20261202): GeneratedCase[] {
  return fc.sample(shape, { numRuns: count, seed }).map((s, i) => ({
    id: `generated/${i}`,
    output: 'out',
    files: { 'data.jsonl': s.rows.map((r) => JSON.stringify(r)).join('\n') },
    pipeline: ({ path }) => {
      let frame = from('src');
      if (s.filter !== null) frame = frame.filter(s.filter);
      const query = s.body.kind === 'project'
        ? frame.select(...s.body.p.map((e, j) => e.as(`c${j}`)))
        : frame.groupBy(...s.body.g[0]).agg(...s.body.g[1].map((e, j) => e.as(`v${j}`)));
      return pipeline(`generated_${i}`)
        .temporaryView('src', { query: readFiles('json', path('data.jsonl'), { schema: SCHEMA }) })
        .materializedView('out', { query })
        .build();
    },
  }));
}
