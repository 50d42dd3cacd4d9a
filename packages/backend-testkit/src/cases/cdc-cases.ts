import { type CdcSpec, type Field, type ScdType, col, pipeline, readFiles } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import type { ConformanceCase } from '../conformance-case.js';
import { applyChangesModel } from './cdc-model.js';

/*
 * CDC (AUTO CDC / apply changes) conformance: every option, with exact
 * rows. Changes arrive as JSON lines files, out of sequence order, across
 * files and runs. The first two cases' expected rows come from the
 * reference model (cdc-model.ts); every other case spells its rows out.
 */

type Rows = readonly Row[];
const jsonl = (changes: Rows): string => `${changes.map((c) => JSON.stringify(c)).join('\n')}\n`;
const files = (batches: readonly Rows[], first = 0): Record<string, string> =>
  Object.fromEntries(batches.map((changes, i) => [`changes/${first + i}.jsonl`, jsonl(changes)]));
const field = (name: string, type: Field['type']): Field => ({ name, type });

/** A one-flow pipeline applying `changes/*.jsonl` (of `schema`) to `people`. */
const cdcPipeline = (name: string, schema: readonly Field[], cdc: CdcSpec | ((c: typeof col) => CdcSpec)) => ({ path }: { path: (r: string) => string }) =>
  pipeline(name)
    .table('people')
    .flow('apply_people', { kind: 'cdc', target: 'people', query: readFiles('json', path('changes'), { schema }), cdc: typeof cdc === 'function' ? cdc(col) : cdc })
    .build();

// ── Sequencing, deletes and a second run (expected rows from the reference model) ──

type Change = { readonly id: number; readonly seq: number; readonly name: string | null; readonly op: 'U' | 'D' };
const PLAIN: readonly Field[] = [field('id', 'int64'), field('seq', 'int64'), field('name', 'utf8'), field('op', 'utf8')];

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
const model = (scdType: ScdType, changes: Rows): Row[] =>
  applyChangesModel(changes, { keys: ['id'], sequenceBy: 'seq', scdType, exceptColumns: ['op'], isDelete: (c) => c['op'] === 'D' }, ['id', 'seq', 'name', 'op']);

const SEQUENCING: readonly ConformanceCase[] = ([1, 2] as const).map((scdType): ConformanceCase => ({
  id: `cdc/scd${scdType}`,
  group: `cdc:scd${scdType}`,
  description: `apply changes as SCD type ${scdType}: out-of-order sequences, deletes, a second run`,
  files: files(RUN_1),
  pipeline: cdcPipeline(`cdc_scd${scdType}`, PLAIN, (c) => ({ keys: ['id'], sequenceBy: 'seq', deleteWhen: c('op').eq('D').node, scdType, exceptColumns: ['op'] })),
  expected: { people: model(scdType, RUN_1.flat()) },
  rerun: { files: files([RUN_2], RUN_1.length), expected: { people: model(scdType, [...RUN_1.flat(), ...RUN_2]) } },
}));

// ── History tracking: the example of the AUTO CDC documentation, shuffled over two files ──

const USERS: readonly Field[] = [field('userId', 'int64'), field('name', 'utf8'), field('city', 'utf8'), field('operation', 'utf8'), field('sequenceNum', 'int64')];
const user = (userId: number, name: string | null, city: string | null, operation: string, sequenceNum: number): Row => ({ userId, name, city, operation, sequenceNum });
const USER_CHANGES: readonly Rows[] = [
  [user(124, 'Raul', 'Oaxaca', 'INSERT', 1), user(123, null, null, 'DELETE', 6), user(125, 'Mercedes', 'Guadalajara', 'UPDATE', 6), user(126, 'Lily', 'Cancun', 'INSERT', 2)],
  [user(123, 'Isabel', 'Monterrey', 'INSERT', 1), user(125, 'Mercedes', 'Mexicali', 'UPDATE', 5), user(125, 'Mercedes', 'Tijuana', 'INSERT', 2), user(123, 'Isabel', 'Chihuahua', 'UPDATE', 5)],
];
const version = (userId: number, name: string, city: string, start: number, end: number | null): Row => ({ userId, name, city, __START_AT: start, __END_AT: end });
const usersSpec = (extra: Partial<CdcSpec>) => (c: typeof col): CdcSpec => ({
  keys: ['userId'], sequenceBy: 'sequenceNum', scdType: 2, deleteWhen: c('operation').eq('DELETE').node, exceptColumns: ['operation', 'sequenceNum'], ...extra,
});
const EVERY_CITY: Rows = [
  version(123, 'Isabel', 'Monterrey', 1, 5), version(123, 'Isabel', 'Chihuahua', 5, 6), version(124, 'Raul', 'Oaxaca', 1, null),
  version(125, 'Mercedes', 'Tijuana', 2, 5), version(125, 'Mercedes', 'Mexicali', 5, 6), version(125, 'Mercedes', 'Guadalajara', 6, null),
  version(126, 'Lily', 'Cancun', 2, null),
];
/** City untracked: a move rewrites the current version in place, so a version shows its last city. */
const NAMES_ONLY: Rows = [
  version(123, 'Isabel', 'Chihuahua', 1, 6), version(124, 'Raul', 'Oaxaca', 1, null), version(125, 'Mercedes', 'Guadalajara', 2, null), version(126, 'Lily', 'Cancun', 2, null),
];

