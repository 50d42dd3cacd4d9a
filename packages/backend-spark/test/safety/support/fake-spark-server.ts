import * as grpc from '@grpc/grpc-js';
import { type DescMessage, type MessageShape, create, fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  AnalyzePlanRequestSchema, AnalyzePlanResponseSchema, type AnalyzePlanResponse, ConfigRequestSchema, ConfigResponseSchema, type ConfigResponse,
  type ExecutePlanRequest, ExecutePlanRequestSchema, type ExecutePlanResponse, ExecutePlanResponseSchema,
  type ReattachExecuteRequest, ReattachExecuteRequestSchema, ReleaseExecuteRequestSchema, ReleaseExecuteResponseSchema, type ReleaseExecuteResponse,
} from '../../../src/gen/spark/connect/base_pb.js';

/** What the fake server does with one ExecutePlan or ReattachExecute stream. */
export type StreamBehaviour = (call: grpc.ServerWritableStream<ExecutePlanRequest | ReattachExecuteRequest, ExecutePlanResponse>, rpc: 'ExecutePlan' | 'ReattachExecute') => void;

export interface FakeSparkOptions {
  /** Default: answer ResultComplete at once. */
  readonly stream?: StreamBehaviour;
  /** Whether AnalyzePlan and Config answer (`answer`, the default) or never do (`never`: a stuck server). */
  readonly unary?: 'answer' | 'never';
}

const codec = <D extends DescMessage>(schema: D) => ({
  serialize: (message: MessageShape<D>): Buffer => Buffer.from(toBinary(schema, message)),
  deserialize: (bytes: Buffer): MessageShape<D> => fromBinary(schema, bytes),
});

function method<Q extends DescMessage, R extends DescMessage>(name: string, request: Q, response: R, responseStream: boolean): grpc.MethodDefinition<MessageShape<Q>, MessageShape<R>> {
  const q = codec(request);
  const r = codec(response);
  return {
    path: `/spark.connect.SparkConnectService/${name}`, requestStream: false, responseStream,
    requestSerialize: q.serialize, requestDeserialize: q.deserialize, responseSerialize: r.serialize, responseDeserialize: r.deserialize,
  };
}

/** A ResultComplete response for operation `operationId`. */
export function resultComplete(operationId: string): ExecutePlanResponse {
  return create(ExecutePlanResponseSchema, { operationId, responseId: `${operationId}-done`, responseType: { case: 'resultComplete', value: {} } });
}

/**
 * A minimal Spark Connect server on grpc-js (ExecutePlan, ReattachExecute,
 * ReleaseExecute, AnalyzePlan, Config) whose behaviour a test scripts: a
 * stream that stays silent while "computing", a server that never answers.
 * It speaks real gRPC over HTTP/2, so keepalive pings are answered.
 */
export class FakeSparkServer {
  readonly #server: grpc.Server;
  readonly port: number;
  /** RPCs received, in order. */
  readonly calls: string[] = [];

  private constructor(server: grpc.Server, port: number, calls: string[]) {
    this.#server = server;
    this.port = port;
    this.calls = calls;
  }

  static async start(options: FakeSparkOptions = {}): Promise<FakeSparkServer> {
    const calls: string[] = [];
    const server = new grpc.Server();
    const stream = options.stream ?? ((call) => {
      call.write(resultComplete(call.request.operationId ?? ''));
      call.end();
    });
    const never = options.unary === 'never';
    server.addService({
      ExecutePlan: method('ExecutePlan', ExecutePlanRequestSchema, ExecutePlanResponseSchema, true),
      ReattachExecute: method('ReattachExecute', ReattachExecuteRequestSchema, ExecutePlanResponseSchema, true),
      ReleaseExecute: method('ReleaseExecute', ReleaseExecuteRequestSchema, ReleaseExecuteResponseSchema, false),
      AnalyzePlan: method('AnalyzePlan', AnalyzePlanRequestSchema, AnalyzePlanResponseSchema, false),
      Config: method('Config', ConfigRequestSchema, ConfigResponseSchema, false),
    }, {
      ExecutePlan: (call: grpc.ServerWritableStream<ExecutePlanRequest, ExecutePlanResponse>) => {
        calls.push('ExecutePlan');
        stream(call, 'ExecutePlan');
      },
      ReattachExecute: (call: grpc.ServerWritableStream<ReattachExecuteRequest, ExecutePlanResponse>) => {
        calls.push('ReattachExecute');
        stream(call, 'ReattachExecute');
      },
      ReleaseExecute: (_: grpc.ServerUnaryCall<unknown, ReleaseExecuteResponse>, done: grpc.sendUnaryData<ReleaseExecuteResponse>) => {
        calls.push('ReleaseExecute');
        done(null, create(ReleaseExecuteResponseSchema, {}));
      },
      AnalyzePlan: (_: grpc.ServerUnaryCall<unknown, AnalyzePlanResponse>, done: grpc.sendUnaryData<AnalyzePlanResponse>) => {
        calls.push('AnalyzePlan');
        if (!never) done(null, create(AnalyzePlanResponseSchema, { result: { case: 'sparkVersion', value: { version: '4.3.0' } } }));
      },
      Config: (_: grpc.ServerUnaryCall<unknown, ConfigResponse>, done: grpc.sendUnaryData<ConfigResponse>) => {
        calls.push('Config');
        if (!never) done(null, create(ConfigResponseSchema, {}));
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error === null ? resolve(bound) : reject(error)));
    });
    return new FakeSparkServer(server, port, calls);
  }

  get remote(): string {
    return `sc://127.0.0.1:${this.port}`;
  }

  /** Stops at once, cancelling calls in progress. */
  stop(): void {
    this.#server.forceShutdown();
  }
}
