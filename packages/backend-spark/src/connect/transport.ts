import * as grpc from '@grpc/grpc-js';
import { type DescMessage, type MessageShape, fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  AnalyzePlanRequestSchema, type AnalyzePlanRequest, AnalyzePlanResponseSchema, type AnalyzePlanResponse,
  ConfigRequestSchema, type ConfigRequest, ConfigResponseSchema, type ConfigResponse,
  ExecutePlanRequestSchema, type ExecutePlanRequest, ExecutePlanResponseSchema, type ExecutePlanResponse,
  InterruptRequestSchema, type InterruptRequest, InterruptResponseSchema, type InterruptResponse,
  ReattachExecuteRequestSchema, type ReattachExecuteRequest,
  ReleaseExecuteRequestSchema, type ReleaseExecuteRequest, ReleaseExecuteResponseSchema, type ReleaseExecuteResponse,
} from '../gen/spark/connect/base_pb.js';
import type { SparkRemote } from './connection-string.js';
import { type ConnectTimeouts, keepaliveChannelOptions, resolveConnectTimeouts } from './connect-timeouts.js';
import { type ConnectionWatchdog, watchConnection } from './connection-watchdog.js';
import { SparkDeadlineError } from './deadline-error.js';

/** A server stream of responses that can be abandoned. */
export interface ResponseStream<T> extends AsyncIterable<T> {
  /** Cancels the call on the client side; the server's operation is not interrupted. */
  cancel(): void;
}

/** Options of one unary RPC. */
export interface UnaryCallOptions {
  /**
   * When the answer must have come, in epoch milliseconds. Default:
   * `timeouts.unaryMs` from now. The session gives a call and its retries
   * one deadline, so that retrying never extends it.
   */
  readonly deadline?: number;
}

/**
 * The Spark Connect RPCs the session uses. The gRPC implementation is
 * below; tests substitute a fake (e.g. one that drops a stream mid-way).
 */
export interface ConnectTransport {
  /** ExecutePlan: starts an operation and streams its responses. */
  executePlan(request: ExecutePlanRequest): ResponseStream<ExecutePlanResponse>;
  /** ReattachExecute: resumes the response stream of a running operation after a given response id. */
  reattachExecute(request: ReattachExecuteRequest): ResponseStream<ExecutePlanResponse>;
  /** ReleaseExecute: tells the server the responses (all, or up to one) are consumed and may be freed. */
  releaseExecute(request: ReleaseExecuteRequest): Promise<ReleaseExecuteResponse>;
  /** AnalyzePlan: a plan's schema, explain string, the server's version, and the like. */
  analyzePlan(request: AnalyzePlanRequest, options?: UnaryCallOptions): Promise<AnalyzePlanResponse>;
  /** Config: reads or sets the session's Spark configuration. */
  config(request: ConfigRequest, options?: UnaryCallOptions): Promise<ConfigResponse>;
  /** Interrupt: stops running operations of the session (all, by tag, or by id). */
  interrupt(request: InterruptRequest, options?: UnaryCallOptions): Promise<InterruptResponse>;
  /** Closes the channel; no call may be made afterwards. */
  close(): void;
}

const SERVICE = '/spark.connect.SparkConnectService/';

/** Largest response message accepted (Arrow batches can be large). */
export const MAX_RECEIVE_MESSAGE_BYTES = 128 * 1024 * 1024;

const serialize = <D extends DescMessage>(schema: D) => (message: MessageShape<D>): Buffer => Buffer.from(toBinary(schema, message));
const deserialize = <D extends DescMessage>(schema: D) => (bytes: Buffer): MessageShape<D> => fromBinary(schema, bytes);

/**
 * Spark Connect over grpc-js: a generic client with protobuf-es codecs, no
 * generated service stubs. Every call has a connect deadline, unary calls
 * a deadline for their answer, and the channel sends keepalive pings (see
 * ConnectTimeouts); a deadline that expires is a SparkDeadlineError.
 */
export class GrpcTransport implements ConnectTransport {
  readonly #client: grpc.Client;
  readonly #metadata: grpc.Metadata;
  readonly #timeouts: ConnectTimeouts;

