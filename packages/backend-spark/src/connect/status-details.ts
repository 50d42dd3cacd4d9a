import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

/** `google.rpc.ErrorInfo` as Spark Connect fills it. */
export interface SparkErrorInfo {
  /** The JVM exception class (`org.apache.spark.sql.AnalysisException`). */
  readonly reason: string;
  /** The error's domain (Spark's is `org.apache.spark`). */
  readonly domain: string;
  /** Spark's facts as strings: `errorClass`, `sqlState`, `messageParameters` (JSON), … */
  readonly metadata: Readonly<Record<string, string>>;
}

/** `google.rpc.Status` from the `grpc-status-details-bin` trailer. */
export interface StatusDetails {
  /** gRPC status code (0 when absent). */
  readonly code: number;
  /** The status message. */
  readonly message: string;
  /** The first `google.rpc.ErrorInfo` among the details, if any. */
  readonly errorInfo?: SparkErrorInfo;
}

type Field = readonly [number, Uint8Array | bigint];

function fields(bytes: Uint8Array): Field[] {
  const reader = new BinaryReader(bytes);
  const out: Field[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (wireType === WireType.LengthDelimited) out.push([no, reader.bytes()]);
    else if (wireType === WireType.Varint) out.push([no, BigInt(reader.uint64())]);
    else reader.skip(wireType);
  }
  return out;
}

const text = new TextDecoder();
const str = (value: Uint8Array | bigint | undefined): string => (value instanceof Uint8Array ? text.decode(value) : '');

function errorInfo(bytes: Uint8Array): SparkErrorInfo {
  let reason = '';
  let domain = '';
  const metadata: Record<string, string> = {};
  for (const [no, value] of fields(bytes)) {
    if (no === 1) reason = str(value);
    else if (no === 2) domain = str(value);
    else if (no === 3 && value instanceof Uint8Array) {
      const entry = fields(value);
      metadata[str(entry.find(([n]) => n === 1)?.[1])] = str(entry.find(([n]) => n === 2)?.[1]);
    }
  }
  return { reason, domain, metadata };
}

/** Decodes `google.rpc.Status` (and its `google.rpc.ErrorInfo` detail) without the .proto files. */
export function decodeStatusDetails(bytes: Uint8Array): StatusDetails {
  let code = 0;
  let message = '';
  let info: SparkErrorInfo | undefined;
  for (const [no, value] of fields(bytes)) {
    if (no === 1 && typeof value === 'bigint') code = Number(value);
    else if (no === 2) message = str(value);
    else if (no === 3 && value instanceof Uint8Array) {
      const any = fields(value);
      const typeUrl = str(any.find(([n]) => n === 1)?.[1]);
      const payload = any.find(([n]) => n === 2)?.[1];
      if (typeUrl.endsWith('google.rpc.ErrorInfo') && payload instanceof Uint8Array && info === undefined) info = errorInfo(payload);
    }
  }
  return info === undefined ? { code, message } : { code, message, errorInfo: info };
}
