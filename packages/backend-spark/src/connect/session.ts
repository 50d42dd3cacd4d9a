import { randomUUID } from 'node:crypto';
import { type MessageInitShape, create } from '@bufbuild/protobuf';
import type { Table } from 'apache-arrow';
import {
  AnalyzePlanRequestSchema, ConfigRequestSchema, ExecutePlanRequestSchema, type ExecutePlanResponse, InterruptRequestSchema,
  InterruptRequest_InterruptType, type PlanSchema, ReattachExecuteRequestSchema, ReleaseExecuteRequestSchema,
} from '../gen/spark/connect/base_pb.js';
import type { RelationSchema } from '../gen/spark/connect/relations_pb.js';
import type { DataType } from '../gen/spark/connect/types_pb.js';
import { collectArrow } from './arrow-result.js';
import { type SparkRemote, parseConnectionString } from './connection-string.js';
import { GrpcCode, type GrpcErrorLike, isConnectionFailure, sparkFacts, thundErrorFromSpark } from './spark-error.js';
import { ThundError, ThundErrorCode } from '@thund/ir';
import { type ConnectTransport, GrpcTransport, type UnaryCallOptions } from './transport.js';
import { type ConnectTimeouts, resolveConnectTimeouts } from './connect-timeouts.js';
import { SparkDeadlineError } from './deadline-error.js';

/** A Spark Connect `Plan` message as protobuf-es initialises it (a plain object, fields optional). */
export type PlanInit = MessageInitShape<typeof PlanSchema>;
/** A Spark Connect `Relation` message as protobuf-es initialises it (a plain object, fields optional). */
export type RelationInit = MessageInitShape<typeof RelationSchema>;

/** Options of one {@link SparkConnectSession.execute}. */
export interface ExecuteOptions {
  /** Aborting interrupts the operation on the server and ends the stream. */
  readonly signal?: AbortSignal;
  /** Called with the operation id before the first response. */
  readonly onOperation?: (operationId: string) => void;
}

/** How a {@link SparkConnectSession} retries and identifies itself. */
export interface SessionOptions {
  /** Reattach attempts after a dropped stream before giving up. Default 5. */
  readonly maxReattempts?: number;
  /** First backoff between reattach attempts, doubled each time. Default 100 ms. */
  readonly backoffMs?: number;
  /** The `client_type` every request carries (the server only logs it). Default `thund-ts`. */
  readonly clientType?: string;
  /**
   * Deadlines and keepalive of the gRPC transport the session creates;
   * unset values default (see ConnectTimeouts: connect 30 s, unary calls
   * 60 s, a keepalive ping every 30 s). A passed-in transport keeps its
   * own, but `unaryMs` still bounds each unary call with its retries.
   */
  readonly timeouts?: Partial<ConnectTimeouts>;
}

const CLIENT_TYPE = 'thund-ts';

/**
 * One Spark Connect session: a session id reused by every request, the user
 * context, and the RPCs Þund needs. `execute` runs a plan as a reattachable
 * operation: if the response stream drops (or ends before ResultComplete)
 * it reattaches from the last response id, and releases the operation at
 * the end.
 */
export class SparkConnectSession {
  /** The session id every request carries: the connection string's `session_id`, else a random UUID. */
  readonly sessionId: string;
  /** The server connected to. */
  readonly remote: SparkRemote;
  readonly #transport: ConnectTransport;
  readonly #userContext: { userId: string; userName: string };
  readonly #maxReattempts: number;
  readonly #backoffMs: number;
  readonly #clientType: string;
  readonly #unaryMs: number;
  #closed = false;

  constructor(remote: SparkRemote, transport?: ConnectTransport, options: SessionOptions = {}) {
    this.remote = remote;
    this.#transport = transport ?? new GrpcTransport(remote, options.timeouts);
    this.sessionId = remote.sessionId ?? randomUUID();
    const user = remote.userId ?? 'thund';
    this.#userContext = { userId: user, userName: user };
    this.#maxReattempts = options.maxReattempts ?? 5;
    this.#backoffMs = options.backoffMs ?? 100;
    this.#clientType = options.clientType ?? CLIENT_TYPE;
    this.#unaryMs = resolveConnectTimeouts(options.timeouts).unaryMs;
  }

  /**
   * A session over a new gRPC transport to the server a connection string
   * names (a malformed one is a `THUND_VALIDATION` error). Nothing is sent
   * yet: the channel connects on the first call.
   */
  static connect(remote: string, options?: SessionOptions): SparkConnectSession {
    const parsed = parseConnectionString(remote);
    return new SparkConnectSession(parsed, new GrpcTransport(parsed, options?.timeouts), options);
  }

  #base() {
    return { sessionId: this.sessionId, userContext: this.#userContext, clientType: this.#clientType };
  }

