import type { Json } from '@duckdb/node-api';
import type { Flow } from '@thund/ir';
import type { NativeConnection } from '../duckdb/native-connection.js';
import type { FlowSession } from '../run/flow-session.js';
import { scratchTable, scratchTables } from './scratch.js';
import type { ReducedBatch } from './stream-operator.js';

/** One epoch's reduction. */
export interface Reduction {
  readonly epoch: number;
  /** The statements reducing the batch into `table`, ending with the query of its statistics row. */
  readonly statements: (table: string) => string;
}

interface Ahead {
  /** The statements it ran: a read-ahead is used only by an epoch that would run exactly these. */
  readonly sql: string;
  readonly table: string;
  /** Settles with the statistics row, or `undefined` if the read-ahead failed (the epoch then reduces itself). */
  readonly stats: Promise<Record<string, Json> | undefined>;
}

/**
 * Reduces a flow's micro-batches into scratch tables, one epoch ahead when
 * it can: once an epoch's watermark is known, the next batch of a backlog
 * is reduced on a second connection while this epoch writes its output and
 * state and commits. Reading a small file is mostly single-threaded, so the
 * epoch's own statements and its durable COMMIT overlap the next read.
 *
 * A read-ahead is used only when the epoch's batch and watermark are
 * exactly the ones it reduced; otherwise (or if it failed: its error is
 * never reported) the epoch reduces on its own connection, where an error
 * fails the run as usual. Reductions run outside the epoch's transaction
 * (DuckDB lets a transaction write only one database) and write nothing
 * durable, so exactly-once is unchanged.
 */
export class BatchReducer {
  readonly #flow: Pick<Flow, 'name'>;
  readonly #connect: () => Promise<NativeConnection>;
  readonly #active: Set<NativeConnection>;
  #connection: Promise<NativeConnection> | undefined;
  #ahead: Ahead | undefined;
  /** Reductions taken from a read-ahead (for tests and figures). */
  readAheadsUsed = 0;

  constructor(flow: Pick<Flow, 'name'>, connect: () => Promise<NativeConnection>, active: Set<NativeConnection>) {
    this.#flow = flow;
    this.#connect = connect;
    this.#active = active;
  }

  /** This epoch's batch reduced into its scratch table: from the read-ahead if it matches, else now on `session`. */
  async reduce(session: FlowSession, reduction: Reduction): Promise<ReducedBatch> {
    const table = scratchTable(this.#flow, reduction.epoch);
    const ahead = this.#ahead;
    this.#ahead = undefined;
    if (ahead !== undefined) {
      const stats = await ahead.stats;
      if (stats !== undefined && ahead.table === table && ahead.sql === reduction.statements(table)) {
        this.readAheadsUsed += 1;
        return { table, stats };
      }
    }
    const [stats = {}] = await session.rowsJson(reduction.statements(table));
    return { table, stats };
  }

  /** Starts reducing the next epoch's batch on the second connection; a read-ahead already running is awaited first. */
  readAhead(reduction: Reduction): void {
    const table = scratchTable(this.#flow, reduction.epoch);
    const sql = reduction.statements(table);
    const previous = this.#ahead?.stats;
    const stats = (async () => {
      await previous;
      this.#connection ??= this.#open();
      const connection = await this.#connection;
      const [row = {}] = await connection.rowsJson(sql);
      return row;
    })().catch(() => undefined);
    this.#ahead = { sql, table, stats };
  }

  /** Waits for a read-ahead in flight, drops the flow's scratch tables and closes the second connection. */
  async close(connection: NativeConnection): Promise<void> {
    await this.#ahead?.stats;
    this.#ahead = undefined;
    const second = await this.#connection?.catch(() => undefined);
    if (second !== undefined) {
      this.#active.delete(second);
      second.closeSync();
    }
    await connection.run(scratchTables(this.#flow).map((t) => `DROP TABLE IF EXISTS ${t}`).join(';\n')).catch(() => undefined);
  }

  async #open(): Promise<NativeConnection> {
    const connection = await this.#connect();
    this.#active.add(connection);
    return connection;
  }
}