const TRACKING: readonly ConformanceCase[] = [
  { name: 'track-all', description: 'every stored column tracked: each city change opens a version; a delete closes one', extra: {}, rows: EVERY_CITY },
  { name: 'track-history-except', description: 'trackHistoryExcept city: a city change rewrites the current version in place', extra: { trackHistoryExcept: ['city'] }, rows: NAMES_ONLY },
  { name: 'track-history', description: 'trackHistory name: only a name change opens a version', extra: { trackHistory: ['name'] }, rows: NAMES_ONLY },
].map(({ name, description, extra, rows }) => ({
  id: `cdc/scd2-${name}`,
  group: 'cdc:scd2',
  description: `SCD 2, ${description} (the AUTO CDC documentation's example, shuffled over two files)`,
  files: files(USER_CHANGES),
  pipeline: cdcPipeline(`cdc_${name.replaceAll('-', '_')}`, USERS, usersSpec(extra)),
  expected: { people: rows },
}));

// ── No-op updates and replays ──

/** seq stored but untracked: an update repeating the tracked values opens no version; its seq shows on the version. */
const NOOP_RUN_1: readonly Rows[] = [
  [{ id: 1, seq: 10, name: 'ann', op: 'U' }, { id: 1, seq: 30, name: 'ann', op: 'U' }, { id: 2, seq: 10, name: 'bob', op: 'U' }],
  [{ id: 1, seq: 20, name: 'ann', op: 'U' }, { id: 1, seq: 40, name: 'ann2', op: 'U' }, { id: 2, seq: 20, name: 'bob', op: 'U' }, { id: 2, seq: 30, name: null, op: 'D' }],
];
/** Run 2: a replay of run 1's first file, a no-op arriving late inside the first version, and a no-op after a delete (which opens a version). */
const NOOP_RUN_2: Rows = [
  ...(NOOP_RUN_1[0] ?? []), { id: 1, seq: 25, name: 'ann', op: 'U' }, { id: 1, seq: 50, name: 'ann2', op: 'U' }, { id: 2, seq: 40, name: 'bob', op: 'U' },
];
const noop = (id: number, seq: number, name: string, start: number, end: number | null): Row => ({ id, seq, name, __START_AT: start, __END_AT: end });

const NO_OP: ConformanceCase = {
  id: 'cdc/scd2-no-op-updates',
  group: 'cdc:scd2',
  description: 'SCD 2: updates changing no tracked column open no version, out of order and replayed, across two runs',
  files: files(NOOP_RUN_1),
  pipeline: cdcPipeline('cdc_no_op', PLAIN, (c) => ({ keys: ['id'], sequenceBy: 'seq', scdType: 2, deleteWhen: c('op').eq('D').node, exceptColumns: ['op'], trackHistoryExcept: ['seq'] })),
  expected: { people: [noop(1, 30, 'ann', 10, 40), noop(1, 40, 'ann2', 40, null), noop(2, 20, 'bob', 10, 30)] },
  rerun: {
    files: files([NOOP_RUN_2], NOOP_RUN_1.length),
    expected: { people: [noop(1, 30, 'ann', 10, 40), noop(1, 50, 'ann2', 40, null), noop(2, 20, 'bob', 10, 30), noop(2, 40, 'bob', 40, null)] },
  },
};

/** The same changes delivered twice (two files with equal content, then again in the next run): nothing counts twice. */
const REPLAY_FILE: Rows = [
  { id: 1, seq: 1, name: 'ann', op: 'U' }, { id: 1, seq: 2, name: 'ann2', op: 'U' }, { id: 2, seq: 1, name: 'bob', op: 'U' }, { id: 2, seq: 2, name: null, op: 'D' },
];
const REPLAYS: readonly ConformanceCase[] = ([1, 2] as const).map((scdType) => {
  const rows = scdType === 1
    ? [{ id: 1, seq: 2, name: 'ann2' }]
    : [{ id: 1, seq: 1, name: 'ann', __START_AT: 1, __END_AT: 2 }, { id: 1, seq: 2, name: 'ann2', __START_AT: 2, __END_AT: null }, { id: 2, seq: 1, name: 'bob', __START_AT: 1, __END_AT: 2 }];
  return {
    id: `cdc/scd${scdType}-replays`,
    group: `cdc:scd${scdType}`,
    description: `SCD ${scdType}: every change delivered twice in one run and again in the next is applied once`,
    files: files([REPLAY_FILE, REPLAY_FILE]),
    pipeline: cdcPipeline(`cdc_replays_${scdType}`, PLAIN, (c) => ({ keys: ['id'], sequenceBy: 'seq', scdType, deleteWhen: c('op').eq('D').node, exceptColumns: ['op'] })),
    expected: { people: rows },
    rerun: { files: files([REPLAY_FILE], 2), expected: { people: rows } },
  };
});

