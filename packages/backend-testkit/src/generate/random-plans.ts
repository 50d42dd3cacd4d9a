import fc from 'fast-check';
import {
  type Expr, type Field, type Frame, avg, call, col, count, countDistinct, denseRank, from, lit, max, min, rank, sum, when,
} from '@thund/ir';

/*
 * The random batch half of the generated cases: rows of a five-column table
 * and a random filter, projection, aggregation, rank or join over them.
 */

/** The columns of the generated rows (`data.jsonl`, and each file of a streamed directory). */
export const SCHEMA: readonly Field[] = [
  { name: 'k', type: 'int64' },
  { name: 'a', type: 'int64' },
  { name: 'b', type: 'int64' },
  { name: 'x', type: 'float64' },
  { name: 's', type: 'utf8' },
];

export const OTHER_SCHEMA: readonly Field[] = [{ name: 'k', type: 'int64' }, { name: 'w', type: 'int64' }];

// Values stay where engines agree: small integers (no overflow), floats with
// exact binary forms, strings from a small alphabet, and NULLs.
export const row = fc.record({
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
    tie('e').map((e) => call('length', call('concat', e))),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('nullif', l, r)),
    // Division and modulo by zero are NULL on every backend; the sign of a remainder follows the dividend.
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => l.mod(r)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('coalesce', l, r)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('greatest', l, r)),
    fc.tuple(tie('e'), tie('e')).map(([l, r]) => call('least', l, r)),
  ),
})).e;

/** Double-valued: halves and quarters stay exact, so engines agree bit for bit (or within the 1e-9 rule). */
const doubleExpr: fc.Arbitrary<Expr> = fc.oneof(
  fc.constant(col('x')),
  fc.tuple(intExpr, fc.constantFrom(col('x'), lit(0.5), lit(4))).map(([l, r]) => l.div(r)),
  fc.constant(call('floor', col('x'))),
  fc.constant(call('ceil', col('x'))),
  fc.tuple(fc.constant(col('x')), intExpr).map(([x, e]) => x.add(e)),
  fc.constant(col('x').mod(lit(1.5))),
);

const stringExpr: fc.Arbitrary<Expr> = fc.oneof(
  fc.constant(col('s')),
  fc.constant(call('length', col('s'))),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 })).map(([pos, len]) => call('substring', col('s'), pos, len)),
  fc.constant(call('replace', col('s'), lit('a'), lit('zz'))),
  fc.constant(call('starts_with', col('s'), lit('a'))),
  fc.constant(call('ltrim', col('s'))),
  fc.constant(call('rtrim', col('s'))),
  fc.constant(call('upper', col('s'))),
  fc.constant(call('lower', col('s'))),
  fc.constant(call('trim', col('s'))),
  fc.constantFrom('x', 'ab').map((v) => call('concat', col('s'), lit(v))),
  fc.constant(call('coalesce', col('s'), lit('none'))),
);

export const predicate: fc.Arbitrary<Expr> = fc.letrec<{ p: Expr }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(intExpr, intExpr, fc.constantFrom('eq', 'neq', 'lt', 'lte', 'gt', 'gte') as fc.Arbitrary<'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte'>).map(([l, r, op]) => l[op](r)),
    fc.tuple(fc.constant(col('x')), fc.integer({ min: -100, max: 100 })).map(([c, n]) => c.gt(n)),
    fc.tuple(doubleExpr, fc.integer({ min: -20, max: 20 })).map(([d, n]) => d.lte(n)),
    fc.constant(col('s').isNull()),
    fc.constant(col('a').isNotNull()),
    fc.constantFrom('a', 'ab', 'Ba').map((v) => col('s').eq(v)),
    fc.constant(col('k').in(1, 3)),
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => l.and(r)),
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => l.or(r)),
    tie('p').map((p) => p.not()),
  ),
})).p;

export const projection = fc.array(
  fc.oneof(intExpr, doubleExpr, stringExpr, fc.tuple(predicate, intExpr, intExpr).map(([c, t, e]) => when(c, t).otherwise(e)), predicate),
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
      fc.constant(sum('x')),
      doubleExpr.map((d) => min(d)),
    ),
    { minLength: 1, maxLength: 3 },
  ),
);

/** Ranks (deterministic under ties, unlike row_number or lag) over a partition and an order of the data. */
const ranking = fc.record({
  fn: fc.constantFrom('rank', 'dense_rank'),
  partition: fc.subarray(['k', 's'], { minLength: 0, maxLength: 1 }),
  order: fc.constantFrom('a', 'b', 'x'),
  descending: fc.boolean(),
});

/** The rows of `src` joined to a second random table on `k` (every join type). */
const joined = fc.record({
  type: fc.constantFrom('inner', 'left', 'right', 'full', 'semi', 'anti') as fc.Arbitrary<'inner' | 'left' | 'right' | 'full' | 'semi' | 'anti'>,
  rows: fc.array(fc.record({ k: fc.integer({ min: 0, max: 5 }), w: fc.option(fc.integer({ min: -9, max: 9 }), { freq: 5 }) }), { maxLength: 12 }),
});

/** A batch query: rows, an optional filter, one body, optionally distinct. */
export const batchShape = fc.record({
  rows: fc.array(row, { minLength: 0, maxLength: 40 }),
  filter: fc.option(predicate, { freq: 2 }),
  distinct: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  body: fc.oneof(
    projection.map((p) => ({ kind: 'project' as const, p })),
    aggregate.map((g) => ({ kind: 'aggregate' as const, g })),
    ranking.map((r) => ({ kind: 'rank' as const, r })),
    joined.map((j) => ({ kind: 'join' as const, j })),
  ),
});

export type BatchShape = typeof batchShape extends fc.Arbitrary<infer T> ? T : never;

function body(frame: Frame, s: BatchShape): Frame {
  switch (s.body.kind) {
    case 'project':
      return frame.select(...s.body.p.map((e, j) => e.as(`c${j}`)));
    case 'aggregate':
      return frame.groupBy(...s.body.g[0]).agg(...s.body.g[1].map((e, j) => e.as(`v${j}`)));
    case 'rank': {
      const { fn, partition, order, descending } = s.body.r;
      const ranked = (fn === 'rank' ? rank() : denseRank()).over({ partitionBy: partition, orderBy: [descending ? col(order).desc() : col(order).asc()] });
      return frame.window(ranked.as('r')).select('k', 'a', 'b', 'x', 's', 'r');
    }
    case 'join': {
      const other = from('other');
      const { type } = s.body.j;
      const out = frame.join(other, { type, using: ['k'] });
      return type === 'semi' || type === 'anti' ? out.select('k', 'a', 's') : out.select('k', 'a', 's', 'w');
    }
  }
}

/** The batch query of a shape over the temporary views `src` (the rows) and `other` (the join's second table). */
export function batchQuery(s: BatchShape): Frame {
  let frame = from('src');
  if (s.filter !== null) frame = frame.filter(s.filter);
  const query = body(frame, s);
  return s.distinct ? query.distinct() : query;
}

/** The input files of a batch shape: `data.jsonl` and `other.jsonl`. */
export function batchFiles(s: BatchShape): Record<string, string> {
  return {
    'data.jsonl': s.rows.map((r) => JSON.stringify(r)).join('\n'),
    'other.jsonl': (s.body.kind === 'join' ? s.body.j.rows : []).map((r) => JSON.stringify(r)).join('\n'),
  };
}
