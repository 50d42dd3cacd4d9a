import { afterEach, describe, expect, it } from 'vitest';
import { NativeDatabase } from '../src/duckdb/native-database.js';
import type { NativeConnection } from '../src/duckdb/native-connection.js';
import { FlowSession } from '../src/run/flow-session.js';
import { BatchReducer } from '../src/stream/batch-reducer.js';
import { ATTACH_SCRATCH, scratchTable } from '../src/stream/scratch.js';

const flow = { name: 'totals' };
/** Statements reducing `range(n)` into `table`, then its statistics row. */
const reduceRange = (n: number) => (table: string): string => `CREATE OR REPLACE TABLE ${table} AS SELECT range AS x FROM range(${n}); SELECT count(*) AS n, sum(x) AS s FROM ${table}`;

describe('BatchReducer', () => {
  const opened: { database: NativeDatabase; connections: NativeConnection[] }[] = [];
  afterEach(() => {
    for (const { database, connections } of opened.splice(0)) {
      for (const c of connections) c.closeSync();
      database.closeSync();
    }
  });

  async function setup(): Promise<{ session: FlowSession; connection: NativeConnection; reducer: BatchReducer; active: Set<NativeConnection> }> {
    const database = await NativeDatabase.create(':memory:');
    const connection = await database.connect();
    opened.push({ database, connections: [connection] });
    await connection.run(ATTACH_SCRATCH);
    const active = new Set<NativeConnection>();
    return { session: new FlowSession(connection, new AbortController().signal), connection, reducer: new BatchReducer(flow, () => database.connect(), active), active };
  }

  it('takes the read-ahead of the same statements, on a second connection, into the epoch\'s scratch table', async () => {
    const { session, connection, reducer, active } = await setup();
    reducer.readAhead({ epoch: 3, statements: reduceRange(10) });
    expect(active.size).toBe(0); // the second connection opens asynchronously
    const reduced = await reducer.reduce(session, { epoch: 3, statements: reduceRange(10) });
    expect(reducer.readAheadsUsed).toBe(1);
    expect(active.size).toBe(1);
    expect(reduced.table).toBe(scratchTable(flow, 3));
    expect(reduced.stats).toEqual({ n: '10', s: '45' });
    expect(await session.rowsJson(`SELECT count(*) AS n FROM ${reduced.table}`)).toEqual([{ n: '10' }]);
    await reducer.close(connection);
    expect(active.size).toBe(0);
    expect(await session.rowsJson(`SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = '__thund_scratch'`)).toEqual([{ n: '0' }]);
  });

  it('reduces again when the epoch\'s statements differ from the read-ahead (another batch or watermark)', async () => {
    const { session, connection, reducer } = await setup();
    reducer.readAhead({ epoch: 4, statements: reduceRange(10) });
    const reduced = await reducer.reduce(session, { epoch: 4, statements: reduceRange(7) });
    expect(reducer.readAheadsUsed).toBe(0);
    expect(reduced.stats).toEqual({ n: '7', s: '21' });
    expect(await session.rowsJson(`SELECT max(x) AS m FROM ${reduced.table}`)).toEqual([{ m: '6' }]);
    await reducer.close(connection);
  });

  it('a failed read-ahead is never reported: the epoch reduces itself and fails with the engine\'s error', async () => {
    const { session, connection, reducer } = await setup();
    const failing = (table: string): string => `CREATE OR REPLACE TABLE ${table} AS SELECT CAST('x' AS INTEGER) AS x; SELECT 1 AS n`;
    reducer.readAhead({ epoch: 1, statements: failing });
    await expect(reducer.reduce(session, { epoch: 1, statements: failing })).rejects.toThrow(/Could not convert string 'x' to INT32/);
    expect(reducer.readAheadsUsed).toBe(0);
    // The next epoch works as usual.
    expect((await reducer.reduce(session, { epoch: 2, statements: reduceRange(3) })).stats).toEqual({ n: '3', s: '3' });
    await reducer.close(connection);
  });

  it('alternates two scratch tables: the next epoch is written while this epoch\'s is read', async () => {
    const { session, connection, reducer } = await setup();
    const current = await reducer.reduce(session, { epoch: 5, statements: reduceRange(4) });
    reducer.readAhead({ epoch: 6, statements: reduceRange(9) });
    const next = await reducer.reduce(session, { epoch: 6, statements: reduceRange(9) });
    expect(next.table).not.toBe(current.table);
    expect(await session.rowsJson(`SELECT (SELECT count(*) FROM ${current.table}) AS a, (SELECT count(*) FROM ${next.table}) AS b`)).toEqual([{ a: '4', b: '9' }]);
    await reducer.close(connection);
  });
});
