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
  /** A statement held back to travel with the next one, in the same call (`beginWithNext`). */
  #pending: string | undefined;

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
    const pending = this.#pending;
    if (pending !== undefined) {
      this.#pending = undefined;
      await this.run(pending); // DESCRIBE takes one query alone
    }
    return this.#guard(() => this.#connection.describe(sql));
  }

  /**
   * Opens a transaction with the next statement, in the same call: a
   * micro-batch makes one round trip fewer. The next statement's result is
   * its own (a call resolves to its last statement's result); if it fails,
   * the transaction may be open, so the caller rolls back as usual.
   */
  beginWithNext(): void {
    this.#pending = 'BEGIN TRANSACTION';
  }

  #withPending(sql: string): string {
    const pending = this.#pending;
    this.#pending = undefined;
    return pending === undefined ? sql : `${pending};\n${sql}`;
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