  /**
   * Runs a plan and yields every response, reattaching after a dropped
   * stream. Errors are ThundErrors.
   *
   * Recovery: a connection failure (UNAVAILABLE: refused, reset, keepalive
   * pings unanswered) or a stream that ends before ResultComplete is retried up to `maxReattempts`
   * times with a doubling backoff (the budget resets whenever a response
   * arrives): ReattachExecute from the last response id, or — if no
   * response came back and the server does not know the operation (the
   * request was lost with the connection) — ExecutePlan again with the same
   * operation id. Once the budget is spent the error is THUND_CONNECTION
   * saying the connection was lost (or the server could not be reached).
   * An expired connect deadline (SPARK_TIMEOUT) or a peer that is not a
   * Spark Connect server (SPARK_NOT_SPARK_CONNECT) fails at once.
   */
  async *execute(plan: PlanInit, options: ExecuteOptions = {}): AsyncGenerator<ExecutePlanResponse> {
    this.#assertOpen();
    const operationId = randomUUID();
    const request = create(ExecutePlanRequestSchema, {
      ...this.#base(),
      operationId,
      plan,
      requestOptions: [{ requestOption: { case: 'reattachOptions', value: { reattachable: true } } }],
    });
    options.onOperation?.(operationId);
    const { signal } = options;
    let stream = this.#transport.executePlan(request);
    // Kept so that `finally` can wait for it: releasing the operation before
    // the server has handled the Interrupt would leave it nothing to interrupt.
    let interrupting: Promise<unknown> | undefined;
    const onAbort = (): void => {
      interrupting = this.interrupt(operationId).catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let lastResponseId: string | undefined;
    let complete = false;
    let attempts = 0;
    let responses = 0;
    /** Whether the current stream is an ExecutePlan (not a ReattachExecute). */
    let executing = true;
    try {
      for (;;) {
        let failure: unknown;
        try {
          for await (const response of stream) {
            if (response.responseId !== '') lastResponseId = response.responseId;
            attempts = 0;
            responses += 1;
            if (response.responseType.case === 'resultComplete') complete = true;
            yield response;
          }
          if (complete || signal?.aborted === true) return;
        } catch (reason) {
          if (signal?.aborted === true) throw thundErrorFromSpark(Object.assign(new Error('cancelled'), { code: GrpcCode.Cancelled }), { remote: this.remote.display });
          failure = reason;
        }
        if (this.#closed) throw closedError(this.remote.display);
        // What to send next: a lost first request is sent again; otherwise reattach.
        let resend = false;
        if (failure !== undefined && !isConnectionFailure(failure)) {
          const engineClass = sparkFacts(failure as GrpcErrorLike).engineClass ?? '';
          if (!executing && lastResponseId === undefined && engineClass.startsWith('INVALID_HANDLE.OPERATION_NOT_FOUND')) resend = true;
          else if (executing && engineClass.startsWith('INVALID_HANDLE.OPERATION_ALREADY_EXISTS')) resend = false;
          else throw thundErrorFromSpark(failure, { remote: this.remote.display });
        }
        if (attempts >= this.#maxReattempts) {
          const last = failure ?? Object.assign(new Error('the response stream ended before the result was complete'), { code: GrpcCode.Unavailable, details: 'the stream ended before the result was complete' });
          throw thundErrorFromSpark(last, { remote: this.remote.display, attempts, connected: responses > 0 });
        }
        attempts += 1;
        await delay(Math.min(this.#backoffMs * 2 ** (attempts - 1), MAX_BACKOFF_MS));
        if (this.#closed) throw closedError(this.remote.display);
        if (isAborted(signal)) throw thundErrorFromSpark(Object.assign(new Error('cancelled'), { code: GrpcCode.Cancelled }), { remote: this.remote.display });
        executing = resend;
        stream = resend
          ? this.#transport.executePlan(request)
          : this.#transport.reattachExecute(create(ReattachExecuteRequestSchema, {
            ...this.#base(),
            operationId,
            ...(lastResponseId === undefined ? {} : { lastResponseId }),
          }));
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (interrupting !== undefined) await Promise.race([interrupting, delay(INTERRUPT_WAIT_MS, { unref: true })]);
      if (!complete) stream.cancel();
      if (!this.#closed) {
        void this.#transport.releaseExecute(create(ReleaseExecuteRequestSchema, {
          ...this.#base(), operationId, release: { case: 'releaseAll', value: {} },
        })).catch(() => undefined);
      }
    }
  }

  /** Runs a plan to its end, ignoring the responses. */
  async drain(plan: PlanInit, options?: ExecuteOptions): Promise<ExecutePlanResponse[]> {
    const responses: ExecutePlanResponse[] = [];
    for await (const response of this.execute(plan, options)) responses.push(response);
    return responses;
  }

  /** Runs a relation and returns its rows as one Arrow table. */
  async table(relation: RelationInit, options?: ExecuteOptions): Promise<Table> {
    return collectArrow(this.execute({ opType: { case: 'root', value: relation } }, options));
  }

