import { ThundError, ThundErrorCode } from '@thund/ir';
import type { NativeConnection, ResultColumn } from '../duckdb/native-connection.js';
import type { Json } from '@duckdb/node-api';

/**
 * A flow's connection, guarded by the run's cancellation signal: no
 * statement starts after the run was cancelled, and a cancel interrupts
 * the statement in flight.
 */
export class FlowSession {
  readonly #connection: NativeConnection;
  readonly #signal: AbortSignal;

  constructor(connection: NativeConnection, signal: AbortSignal) {
    this.#connection = connection;
    this.#signal = signal;
  }

  run(sql: string): Promise<number> {
    this.#throwIfCancelled();
    return this.#connection.run(sql);
  }

  counts(sql: string): Promise<number[]> {
    this.#throwIfCancelled();
    return this.#connection.counts(sql);
  }

  rowsJson(sql: string): Promise<Record<string, Json>[]> {
    this.#throwIfCancelled();
    return this.#connection.rowsJson(sql);
  }

  describe(sql: string): Promise<ResultColumn[]> {
    this.#throwIfCancelled();
    return this.#connection.describe(sql);
  }

  #throwIfCancelled(): void {
    if (this.#signal.aborted) throw new ThundError(ThundErrorCode.Cancelled, 'the run was cancelled', { backend: 'native' });
  }
}
