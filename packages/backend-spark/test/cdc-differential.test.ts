import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CdcModelSpec, type Row, applyChangesModel, diffRows, fuzzSeeds, writeCaseFiles } from '@thund/backend-testkit';
import { type CdcSpec, type Field, type Pipeline, col, pipeline, readFiles } from '@thund/ir';
import { both, remote, tempRoot } from './support/differential.js';

// A seeded randomized CDC differential: ≥ 10,000 changes over ≥ 1,000 keys, shuffled and delivered as files over
// 4 runs, applied by three CDC flows (SCD 1 with ignoreNullUpdates and truncates; SCD 2 tracking history on
// name only; SCD 2 with ignoreNullUpdates tracking every stored column). After every run each table must be equal
// on native and on Spark, and equal to the reference model (cases/cdc-model.ts in the testkit, a plain per-key
// walk in sequence order). The default seed is fixed; THUND_FUZZ_RANDOM=1 adds a printed random one.

const KEYS = 1_200;
const CHANGES = 12_000;
const RUNS = 4;
const FILES_PER_RUN = 3;

const SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' }, { name: 'seq', type: 'int64' }, { name: 'name', type: 'utf8' },
  { name: 'city', type: 'utf8' }, { name: 'tier', type: 'int64' }, { name: 'op', type: 'utf8' },
];
const INPUT_COLUMNS = SCHEMA.map((f) => f.name);

/** mulberry32: a small seeded generator, so a seed names one data set. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Changes in their true order (sequence 1…n, one global counter), then a
 * few extras: exact replays, a delete at the same key and sequence as an
 * upsert (the delete wins), NULL sequences (ignored), two truncates (SCD 1).
 * Values come from small sets, so updates often repeat the tracked values
 * (no-op updates), and 20% of the values are NULL (partial updates).
 */
function generate(seed: number): Row[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const maybe = <T>(value: T): T | null => (next() < 0.2 ? null : value);
  const changes: Row[] = [];
  for (let seq = 1; seq <= CHANGES; seq += 1) {
    const id = seq <= KEYS ? seq : 1 + Math.floor(next() * KEYS);
    const truncate = seq === Math.floor(CHANGES * 0.4) || seq === Math.floor(CHANGES * 0.7);
    const op = truncate ? 'T' : next() < 0.08 ? 'D' : 'U';
    changes.push(op === 'U'
      ? { id, seq, name: maybe(pick(['ann', 'bob', 'cy'])), city: maybe(pick(['Oslo', 'Rome', 'Lima'])), tier: maybe(pick([1, 2, 3])), op }
      : { id, seq, name: null, city: null, tier: null, op });
  }
  const extras: Row[] = [];
  for (const change of changes) {
    const roll = next();
    if (roll < 0.05) extras.push({ ...change });
    else if (roll < 0.055 && change['op'] === 'U') extras.push({ ...change, name: null, city: null, tier: null, op: 'D' });
    else if (roll < 0.058) extras.push({ ...change, seq: null });
  }
  const all = [...changes, ...extras];
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j] as Row, all[i] as Row];
  }
  return all;
}

interface Table { readonly name: string; readonly spec: CdcSpec; readonly model: CdcModelSpec; readonly withoutTruncates: boolean }
const isDelete = (row: Row): boolean => row['op'] === 'D';
const TABLES: readonly Table[] = [
  {
    name: 'current', withoutTruncates: false,
    spec: { keys: ['id'], sequenceBy: 'seq', scdType: 1, deleteWhen: col('op').eq('D').node, applyAsTruncates: col('op').eq('T').node, exceptColumns: ['op'], ignoreNullUpdates: true },
    model: { keys: ['id'], sequenceBy: 'seq', scdType: 1, exceptColumns: ['op'], ignoreNullUpdates: true, isDelete, isTruncate: (row) => row['op'] === 'T' },
  },
  {
    name: 'name_history', withoutTruncates: true,
    spec: { keys: ['id'], sequenceBy: 'seq', scdType: 2, deleteWhen: col('op').eq('D').node, exceptColumns: ['op'], trackHistory: ['name'] },
    model: { keys: ['id'], sequenceBy: 'seq', scdType: 2, exceptColumns: ['op'], trackHistory: ['name'], isDelete },
  },
  {
    name: 'full_history', withoutTruncates: true,
    spec: { keys: ['id'], sequenceBy: 'seq', scdType: 2, deleteWhen: col('op').eq('D').node, columns: ['id', 'name', 'city', 'tier'], ignoreNullUpdates: true },
    model: { keys: ['id'], sequenceBy: 'seq', scdType: 2, columns: ['id', 'name', 'city', 'tier'], ignoreNullUpdates: true, isDelete },
  },
];

function cdcPipeline(workDir: string): Pipeline {
  let p = pipeline('cdc_differential', { storage: 'state' });
  for (const table of TABLES) {
    const feed = readFiles('json', join(workDir, 'changes'), { schema: SCHEMA });
    p = p.table(table.name).flow(`apply_${table.name}`, {
      kind: 'cdc', target: table.name, query: table.withoutTruncates ? feed.filter(col('op').neq('T')) : feed, cdc: table.spec,
    });
  }
  return p.build();
}

