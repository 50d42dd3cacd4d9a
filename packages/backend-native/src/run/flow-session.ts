import { ThundError, ThundErrorCode } from '@thund/ir';
import type { NativeConnection, ResultColumn } from '../duckdb/native-connection.js';
import type { Json } from '@duckdb/node-api';

/**
 * A flow's connection, guarded by the run's cancellation signal: no
 * statement starts after the run was cancelled, and a cancel interrupts
 * the statement in flight.
 */
const INTERRUPT_REPEAT_MS = 50;

export class FlowSession {
  readonly #connection: NativeConnection;
  readonly #signal: AbortSignal;
  /** Statements held back to travel with the next one, in the same call (`withNext`). */
  #pending: string[] = [];

  constructor(connection: NativeConnection, signal: AbortSignal) {
    this.#connection = connection;
    this.#signal = signal;
  }

  run(sql: string): Promise<number> {
    return this.#guard(() => this.#connection.run(this.#withPending(sql)));
  }

  counts(sql: string): Promise<number[]> {
    return this.#guard(() => this.#connection.counts(this.#withPending(sql)));
  }

  rowsJson(sql: string): Promise<Record<string, Json>[]> {
    return this.#guard(() => this.#connection.rowsJson(this.#withPending(sql)));
  }

  async describe(sql: string): Promise<ResultColumn[]> {
    if (this.#pending.length > 0) await this.run(this.#takePending()); // DESCRIBE takes one query alone
    return this.#guard(() => this.#connection.describe(sql));
  }

  /**
   * Holds `sql` back to run just before the next statement, in the same
   * call: an epoch makes fewer round trips (on a 2-CPU machine each call
   * also costs the reduction running beside it; bench/streaming-vs-batch.ts).
   * Its result is lost (a call resolves to its last statement's result), so
   * only statements whose result nobody reads travel this way. If the call
   * fails, the statements held back may have run: the caller rolls back.
   */
  withNext(sql: string): void {
    this.#pending.push(sql);
  }

  /** Opens a transaction with the next statement, in the same call. */
  beginWithNext(): void {
    this.withNext('BEGIN TRANSACTION');
  }

  /** Rolls back the open transaction; statements held back are dropped, never run. */
  async rollback(): Promise<void> {
    this.#pending = [];
    await this.run('ROLLBACK');
  }

  #withPending(sql: string): string {
    return this.#pending.length === 0 ? sql : `${this.#takePending()};\n${sql}`;
  }

  #takePending(): string {
    const pending = this.#pending.join(';\n');
    this.#pending = [];
    return pending;
  }

  /**
   * Runs one statement; a cancel while it runs interrupts it, again every
   * 50 ms until it has ended. DuckDB drops an interrupt that arrives before
   * the statement has begun executing (the cancel raced its start), so one
   * interrupt is not enough: that race let a minutes-long query run on.
   */
  async #guard<T>(start: () => Promise<T>): Promise<T> {
    this.#throwIfCancelled();
    const pending = start();
    let timer: ReturnType<typeof setInterval> | undefined;
    const interrupt = (): void => {
      this.#connection.interrupt();
      timer ??= setInterval(() => this.#connection.interrupt(), INTERRUPT_REPEAT_MS);
    };
    if (this.#signal.aborted) interrupt();
    else this.#signal.addEventListener('abort', interrupt, { once: true });
    try {
      return await pending;
    } finally {
      this.#signal.removeEventListener('abort', interrupt);
      if (timer !== undefined) clearInterval(timer);
    }
  }

  #throwIfCancelled(): void {
    if (this.#signal.aborted) throw new ThundError(ThundErrorCode.Cancelled, 'the run was cancelled', { backend: 'native' });
  }
}