  constructor(remote: SparkRemote, timeouts: Partial<ConnectTimeouts> = {}) {
    this.#timeouts = resolveConnectTimeouts(timeouts);
    const credentials = remote.useSsl
      ? remote.token === undefined
        ? grpc.credentials.createSsl()
        : grpc.credentials.combineChannelCredentials(
          grpc.credentials.createSsl(),
          grpc.credentials.createFromMetadataGenerator((_, callback) => {
            const md = new grpc.Metadata();
            md.set('authorization', `Bearer ${remote.token}`);
            callback(null, md);
          }),
        )
      : grpc.credentials.createInsecure();
    this.#client = new grpc.Client(remote.address, credentials, {
      'grpc.max_receive_message_length': MAX_RECEIVE_MESSAGE_BYTES,
      'grpc.max_send_message_length': MAX_RECEIVE_MESSAGE_BYTES,
      ...keepaliveChannelOptions(this.#timeouts),
      ...(remote.userAgent === undefined ? {} : { 'grpc.primary_user_agent': remote.userAgent }),
    });
    this.#metadata = new grpc.Metadata();
    for (const [key, value] of Object.entries(remote.metadata)) this.#metadata.set(key, value);
  }

  executePlan(request: ExecutePlanRequest): ResponseStream<ExecutePlanResponse> {
    return this.#stream('ExecutePlan', ExecutePlanRequestSchema, request);
  }

  reattachExecute(request: ReattachExecuteRequest): ResponseStream<ExecutePlanResponse> {
    return this.#stream('ReattachExecute', ReattachExecuteRequestSchema, request);
  }

  releaseExecute(request: ReleaseExecuteRequest): Promise<ReleaseExecuteResponse> {
    return this.#unary('ReleaseExecute', ReleaseExecuteRequestSchema, ReleaseExecuteResponseSchema, request);
  }

  analyzePlan(request: AnalyzePlanRequest, options?: UnaryCallOptions): Promise<AnalyzePlanResponse> {
    return this.#unary('AnalyzePlan', AnalyzePlanRequestSchema, AnalyzePlanResponseSchema, request, options);
  }

  config(request: ConfigRequest, options?: UnaryCallOptions): Promise<ConfigResponse> {
    return this.#unary('Config', ConfigRequestSchema, ConfigResponseSchema, request, options);
  }

  interrupt(request: InterruptRequest, options?: UnaryCallOptions): Promise<InterruptResponse> {
    return this.#unary('Interrupt', InterruptRequestSchema, InterruptResponseSchema, request, options);
  }

  close(): void {
    this.#client.close();
  }

  #stream<D extends DescMessage>(method: string, schema: D, request: MessageShape<D>): ResponseStream<ExecutePlanResponse> {
    const call = this.#client.makeServerStreamRequest(
      SERVICE + method, serialize(schema), deserialize(ExecutePlanResponseSchema), request, this.#metadata.clone(), {},
    );
    const watchdog = this.#watch(method, call);
    return {
      cancel: () => {
        watchdog.answered();
        call.cancel();
      },
      [Symbol.asyncIterator]: () => guarded(call as AsyncIterable<ExecutePlanResponse>, watchdog)[Symbol.asyncIterator](),
    };
  }

  #unary<D extends DescMessage, R extends DescMessage>(method: string, schema: D, response: R, request: MessageShape<D>, options: UnaryCallOptions = {}): Promise<MessageShape<R>> {
    const unaryMs = this.#timeouts.unaryMs;
    const deadline = options.deadline ?? Date.now() + unaryMs;
    return new Promise((resolve, reject) => {
      const watchdog: { current?: ConnectionWatchdog } = {};
      const call = this.#client.makeUnaryRequest(
        SERVICE + method, serialize(schema), deserialize(response), request, this.#metadata.clone(), { deadline },
        (error, value) => {
          watchdog.current?.answered();
          if (error === null) resolve(value as MessageShape<R>);
          else reject(watchdog.current?.expired ?? (error.code === grpc.status.DEADLINE_EXCEEDED ? unaryDeadline(method, unaryMs, error) : error));
        },
      );
      watchdog.current = this.#watch(method, call);
    });
  }

  /** The connect deadline of one call; the server's headers or status end it. */
  #watch(method: string, call: grpc.ClientUnaryCall | grpc.ClientReadableStream<unknown>): ConnectionWatchdog {
    const watchdog = watchConnection(this.#client.getChannel(), method, this.#timeouts.connectMs, () => call.cancel());
    call.once('metadata', watchdog.answered);
    call.once('status', watchdog.answered);
    return watchdog;
  }
}

/** A stream's responses; if its connect deadline expired, the deadline error instead of grpc-js's CANCELLED. */
async function* guarded<T>(source: AsyncIterable<T>, watchdog: ConnectionWatchdog): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (reason) {
    throw watchdog.expired ?? reason;
  } finally {
    watchdog.answered();
  }
}

/** grpc-js's DEADLINE_EXCEEDED of a unary call: before a connection (`Waiting for LB pick`) or after the call was sent. */
function unaryDeadline(method: string, deadlineMs: number, error: grpc.ServiceError): SparkDeadlineError {
  const phase = /remote_addr=/.test(error.details) ? 'answer' : 'connect';
  return new SparkDeadlineError({ method, phase, setting: 'timeouts.unaryMs', deadlineMs }, { cause: error });
}
