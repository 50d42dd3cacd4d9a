import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CdcModelSpec, type Row, applyChangesModel, diffRows, fuzzSeeds } from '@thund/backend-testkit';
import { type CdcSpec, type Field, col, pipeline, readFiles } from '@thund/ir';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from './support/helpers.js';

// Native's incremental CDC apply (one micro-batch per file, then a second run) against the reference model, over
// seeded random change sets and random combinations of every CDC option. A few keys and a small sequence range,
// so out-of-order arrival, replays, same-sequence deletes, NULL sequences, partial updates and no-op updates are
// frequent. THUND_FUZZ_RANDOM=1 adds a printed random seed.

const SCENARIOS = 40;
const SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'a', type: 'utf8' }, { name: 'b', type: 'int64' }, { name: 'op', type: 'utf8' },
];
const COLUMNS = SCHEMA.map((f) => f.name);

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scenario { readonly spec: CdcSpec; readonly model: CdcModelSpec; readonly files: readonly (readonly Row[])[]; readonly rerun: readonly Row[] }

function scenario(next: () => number): Scenario {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const scdType = next() < 0.5 ? 1 : 2;
  const ignoreNullUpdates = next() < 0.5;
  const truncates = scdType === 1 && next() < 0.4;
  const storage = pick<Pick<CdcSpec, 'columns' | 'exceptColumns'>>([{ exceptColumns: ['op'] }, { columns: ['id', 'a', 'b'] }, { columns: ['id', 'seq', 'a'] }]);
  const stored = storage.columns ?? ['id', 'seq', 'a', 'b'];
  const trackable = stored.filter((c) => c !== 'id');
  const tracking = scdType === 1 ? {} : pick<Pick<CdcSpec, 'trackHistory' | 'trackHistoryExcept'>>([
    {}, { trackHistory: [pick(trackable)] }, { trackHistoryExcept: [pick(trackable)] },
  ]);
  const spec: CdcSpec = {
    keys: ['id'], sequenceBy: 'seq', scdType, deleteWhen: col('op').eq('D').node, ...storage, ...tracking,
    ...(ignoreNullUpdates ? { ignoreNullUpdates } : {}), ...(truncates ? { applyAsTruncates: col('op').eq('T').node } : {}),
  };
  const model: CdcModelSpec = {
    keys: ['id'], sequenceBy: 'seq', scdType, ...storage, ...tracking, ignoreNullUpdates,
    isDelete: (r) => r['op'] === 'D', ...(truncates ? { isTruncate: (r: Row) => r['op'] === 'T' } : {}),
  };
  // Distinct (key, sequence) pairs, then replays, same-sequence deletes and NULL sequences.
  const slots = new Set<string>();
  const changes: Row[] = [];
  for (let n = 0; n < 24; n += 1) {
    const id = 1 + Math.floor(next() * 4);
    const seq = 1 + Math.floor(next() * 12);
    if (slots.has(`${id}/${seq}`)) continue;
    slots.add(`${id}/${seq}`);
    const op = truncates && next() < 0.06 ? 'T' : next() < 0.15 ? 'D' : 'U';
    changes.push({ id, seq, a: next() < 0.25 ? null : pick(['x', 'y']), b: next() < 0.25 ? null : pick([1, 2]), op });
  }
  const extras: Row[] = [];
  for (const c of changes) {
    const roll = next();
    if (roll < 0.15) extras.push({ ...c });
    else if (roll < 0.2 && c['op'] === 'U') extras.push({ ...c, a: null, b: null, op: 'D' });
    else if (roll < 0.25) extras.push({ ...c, seq: null });
  }
  const all = [...changes, ...extras].sort(() => next() - 0.5);
  const cut = Math.floor(all.length * 0.7);
  const first = all.slice(0, cut);
  const perFile = Math.ceil(first.length / 3);
  return { spec, model, files: [first.slice(0, perFile), first.slice(perFile, 2 * perFile), first.slice(2 * perFile)], rerun: all.slice(cut) };
}

const jsonl = (rows: readonly Row[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe('native CDC vs the reference model: random changes and options', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  for (const seed of fuzzSeeds()) {
    it(`seed ${seed}: ${SCENARIOS} scenarios, one micro-batch per file, then a second run`, async () => {
      const next = random(seed);
      for (let n = 0; n < SCENARIOS; n += 1) {
        const s = scenario(next);
        const dir = await tempDir();
        for (const [i, rows] of s.files.entries()) await writeText(join(dir, `changes/${i}.jsonl`), jsonl(rows));
        const p = pipeline('cdc_prop', { storage: 'state' })
          .table('t')
          .flow('apply', { kind: 'cdc', target: 't', query: readFiles('json', 'changes', { schema: SCHEMA }), cdc: s.spec })
          .build();
        const b = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
        const label = `scenario ${n}: ${JSON.stringify({ ...s.spec, deleteWhen: undefined, applyAsTruncates: s.spec.applyAsTruncates === undefined ? undefined : 'op = T' })}`;
        expect((await finish(b.run(p))).result.status, label).toBe('completed');
        const delivered = s.files.flat();
        expect(diffRows(rowsOf(await b.readDataset('t')), applyChangesModel(delivered, s.model, COLUMNS)), `${label}, first run`).toEqual([]);
        await writeText(join(dir, 'changes/9.jsonl'), jsonl(s.rerun));
        expect((await finish(b.run(p))).result.status, label).toBe('completed');
        expect(diffRows(rowsOf(await b.readDataset('t')), applyChangesModel([...delivered, ...s.rerun], s.model, COLUMNS)), `${label}, second run`).toEqual([]);
      }
    }, 300_000);
  }
});
