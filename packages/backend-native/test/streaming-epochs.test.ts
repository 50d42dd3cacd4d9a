import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { type Field, type OutputMode, type RunEvent, type WindowSpec, count, countDistinct, max, pipeline, readFiles, sum } from '@thund/ir';
import { CHECKPOINT_SCHEMA, stateTableName } from '../src/stream/checkpoint-store.js';
import { DirectorySource } from '../src/stream/directory-source.js';
import { OUTPUT_LOG_SCHEMA } from '../src/stream/commit-log.js';
import { NativeConnection } from '../src/duckdb/native-connection.js';
import { FlowSession } from '../src/run/flow-session.js';
import { finish, rowsOf, useBackends, useTempDirs, writeText } from './support/helpers.js';
import { seeded } from './fixtures/crash-pipeline.js';

const SCHEMA: readonly Field[] = [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];
const BASE = Date.UTC(2024, 0, 1);

/** A CSV file of events with time moving forward, some disorder and a few late rows. */
function csvFile(random: () => number, from: number): string {
  const lines = ['ts,k,v'];
  for (let i = 0; i < 15; i += 1) {
    const t = from + i * 2 - (random() < 0.15 ? 25 : Math.floor(random() * 3));
    lines.push(`${new Date(BASE + t * 1000).toISOString().replace('T', ' ').replace('Z', '')},${'abcd'[Math.floor(random() * 4)]},${1 + Math.floor(random() * 9)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A flow session on a fresh in-memory database, closed when `body` ends. */
async function withMemorySession(body: (session: FlowSession) => Promise<void>): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = new NativeConnection(await instance.connect());
  try {
    await body(new FlowSession(connection, new AbortController().signal));
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Rows of every table a flow keeps as operator state, counted in the pipeline's DuckDB file. */
async function stateTableRows(dir: string, flow: string): Promise<number> {
  const instance = await DuckDBInstance.create(join(dir, 'state', 'native.duckdb'));
  try {
    const connection = await instance.connect();
    const names = ['part', 'buf'].map((role) => stateTableName({ name: flow }, role));
    const reader = await connection.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE schema_name = '${CHECKPOINT_SCHEMA}' AND table_name IN ('${names.join("', '")}')`);
    let rows = 0;
    for (const [table] of reader.getRows()) {
      const counted = await connection.runAndReadAll(`SELECT count(*) FROM "${CHECKPOINT_SCHEMA}"."${String(table)}"`);
      rows += Number(counted.getRows()[0]?.[0] ?? 0);
    }
    connection.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}

const epochsOf = (events: readonly RunEvent[]): RunEvent[] => events.filter((e) => e.element.name === 'totals' && e.details?.epoch !== undefined);

describe('per-epoch bookkeeping of streaming aggregations', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  const CASES: readonly [string, WindowSpec, OutputMode, boolean][] = [
    ['tumbling', { kind: 'tumbling', size: '10s' }, 'append', false],
    ['tumbling', { kind: 'tumbling', size: '10s' }, 'update', false],
    ['hopping', { kind: 'hopping', size: '10s', slide: '5s' }, 'append', false],
    ['hopping', { kind: 'hopping', size: '10s', slide: '5s' }, 'complete', false],
    ['tumbling', { kind: 'tumbling', size: '10s' }, 'append', true],
  ];
  for (const [kind, window, mode, buffered] of CASES) {
    it(`${kind} window, ${mode} mode${buffered ? ' (buffered rows)' : ''}: the reported state size is the state table's, across a restart`, async () => {
      const dir = await tempDir();
      const random = seeded(kind.length * 31 + mode.length);
      for (let f = 0; f < 4; f += 1) await writeText(join(dir, 'in', `f${f}.csv`), csvFile(random, f * 30));
      const aggregates = buffered ? [countDistinct('v').as('d'), count().as('n')] : [sum('v').as('s'), count().as('n'), max('v').as('m')];
      const p = pipeline('epochs', { storage: 'state' })
        .streamingTable('totals', { query: readFiles('csv', 'in', { schema: SCHEMA }).groupBy('k').agg(...aggregates), watermark: { column: 'ts', delay: '5s' }, window, outputMode: mode })
        .build();

      const first = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
      const run1 = await finish(first.run(p));
      expect(run1.result.status).toBe('completed');
      const epochs1 = epochsOf(run1.events);
      expect(epochs1).toHaveLength(4);
      expect(epochs1.map((e) => e.details?.stateRows).every((n) => typeof n === 'number' && n >= 0)).toBe(true);
      const written1 = rowsOf(await first.readDataset('totals')).length;
      await first.close();
      expect(epochs1.at(-1)?.details?.stateRows).toBe(await stateTableRows(dir, 'totals'));

      // A second run resumes the state from the checkpoint: its first epoch counts the resumed rows.
      for (let f = 4; f < 7; f += 1) await writeText(join(dir, 'in', `f${f}.csv`), csvFile(random, f * 30));
      const second = backend({ baseDir: dir, maxFilesPerEpoch: 2 });
      const run2 = await finish(second.run(p));
      expect(run2.result.status).toBe('completed');
      const epochs2 = epochsOf(run2.events);
      expect(epochs2.map((e) => e.details?.epoch)).toEqual([4, 5]);
      expect(epochs2.map((e) => e.details?.rowsRead)).toEqual([30, 15]);
      if (mode === 'append') expect(rowsOf(await second.readDataset('totals')).length).toBeGreaterThan(written1);
      await second.close();
      expect(epochs2.at(-1)?.details?.stateRows).toBe(await stateTableRows(dir, 'totals'));
    });
  }
});

