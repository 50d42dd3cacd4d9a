import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, type ScdType, col, pipeline, readFiles } from '@thund/ir';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from './support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'utf8' }, { name: 'op', type: 'utf8' }];

interface Change { readonly id: number; readonly seq: number; readonly name: string | null; readonly op: 'U' | 'D' }

/** Three micro-batches; changes arrive out of order (a later sequence before an earlier one), with deletes. */
const BATCHES: readonly (readonly Change[])[] = [
  [{ id: 1, seq: 1, name: 'ann', op: 'U' }, { id: 2, seq: 1, name: 'bob', op: 'U' }, { id: 1, seq: 3, name: 'ann3', op: 'U' }],
  [{ id: 1, seq: 2, name: 'ann2', op: 'U' }, { id: 2, seq: 5, name: null, op: 'D' }, { id: 3, seq: 1, name: 'cy', op: 'U' }],
  [{ id: 2, seq: 4, name: 'bob4', op: 'U' }, { id: 3, seq: 2, name: 'cy2', op: 'U' }, { id: 4, seq: 1, name: 'dan', op: 'U' }, { id: 4, seq: 2, name: null, op: 'D' }],
];

const csv = (changes: readonly Change[]): string => `id,seq,name,op\n${changes.map((c) => `${c.id},${c.seq},${c.name ?? ''},${c.op}`).join('\n')}\n`;

/** Independent model: per key, changes ordered by sequence (duplicates of a key+sequence count once). */
function byKey(changes: readonly Change[]): Map<number, Change[]> {
  const keys = new Map<number, Map<number, Change>>();
  for (const c of changes) {
    const seqs = keys.get(c.id) ?? new Map<number, Change>();
    if (!seqs.has(c.seq)) seqs.set(c.seq, c);
    keys.set(c.id, seqs);
  }
  return new Map([...keys].map(([id, seqs]) => [id, [...seqs.values()].sort((a, b) => a.seq - b.seq)]));
}

function scd1(changes: readonly Change[]): Record<string, unknown>[] {
  return [...byKey(changes).values()]
    .map((list) => list.at(-1) as Change)
    .filter((c) => c.op !== 'D')
    .map((c) => ({ id: c.id, seq: c.seq, name: c.name }))
    .sort((a, b) => a.id - b.id);
}

function scd2(changes: readonly Change[]): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const list of byKey(changes).values()) {
    list.forEach((c, i) => {
      if (c.op !== 'D') rows.push({ id: c.id, seq: c.seq, name: c.name, __START_AT: c.seq, __END_AT: list[i + 1]?.seq ?? null });
    });
  }
  return rows.sort((a, b) => Number(a['id']) - Number(b['id']) || Number(a['seq']) - Number(b['seq']));
}

function cdcPipeline(scdType: ScdType) {
  return pipeline('cdc', { storage: 'state' })
    .table('people')
    .flow('apply', {
      kind: 'cdc',
      target: 'people',
      query: readFiles('csv', 'changes', { schema: SCHEMA }),
      cdc: { keys: ['id'], sequenceBy: 'seq', deleteWhen: col('op').eq('D').node, scdType, exceptColumns: ['op'] },
    })
    .build();
}

const sorted = (rows: Record<string, unknown>[]): Record<string, unknown>[] =>
  [...rows].sort((a, b) => Number(a['id']) - Number(b['id']) || Number(a['seq']) - Number(b['seq']));

describe('cdc (apply changes)', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  for (const [scdType, model] of [[1, scd1], [2, scd2]] as const) {
    it(`SCD ${scdType}: out-of-order changes resolved by sequence, deletes applied, a replayed batch changes nothing`, async () => {
      const dir = await tempDir();
      for (const [i, batch] of BATCHES.entries()) await writeText(join(dir, `changes/${i}.csv`), csv(batch));
      const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
      const { result, events } = await finish(b.run(cdcPipeline(scdType)));
      expect(result.status).toBe('completed');
      expect(events.filter((e) => e.details?.epoch !== undefined).map((e) => e.details?.rowsRead)).toEqual([3, 3, 4]);
      const all = BATCHES.flat();
      const expected = model(all);
      expect(expected.length).toBeGreaterThan(1);
      expect(sorted(rowsOf(await b.readDataset('people')))).toEqual(expected);

      // The first batch again, as a new file (a replay): no change to the target.
      await writeText(join(dir, 'changes/3.csv'), csv(BATCHES[0] as Change[]));
      expect((await finish(b.run(cdcPipeline(scdType)))).result.status).toBe('completed');
      expect(sorted(rowsOf(await b.readDataset('people')))).toEqual(expected);
    });
  }

  it('SCD 1 keeps every change in its state: a change older than a delete does not resurrect the key', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'changes/0.csv'), csv([{ id: 7, seq: 9, name: null, op: 'D' }]));
    await writeText(join(dir, 'changes/1.csv'), csv([{ id: 7, seq: 3, name: 'old', op: 'U' }, { id: 8, seq: 1, name: 'new', op: 'U' }]));
    const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
    const { events } = await finish(b.run(cdcPipeline(1)));
    expect(rowsOf(await b.readDataset('people'))).toEqual([{ id: 8, seq: 1, name: 'new' }]);
    expect(events.filter((e) => e.details?.epoch !== undefined).map((e) => e.details?.stateRows)).toEqual([1, 3]);
  });
});
