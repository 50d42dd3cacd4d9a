import fc from 'fast-check';
import { type CdcSpec, type Field, type Pipeline, col, pipeline, readFiles } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import { type CdcModelSpec, applyChangesModel } from '../cases/cdc-model.js';
import { numberedFiles } from './random-streams.js';

/*
 * Random change feeds applied by a CDC flow, over two runs: few keys, so
 * changes collide; sequences out of delivery order, repeated across keys,
 * sometimes NULL (ignored); deletes and (SCD 1) truncates; a file delivered
 * again in the second run. Two different upserts of one key at one sequence
 * would leave the winner to the engine, so the feed never has them: a later
 * change of the same key, sequence and kind repeats the first one whole.
 */

const INPUT_COLUMNS = ['id', 'g', 'seq', 'name', 'v', 'op'] as const;
export const CHANGE_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' }, { name: 'g', type: 'utf8' }, { name: 'seq', type: 'int64' },
  { name: 'name', type: 'utf8' }, { name: 'v', type: 'int64' }, { name: 'op', type: 'utf8' },
];

const change = fc.record({
  id: fc.integer({ min: 0, max: 3 }),
  g: fc.constantFrom('a', 'b'),
  seq: fc.option(fc.integer({ min: 0, max: 9 }), { freq: 12 }),
  name: fc.option(fc.constantFrom('ann', 'bob', 'cy'), { freq: 4 }),
  v: fc.option(fc.integer({ min: -3, max: 3 }), { freq: 4 }),
  op: fc.constantFrom('U', 'U', 'U', 'D', 'T'),
});
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;
const delivery = (maxFiles: number) => fc.array(fc.array(change, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: maxFiles });

export const cdcShape = fc.record({
  scdType: fc.constantFrom(1, 2) as fc.Arbitrary<1 | 2>,
  twoKeys: fc.boolean(),
  deletes: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  truncates: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  stored: fc.constantFrom('all', 'except-op', 'except-op-v', 'columns'),
  tracking: fc.constantFrom('all', 'name', 'except-seq', 'except-v'),
  ignoreNullUpdates: fc.boolean(),
  run1: delivery(3),
  run2: delivery(2),
  replay: fc.boolean(),
});

export type CdcShape = typeof cdcShape extends fc.Arbitrary<infer T> ? T : never;

/** The CDC spec of a shape, without its predicates (which the pipeline and the model express each their way). */
function options(s: CdcShape): Omit<CdcSpec, 'deleteWhen' | 'applyAsTruncates'> {
  const keys = s.twoKeys ? ['id', 'g'] : ['id'];
  const stored = s.stored === 'all' ? {} : s.stored === 'except-op' ? { exceptColumns: ['op'] } : s.stored === 'except-op-v' ? { exceptColumns: ['op', 'v'] } : { columns: [...keys, 'seq', 'name', 'v'] };
  const storesV = s.stored !== 'except-op-v';
  const tracking = s.scdType === 1 || s.tracking === 'all' || (s.tracking === 'except-v' && !storesV)
    ? {}
    : s.tracking === 'name' ? { trackHistory: ['name'] } : { trackHistoryExcept: [s.tracking === 'except-seq' ? 'seq' : 'v'] };
  return { keys, sequenceBy: 'seq', scdType: s.scdType, ...stored, ...tracking, ...(s.ignoreNullUpdates ? { ignoreNullUpdates: true } : {}) };
}

const truncating = (s: CdcShape): boolean => s.scdType === 1 && s.truncates;

/** The feed as delivered: per key, sequence and kind, every change repeats the first one delivered. */
function deliveries(s: CdcShape): { readonly run1: Change[][]; readonly run2: Change[][] } {
  const keys = options(s).keys;
  const kind = (c: Change): string => (truncating(s) && c.op === 'T' ? 'T' : s.deletes && c.op === 'D' ? 'D' : 'U');
  const first = new Map<string, Change>();
  const settle = (files: readonly (readonly Change[])[]): Change[][] => files.map((file) => file.map((c) => {
    if (c.seq === null) return c;
    const slot = JSON.stringify([...keys.map((k) => c[k as keyof Change]), c.seq, kind(c)]);
    const held = first.get(slot);
    if (held !== undefined) return held;
    first.set(slot, c);
    return c;
  }));
  const run1 = settle(s.run1);
  const replayed = s.replay ? [run1[0] ?? []] : [];
  return { run1, run2: [...settle(s.run2), ...replayed] };
}

/** Table `out` written by a CDC flow over `changes/`, with the reference model's rows after each run. */
export function changeFeed(name: string, s: CdcShape) {
  const { run1, run2 } = deliveries(s);
  const spec = options(s);
  const model: CdcModelSpec = {
    ...spec,
    ...(s.deletes ? { isDelete: (c: Row) => c['op'] === 'D' } : {}),
    ...(truncating(s) ? { isTruncate: (c: Row) => c['op'] === 'T' } : {}),
  };
  return {
    files: numberedFiles('changes', run1),
    rerunFiles: numberedFiles('changes', run2, run1.length),
    expected: [applyChangesModel(run1.flat(), model, INPUT_COLUMNS), applyChangesModel([...run1, ...run2].flat(), model, INPUT_COLUMNS)] as const,
    pipeline: (path: (relative: string) => string): Pipeline =>
      pipeline(name)
        .table('out')
        .flow('apply_changes', {
          kind: 'cdc',
          target: 'out',
          query: readFiles('json', path('changes'), { schema: CHANGE_SCHEMA }),
          cdc: {
            ...spec,
            ...(s.deletes ? { deleteWhen: col('op').eq('D') } : {}),
            ...(truncating(s) ? { applyAsTruncates: col('op').eq('T') } : {}),
          },
        })
        .build(),
  };
}

export const cdcLabel = (s: CdcShape): string => `scd${s.scdType}`;