// ── ignoreNullUpdates ──

const WIDE: readonly Field[] = [field('id', 'int64'), field('seq', 'int64'), field('name', 'utf8'), field('city', 'utf8'), field('op', 'utf8')];
const wide = (id: number, seq: number, name: string | null, city: string | null, op = 'U'): Row => ({ id, seq, name, city, op });
/** Partial updates (NULL = not sent), out of order, one after a delete (which starts the row afresh). */
const PARTIAL: readonly Rows[] = [
  [wide(1, 1, 'ann', 'Oslo'), wide(1, 3, 'ann3', null), wide(2, 1, 'bob', 'Rome'), wide(2, 3, null, null, 'D')],
  [wide(1, 2, null, 'Bergen'), wide(2, 4, null, 'Pisa'), wide(2, 2, 'bob2', null), wide(3, 1, 'cy', null)],
];
const IGNORE_NULLS: readonly ConformanceCase[] = ([1, 2] as const).map((scdType) => ({
  id: `cdc/scd${scdType}-ignore-null-updates`,
  group: `cdc:scd${scdType}`,
  description: `SCD ${scdType}, ignoreNullUpdates: a NULL column of an update keeps the stored value; after a delete there is none to keep`,
  files: files(PARTIAL),
  pipeline: cdcPipeline(`cdc_ignore_nulls_${scdType}`, WIDE, (c) => ({
    keys: ['id'], sequenceBy: 'seq', scdType, deleteWhen: c('op').eq('D').node, exceptColumns: ['op'], ignoreNullUpdates: true, ...(scdType === 2 ? { trackHistoryExcept: ['seq'] } : {}),
  })),
  expected: {
    people: scdType === 1
      ? [{ id: 1, seq: 3, name: 'ann3', city: 'Bergen' }, { id: 2, seq: 4, name: null, city: 'Pisa' }, { id: 3, seq: 1, name: 'cy', city: null }]
      : [
        { id: 1, seq: 1, name: 'ann', city: 'Oslo', __START_AT: 1, __END_AT: 2 }, { id: 1, seq: 2, name: 'ann', city: 'Bergen', __START_AT: 2, __END_AT: 3 },
        { id: 1, seq: 3, name: 'ann3', city: 'Bergen', __START_AT: 3, __END_AT: null },
        { id: 2, seq: 1, name: 'bob', city: 'Rome', __START_AT: 1, __END_AT: 2 }, { id: 2, seq: 2, name: 'bob2', city: 'Rome', __START_AT: 2, __END_AT: 3 },
        { id: 2, seq: 4, name: null, city: 'Pisa', __START_AT: 4, __END_AT: null },
        { id: 3, seq: 1, name: 'cy', city: null, __START_AT: 1, __END_AT: null },
      ],
  },
}));

// ── applyAsTruncates (SCD 1) ──

/** A truncate (of any key) empties the target; only changes sequenced after it count, whenever they arrive. */
const TRUNCATE_RUN_1: readonly Rows[] = [
  [{ id: 1, seq: 1, name: 'ann', op: 'U' }, { id: 2, seq: 2, name: 'bob', op: 'U' }, { id: 9, seq: 5, name: null, op: 'T' }],
  [{ id: 3, seq: 6, name: 'cy', op: 'U' }, { id: 2, seq: 4, name: 'bob4', op: 'U' }, { id: 1, seq: 7, name: 'ann7', op: 'U' }],
];
const TRUNCATE_RUN_2: Rows = [
  { id: 4, seq: 3, name: 'too-late', op: 'U' }, { id: 4, seq: 8, name: 'dan', op: 'U' }, { id: 3, seq: 9, name: null, op: 'D' },
];
const TRUNCATES: ConformanceCase = {
  id: 'cdc/scd1-truncates',
  group: 'cdc:scd1',
  description: 'SCD 1, applyAsTruncates: a truncate empties the target; changes sequenced before it are gone, in this run and the next',
  files: files(TRUNCATE_RUN_1),
  pipeline: cdcPipeline('cdc_truncates', PLAIN, (c) => ({
    keys: ['id'], sequenceBy: 'seq', scdType: 1, deleteWhen: c('op').eq('D').node, applyAsTruncates: c('op').eq('T').node, exceptColumns: ['op'],
  })),
  expected: { people: [{ id: 1, seq: 7, name: 'ann7' }, { id: 3, seq: 6, name: 'cy' }] },
  rerun: { files: files([TRUNCATE_RUN_2], 2), expected: { people: [{ id: 1, seq: 7, name: 'ann7' }, { id: 4, seq: 8, name: 'dan' }] } },
};

/** CDC (apply changes): keys, sequence, deletes, SCD 1 and 2, history tracking, no-op updates, replays, ignoreNullUpdates, truncates. */
export const CDC_CASES: readonly ConformanceCase[] = [...SEQUENCING, ...TRACKING, NO_OP, ...REPLAYS, ...IGNORE_NULLS, TRUNCATES];
