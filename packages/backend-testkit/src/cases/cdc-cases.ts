import { type Field, type ScdType, col, pipeline, readFiles } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import type { ConformanceCase } from '../conformance-case.js';

interface Change { readonly id: number; readonly seq: number; readonly name: string | null; readonly op: 'U' | 'D' }

/**
 * Changes in two files for the first run and one for the second. They
 * arrive out of order (id 1: seq 3 before seq 2; id 2: its delete at seq 5
 * before an update at seq 4), with deletes, and a key deleted and then
 * re-inserted by a later run.
 */
const RUN_1: readonly (readonly Change[])[] = [
  [{ id: 1, seq: 1, name: 'ann', op: 'U' }, { id: 2, seq: 1, name: 'bob', op: 'U' }, { id: 1, seq: 3, name: 'ann3', op: 'U' }],
  [{ id: 1, seq: 2, name: 'ann2', op: 'U' }, { id: 2, seq: 5, name: null, op: 'D' }, { id: 3, seq: 1, name: 'cy', op: 'U' }, { id: 2, seq: 4, name: 'bob4', op: 'U' }],
];
const RUN_2: readonly Change[] = [
  { id: 3, seq: 2, name: 'cy2', op: 'U' }, { id: 4, seq: 1, name: 'dan', op: 'U' }, { id: 4, seq: 2, name: null, op: 'D' },
  { id: 2, seq: 7, name: 'bob7', op: 'U' }, { id: 1, seq: 0, name: 'too-old', op: 'U' },
];

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'op', type: 'utf8' }];
const jsonl = (changes: readonly Change[]): string => `${changes.map((c) => JSON.stringify(c)).join('\n')}\n`;
const files = (batches: readonly (readonly Change[])[], first = 0): Record<string, string> =>
  Object.fromEntries(batches.map((changes, i) => [`changes/${first + i}.jsonl`, jsonl(changes)]));

/** Per key, its changes in sequence order. */
function byKey(changes: readonly Change[]): Change[][] {
  const keys = new Map<number, Change[]>();
  for (const c of changes) keys.set(c.id, [...(keys.get(c.id) ?? []), c]);
  return [...keys.values()].map((list) => [...list].sort((a, b) => a.seq - b.seq));
}

/** SCD 1: the latest change per key by sequence; a key whose latest change is a delete is gone. */
function scd1(changes: readonly Change[]): Row[] {
  return byKey(changes).map((list) => list.at(-1) as Change).filter((c) => c.op !== 'D').map((c) => ({ id: c.id, seq: c.seq, name: c.name }));
}

/** SCD 2: a row per non-delete change, valid from its sequence until the key's next change (NULL while current). */
function scd2(changes: readonly Change[]): Row[] {
  return byKey(changes).flatMap((list) => list.flatMap((c, i) => (c.op === 'D' ? [] : [{
    id: c.id, seq: c.seq, name: c.name, __start_at: c.seq, __end_at: list[i + 1]?.seq ?? null,
  }])));
}

const model = (scdType: ScdType) => (scdType === 1 ? scd1 : scd2);

/** CDC (apply changes): keys, sequence, deletes, SCD 1 and 2, resolved by sequence, not arrival. */
export const CDC_CASES: readonly ConformanceCase[] = ([1, 2] as const).map((scdType): ConformanceCase => ({
  id: `cdc/scd${scdType}`,
  group: `cdc:scd${scdType}`,
  description: `apply changes as SCD type ${scdType}: out-of-order sequences, deletes, a second run`,
  files: files(RUN_1),
  pipeline: ({ path }) =>
    pipeline(`cdc_scd${scdType}`)
      .table('people')
      .flow('apply_people', {
        kind: 'cdc',
        target: 'people',
        query: readFiles('json', path('changes'), { schema: SCHEMA }),
        cdc: { keys: ['id'], sequenceBy: 'seq', deleteWhen: col('op').eq('D').node, scdType, exceptColumns: ['op'] },
      })
      .build(),
  expected: { people: model(scdType)(RUN_1.flat()) },
  rerun: { files: files([RUN_2], RUN_1.length), expected: { people: model(scdType)([...RUN_1.flat(), ...RUN_2]) } },
}));