  /** Runs Spark SQL (a query or a statement) and returns its result. */
  sql(query: string, options?: ExecuteOptions): Promise<Table> {
    return this.table({ relType: { case: 'sql', value: { query } } }, options);
  }

  /** The server's Spark version (AnalyzePlan spark_version); also proves the server is reachable. */
  async sparkVersion(): Promise<string> {
    const response = await this.#unary('AnalyzePlan', (call) => this.#transport.analyzePlan(create(AnalyzePlanRequestSchema, {
      ...this.#base(), analyze: { case: 'sparkVersion', value: {} },
    }), call));
    return response.result.case === 'sparkVersion' ? response.result.value.version : 'unknown';
  }

  /**
   * The schema Spark analyses a relation to have, as Spark's own types:
   * the schema an ExecutePlan of it with `LIMIT 0` sends before its (no)
   * rows. An ExecutePlan rather than AnalyzePlan, so a slow analysis (a
   * file read inferring its schema) is cancellable and not cut off by
   * `timeouts.unaryMs`. Spark's analysis errors propagate.
   */
  async schema(relation: RelationInit, options?: ExecuteOptions): Promise<DataType | undefined> {
    let schema: DataType | undefined;
    for await (const response of this.execute({ opType: { case: 'root', value: { relType: { case: 'limit', value: { input: relation, limit: 0 } } } } }, options)) {
      schema ??= response.schema;
    }
    return schema;
  }

  /** Sets session configuration. */
  async setConfig(pairs: Readonly<Record<string, string>>): Promise<void> {
    await this.#unary('Config', (call) => this.#transport.config(create(ConfigRequestSchema, {
      ...this.#base(),
      operation: { opType: { case: 'set', value: { pairs: Object.entries(pairs).map(([key, value]) => ({ key, value })) } } },
    }), call));
  }

  /** Reads session configuration; unset keys are absent. */
  async getConfig(keys: readonly string[]): Promise<Record<string, string>> {
    const response = await this.#unary('Config', (call) => this.#transport.config(create(ConfigRequestSchema, {
      ...this.#base(), operation: { opType: { case: 'getOption', value: { keys: [...keys] } } },
    }), call));
    return Object.fromEntries(response.pairs.filter((p) => p.value !== undefined).map((p) => [p.key, p.value as string]));
  }

  /** Interrupts one operation (or every operation of the session); returns the ids the server interrupted. */
  async interrupt(operationId?: string): Promise<string[]> {
    const response = await this.#unary('Interrupt', (call) => this.#transport.interrupt(create(InterruptRequestSchema, {
      ...this.#base(),
      ...(operationId === undefined
        ? { interruptType: InterruptRequest_InterruptType.ALL }
        : { interruptType: InterruptRequest_InterruptType.OPERATION_ID, interrupt: { case: 'operationId', value: operationId } }),
    }), call));
    return [...response.interruptedIds];
  }

  /**
   * One idempotent unary RPC: a connection failure (the channel was
   * dropped, keepalive pings unanswered, the server restarting) is retried
   * with the reattach budget, all attempts within one deadline,
   * `timeouts.unaryMs` from the first: a retry never extends it. An
   * expired deadline is not retried. Errors are ThundErrors.
   */
  async #unary<T>(method: string, call: (options: UnaryCallOptions) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.#unaryMs;
    for (let attempts = 0; ; attempts += 1) {
      let failure: unknown;
      try {
        this.#assertOpen();
        return await call({ deadline });
      } catch (reason) {
        if (this.#closed) throw closedError(this.remote.display);
        if (!isConnectionFailure(reason) || attempts >= this.#maxReattempts) throw thundErrorFromSpark(reason, { remote: this.remote.display, attempts });
        failure = reason;
      }
      const backoff = Math.min(this.#backoffMs * 2 ** attempts, MAX_BACKOFF_MS);
      if (Date.now() + backoff >= deadline) {
        const expired = new SparkDeadlineError({ method, phase: 'answer', setting: 'timeouts.unaryMs', deadlineMs: this.#unaryMs }, { cause: failure });
        throw thundErrorFromSpark(expired, { remote: this.remote.display, attempts });
      }
      await delay(backoff);
    }
  }

  /** Closes the channel; later calls fail with THUND_CANCELLED, a running `execute` stops. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#transport.close();
  }

  /** Whether {@link SparkConnectSession.close} was called. */
  get closed(): boolean {
    return this.#closed;
  }

  #assertOpen(): void {
    if (this.#closed) throw closedError(this.remote.display);
  }
}

/** How long a cancelled `execute` waits for its Interrupt before releasing the operation. */
const INTERRUPT_WAIT_MS = 5_000;

/** Upper bound of one wait between reattach attempts. */
const MAX_BACKOFF_MS = 10_000;

function closedError(remote: string): ThundError {
  return new ThundError(ThundErrorCode.Cancelled, `the Spark Connect session to ${remote} was closed`, { backend: 'spark' });
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function delay(ms: number, options: { unref?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (options.unref === true) timer.unref();
  });
}
