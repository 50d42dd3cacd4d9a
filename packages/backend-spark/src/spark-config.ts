import { resolve } from 'node:path';
import { type ConnectTimeouts, resolveConnectTimeouts } from './connect/connect-timeouts.js';

/** How to create a Spark backend; every field is optional. */
export interface SparkBackendConfig {
  /** Spark Connect connection string. Default: `THUND_SPARK_REMOTE`, else `sc://127.0.0.1:15002`. */
  readonly remote?: string;
  /** Directory relative paths of a pipeline (sources, sinks, storage) resolve against. Default `process.cwd()`. */
  readonly baseDir?: string;
  /** Catalog of pipelines that name none. Default `spark_catalog`. */
  readonly catalog?: string;
  /** Database of pipelines that name none; created if missing. Default `default`. */
  readonly database?: string;
  /**
   * Where a pipeline without `storage` keeps its SDP checkpoints and
   * metadata: `<storageRoot>/<pipeline name>`. Default `<baseDir>/.thund/spark`.
   * Must be a path the Spark server can reach (it is on the server's file system).
   */
  readonly storageRoot?: string;
  /**
   * How hard the client tries after a dropped connection before it reports
   * THUND_CONNECTION: attempts (default 5) and the first backoff (default
   * 100 ms, doubled each attempt, at most 10 s per wait).
   */
  readonly retry?: {
    /** Reattempts after a dropped connection before the call fails (default 5). */
    readonly attempts?: number;
    /** The first wait between reattempts, in ms, doubled each time (default 100). */
    readonly backoffMs?: number;
  };
  /**
   * Deadlines and keepalive of every Spark Connect call, in milliseconds:
   * `connectMs` (default 30 000) to establish the connection, `unaryMs`
   * (default 60 000) for the answer of each unary call (config, version,
   * interrupt), retries included, `keepaliveMs` (default 30 000) between HTTP/2 pings and
   * `keepaliveTimeoutMs` (default 20 000) for their answer. Streams
   * (queries, pipeline runs) have no overall deadline: keepalive finds a
   * dead server under them. An expired deadline is THUND_CONNECTION with
   * sparkCode SPARK_TIMEOUT and is not retried.
   */
  readonly timeouts?: Partial<ConnectTimeouts>;
}

/** A {@link SparkBackendConfig} with its defaults filled in, frozen. */
export interface ResolvedSparkConfig {
  /** The connection string: the option, else `THUND_SPARK_REMOTE`, else {@link DEFAULT_REMOTE}. */
  readonly remote: string;
  /** The base directory, absolute. */
  readonly baseDir: string;
  /** Catalog of pipelines that name none. */
  readonly catalog: string;
  /** Database of pipelines that name none. */
  readonly database: string;
  /** Storage root for pipelines without `storage`, absolute (resolved against `baseDir`). */
  readonly storageRoot: string;
  /** Reattach attempts (a whole number, at least 0) and the first backoff in milliseconds. */
  readonly retry: {
    /** Reattempts after a dropped connection before the call fails. */
    readonly attempts: number;
    /** The first wait between reattempts, in ms, doubled each time. */
    readonly backoffMs: number;
  };
  /** Every connection timeout, validated, defaults filled in. */
  readonly timeouts: ConnectTimeouts;
}

/** The connection string used when neither the option nor `THUND_SPARK_REMOTE` gives one: a local server on Spark Connect's default port. */
export const DEFAULT_REMOTE = 'sc://127.0.0.1:15002';

export function resolveConfig(config: SparkBackendConfig): ResolvedSparkConfig {
  const baseDir = resolve(config.baseDir ?? process.cwd());
  return Object.freeze({
    remote: config.remote ?? process.env['THUND_SPARK_REMOTE'] ?? DEFAULT_REMOTE,
    baseDir,
    catalog: config.catalog ?? 'spark_catalog',
    database: config.database ?? 'default',
    storageRoot: resolve(baseDir, config.storageRoot ?? '.thund/spark'),
    retry: Object.freeze({ attempts: Math.max(0, Math.floor(config.retry?.attempts ?? 5)), backoffMs: Math.max(0, config.retry?.backoffMs ?? 100) }),
    timeouts: resolveConnectTimeouts(config.timeouts),
  });
}