const jsonl = (rows: readonly Row[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe.runIf(remote !== undefined)('differential: randomized CDC, native vs spark vs the reference model', () => {
  const temp = tempRoot('thund-cdc-diff-');
  afterAll(() => temp.remove());

  it('a change feed without a declared schema, its stored columns listed: equal on both and to the model', async () => {
    const changes = generate(7).slice(0, 2_000).filter((c) => c['op'] !== 'T');
    const spec: CdcSpec = { keys: ['id'], sequenceBy: 'seq', scdType: 2, deleteWhen: col('op').eq('D').node, columns: ['id', 'name', 'city'], ignoreNullUpdates: true };
    const model: CdcModelSpec = { keys: ['id'], sequenceBy: 'seq', scdType: 2, columns: ['id', 'name', 'city'], ignoreNullUpdates: true, isDelete };
    const side = (engine: string) => {
      const workDir = join(temp.path(), 'schemaless', engine);
      writeCaseFiles({ 'changes/0.jsonl': jsonl(changes.slice(0, 1_000)), 'changes/1.jsonl': jsonl(changes.slice(1_000)) }, workDir);
      const p = pipeline('cdc_schemaless', { storage: 'state' }).table('history')
        .flow('apply_history', { kind: 'cdc', target: 'history', query: readFiles('json', join(workDir, 'changes')), cdc: spec }).build();
      return { workDir, pipeline: p };
    };
    const run = await both({ native: side('native'), spark: side('spark') }, `thund_cdcschemaless${process.pid}`);
    try {
      expect(run.n.status, JSON.stringify(run.n.error)).toBe('completed');
      expect(run.s.status, JSON.stringify(run.s.error)).toBe('completed');
      const rows = await run.read('history');
      const expected = applyChangesModel(changes, model, INPUT_COLUMNS);
      expect(expected.length).toBeGreaterThan(100);
      expect(diffRows(rows.native, expected).slice(0, 5)).toEqual([]);
      expect(diffRows(rows.spark, expected).slice(0, 5)).toEqual([]);
    } finally {
      await run.close();
    }
  }, 300_000);

  for (const seed of fuzzSeeds()) {
    it(`seed ${seed}: ${CHANGES} changes over ${KEYS} keys, shuffled over ${RUNS} runs of ${FILES_PER_RUN} files — equal SCD 1 and SCD 2 tables after every run`, async () => {
      const changes = generate(seed);
      const perRun = Math.ceil(changes.length / RUNS);
      const root = join(temp.path(), String(seed));
      const sides = { native: { workDir: join(root, 'native') }, spark: { workDir: join(root, 'spark') } };
      const deliver = (run: number): void => {
        const batch = changes.slice(run * perRun, (run + 1) * perRun);
        const perFile = Math.ceil(batch.length / FILES_PER_RUN);
        const files = Object.fromEntries(Array.from({ length: FILES_PER_RUN }, (_, f) => [
          `changes/run${run}-part${f}.jsonl`, jsonl(batch.slice(f * perFile, (f + 1) * perFile)),
        ]));
        for (const side of Object.values(sides)) writeCaseFiles(files, side.workDir);
      };
      deliver(0);
      const started = performance.now();
      const run = await both({
        native: { ...sides.native, pipeline: cdcPipeline(sides.native.workDir) },
        spark: { ...sides.spark, pipeline: cdcPipeline(sides.spark.workDir) },
      }, `thund_cdcdiff${process.pid}`);
      const timings: string[] = [];
      try {
        let results = { n: run.n, s: run.s };
        for (let r = 0; r < RUNS; r += 1) {
          if (r > 0) {
            deliver(r);
            const t = performance.now();
            results = await run.again();
            timings.push(`run ${r + 1}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
          } else {
            timings.push(`run 1: ${((performance.now() - started) / 1000).toFixed(1)} s`);
          }
          expect(results.n.status, `run ${r + 1}: native ${JSON.stringify(results.n.error)}`).toBe('completed');
          expect(results.s.status, `run ${r + 1}: spark ${JSON.stringify(results.s.error)}`).toBe('completed');
          const delivered = changes.slice(0, (r + 1) * perRun);
          for (const table of TABLES) {
            const input = table.withoutTruncates ? delivered.filter((c) => c['op'] !== 'T') : delivered;
            const expected = applyChangesModel(input, table.model, INPUT_COLUMNS);
            const rows = await run.read(table.name);
            expect(expected.length, `run ${r + 1} ${table.name}: the model keeps rows`).toBeGreaterThan(100);
            expect(diffRows(rows.native, expected).slice(0, 5), `run ${r + 1} ${table.name}: native vs model`).toEqual([]);
            expect(diffRows(rows.spark, expected).slice(0, 5), `run ${r + 1} ${table.name}: spark vs model`).toEqual([]);
            if (r === RUNS - 1) {
              // Under the rule before AUTO CDC semantics every upsert opened a version: the model with the sequence column tracked.
              const everyUpsert = table.model.scdType === 2 ? applyChangesModel(input, { ...table.model, columns: undefined, trackHistory: undefined, exceptColumns: ['op'] }, INPUT_COLUMNS).length : undefined;
              timings.push(`${table.name}: ${expected.length} rows${everyUpsert === undefined ? '' : ` (${everyUpsert} if every upsert opened a version)`}`);
            }
          }
        }
        console.log(`cdc differential seed ${seed}: ${changes.length} change rows; ${timings.join('; ')}`);
      } finally {
        await run.close();
      }
    }, 900_000);
  }
});