describe('directory source listing', () => {
  const tempDir = useTempDirs();

  it('lists a backlog once, hands it out in name order, then picks up files that arrived meanwhile; each file once', async () => {
    const dir = await tempDir();
    for (const name of ['b.csv', 'd.csv', 'f.csv']) await writeFile(join(dir, name), 'x\n1\n');
    const source = await DirectorySource.open(dir, new Set(), { kind: 'flow', name: 'f' });
    const taken: string[] = [];
    const take = async (limit: number): Promise<readonly string[] | undefined> => {
      const batch = await source.next(limit);
      if (batch === undefined) return undefined;
      await source.committed(batch);
      taken.push(...batch.files.map((f) => f.slice(dir.length + 1)));
      return batch.files;
    };
    await take(1);
    await writeFile(join(dir, 'a.csv'), 'x\n1\n'); // arrives while the backlog is taken
    await writeFile(join(dir, 'e.csv'), 'x\n1\n');
    await take(1);
    await take(1);
    await take(5);
    expect(await take(5)).toBeUndefined();
    expect(taken).toEqual(['b.csv', 'd.csv', 'f.csv', 'a.csv', 'e.csv']);
    expect((await readdir(dir)).sort()).toEqual(['a.csv', 'b.csv', 'd.csv', 'e.csv', 'f.csv']);

    // A batch that was handed out but not committed (its epoch failed) is handed out again.
    await writeFile(join(dir, 'g.csv'), 'x\n1\n');
    const uncommitted = await source.next(1);
    expect(uncommitted?.files.map((f) => f.slice(dir.length + 1))).toEqual(['g.csv']);
    expect((await source.next(1))?.files.map((f) => f.slice(dir.length + 1))).toEqual(['g.csv']);

    // A file of the listing removed before its epoch is skipped, as a fresh listing would.
    for (const name of ['h.csv', 'i.csv']) await writeFile(join(dir, name), 'x\n1\n');
    await source.committed((await source.next(1)) as NonNullable<Awaited<ReturnType<typeof source.next>>>);
    expect((await source.next(1))?.files.map((f) => f.slice(dir.length + 1))).toEqual(['h.csv']);
    await rm(join(dir, 'h.csv'));
    expect((await source.next(1))?.files.map((f) => f.slice(dir.length + 1))).toEqual(['i.csv']);
  });
});

describe('one epoch, few round trips', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('the output commit log keeps one row per flow, naming its last epoch, across runs (inserted once per run, then updated)', async () => {
    const dir = await tempDir();
    const random = seeded(7);
    for (let f = 0; f < 3; f += 1) await writeText(join(dir, 'in', `f${f}.csv`), csvFile(random, f * 30));
    const p = pipeline('epochs', { storage: 'state' })
      .streamingTable('totals', { query: readFiles('csv', 'in', { schema: SCHEMA }).groupBy('k').agg(sum('v').as('s')), watermark: { column: 'ts', delay: '5s' }, window: { kind: 'tumbling', size: '10s' } })
      .build();
    const logRows = async (): Promise<unknown[][]> => {
      const instance = await DuckDBInstance.create(join(dir, 'state', 'native.duckdb'));
      try {
        const connection = await instance.connect();
        const rows = (await connection.runAndReadAll(`SELECT flow, epoch FROM "${OUTPUT_LOG_SCHEMA}"."commits" ORDER BY flow`)).getRows();
        connection.closeSync();
        return rows.map((r) => [r[0], Number(r[1])]);
      } finally {
        instance.closeSync();
      }
    };
    for (const [files, lastEpoch] of [[3, 2], [5, 4]] as const) {
      for (let f = 3; f < files; f += 1) await writeText(join(dir, 'in', `f${f}.csv`), csvFile(random, f * 30));
      const native = backend({ baseDir: dir, maxFilesPerEpoch: 1 });
      expect((await finish(native.run(p))).result.status).toBe('completed');
      await native.close();
      expect(await logRows()).toEqual([['totals', lastEpoch]]);
    }
  });

  it('statements held back run just before the next one, in its call; a rollback drops them unrun', async () => {
    await withMemorySession(async (session) => {
      await session.run('CREATE TABLE t (x INTEGER)');
      session.beginWithNext();
      session.withNext('INSERT INTO t VALUES (1), (2)');
      session.withNext('DELETE FROM t WHERE x = 1');
      // The held statements ran in order, inside the transaction; the call's result is the last statement's own.
      expect(await session.counts('SELECT count(*), max(x) FROM t')).toEqual([1, 2]);
      session.withNext('INSERT INTO t VALUES (3)');
      await session.rollback();
      expect(await session.counts('SELECT count(*) FROM t')).toEqual([0]);
      // A held statement that fails fails the call it travels with.
      session.withNext('INSERT INTO missing VALUES (1)');
      await expect(session.run('INSERT INTO t VALUES (4)')).rejects.toThrow(/missing/);
      expect(await session.counts('SELECT count(*) FROM t')).toEqual([0]);
    });
  });

  it('a session opens a transaction with the next statement it sends', async () => {
    await withMemorySession(async (session) => {
      await session.run('CREATE TABLE t (x INTEGER)');
      session.beginWithNext();
      expect(await session.run('INSERT INTO t VALUES (1), (2)')).toBe(2); // the call's result is the statement's own
      await session.run('ROLLBACK');
      expect(await session.counts('SELECT count(*) FROM t')).toEqual([0]);
      session.beginWithNext();
      expect(await session.describe('SELECT x FROM t')).toEqual([{ name: 'x', type: 'INTEGER' }]);
      await session.run('INSERT INTO t VALUES (3)');
      await session.run('ROLLBACK');
      expect(await session.counts('SELECT count(*) FROM t')).toEqual([0]);
    });
  });
});
