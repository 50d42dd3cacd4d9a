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

/** A server stream of responses that can be abandoned. */
export interface ResponseStream<T> extends AsyncIterable<T> {
  cancel(): void;
}

/**
 * The Spark Connect RPCs the session uses. The gRPC implementation is
 * below; tests substitute a fake (e.g. one that drops a stream mid-way).
 */
export interface ConnectTransport {
  executePlan(request: ExecutePlanRequest): ResponseStream<ExecutePlanResponse>;
  reattachExecute(request: ReattachExecuteRequest): ResponseStream<ExecutePlanResponse>;
  releaseExecute(request: ReleaseExecuteRequest): Promise<ReleaseExecuteResponse>;
  analyzePlan(request: AnalyzePlanRequest): Promise<AnalyzePlanResponse>;
  config(request: ConfigRequest): Promise<ConfigResponse>;
  interrupt(request: InterruptRequest): Promise<InterruptResponse>;
  close(): void;
}

const SERVICE = '/spark.connect.SparkConnectService/';

/** Largest response message accepted (Arrow batches can be large). */
export const MAX_RECEIVE_MESSAGE_BYTES = 128 * 1024 * 1024;

const serialize = <D extends DescMessage>(schema: D) => (message: MessageShape<D>): Buffer => Buffer.from(toBinary(schema, message));
const deserialize = <D extends DescMessage>(schema: D) => (bytes: Buffer): MessageShape<D> => fromBinary(schema, bytes);

/** Spark Connect over grpc-js: a generic client with protobuf-es codecs, no generated service stubs. */
export class GrpcTransport implements ConnectTransport {
  readonly #client: grpc.Client;
  readonly #metadata: grpc.Metadata;

  constructor(remote: SparkRemote) {
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

  analyzePlan(request: AnalyzePlanRequest): Promise<AnalyzePlanResponse> {
    return this.#unary('AnalyzePlan', AnalyzePlanRequestSchema, AnalyzePlanResponseSchema, request);
  }

  config(request: ConfigRequest): Promise<ConfigResponse> {
    return this.#unary('Config', ConfigRequestSchema, ConfigResponseSchema, request);
  }

  interrupt(request: InterruptRequest): Promise<InterruptResponse> {
    return this.#unary('Interrupt', InterruptRequestSchema, InterruptResponseSchema, request);
  }

  close(): void {
    this.#client.close();
  }

  #stream<D extends DescMessage>(method: string, schema: D, request: MessageShape<D>): ResponseStream<ExecutePlanResponse> {
    const call = this.#client.makeServerStreamRequest(
      SERVICE + method, serialize(schema), deserialize(ExecutePlanResponseSchema), request, this.#metadata.clone(), {},
    );
    return {
      cancel: () => call.cancel(),
      [Symbol.asyncIterator]: () => (call as AsyncIterable<ExecutePlanResponse>)[Symbol.asyncIterator](),
    };
  }

  #unary<D extends DescMessage, R extends DescMessage>(method: string, schema: D, response: R, request: MessageShape<D>): Promise<MessageShape<R>> {
    return new Promise((resolve, reject) => {
      this.#client.makeUnaryRequest(SERVICE + method, serialize(schema), deserialize(response), request, this.#metadata.clone(), (error, value) => {
        if (error !== null) reject(error);
        else resolve(value as MessageShape<R>);
      });
    });
  }
}
