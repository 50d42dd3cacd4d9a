import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { ThundError, ThundErrorCode } from '@thund/ir';
import { SANDBOX_SETTING_NAMES } from './duckdb/sandbox-settings.js';
import type { MemorySources } from './stream/memory-rows.js';

/** How to create a native backend; every field is optional. */
export interface NativeBackendConfig {
  /** DuckDB database file; datasets persist there between runs. Default is `:memory:` (or, with `persist`, each pipeline's own file). */
  readonly database?: string;
  /**
   * When no `database` is given, keep each pipeline's datasets in
   * `<storage root>/native.duckdb` (default `<baseDir>/.thund/<pipeline>/`)
   * instead of in memory, as streaming pipelines always do: a later backend
   * reads them back (`readRows` with the pipeline), and two processes
   * cannot run the same pipeline at once (DuckDB locks the file). The
   * `thund` CLI turns it on. Default `false`.
   */
  readonly persist?: boolean;
  /** Directory that relative file paths of a pipeline (sources, sinks) resolve against. Default is `process.cwd()`. */
  readonly baseDir?: string;
  /** Flows run at the same time, each on its own DuckDB connection. Default is `min(4, CPUs)`. */
  readonly maxConcurrency?: number;
  /** DuckDB configuration (`threads`, `memory_limit`, …) used when the database is opened. */
  readonly duckdb?: Readonly<Record<string, string>>;
  /** In-memory streaming sources, bound to `read_files` paths (see `MemorySources`). Runs may add more. */
  readonly sources?: MemorySources;
  /**
   * Most new files (or in-memory items) one micro-batch of an `available_now`
   * or `processing_time` trigger takes. Default is unlimited (everything new).
   */
  readonly maxFilesPerEpoch?: number;
  /**
   * Runs pipelines you did not write with less risk (a pipeline document is
   * code: its raw SQL and paths run with this process's rights). When `true`,
   * DuckDB reads and writes files only inside `baseDir`, reaches no network
   * (no `http://`, `s3://`, …), installs and loads no extensions, and SQL
   * cannot change these settings; `check` refuses `read_files` paths, sink
   * locations and storage roots outside `baseDir` (absolute or through `..`)
   * and URLs. Default `false`. See "Trust" in the README.
   */
  readonly sandbox?: boolean;
}

/** A {@link NativeBackendConfig} with its defaults filled in, frozen. */
export interface ResolvedNativeConfig {
  /** `:memory:`, or the database file's absolute path (a relative one resolved against `baseDir`). */
  readonly database: string;
  /** Whether pipelines persist in their storage root when `database` is `:memory:`. */
  readonly persist: boolean;
  /** The base directory, absolute. */
  readonly baseDir: string;
  /** Flows run at the same time: a whole number, at least 1. */
  readonly maxConcurrency: number;
  /** DuckDB configuration (a frozen copy; empty by default). */
  readonly duckdb: Readonly<Record<string, string>>;
  /** In-memory streaming sources given at creation (a frozen copy; empty by default). */
  readonly sources: MemorySources;
  /** Most new files one micro-batch takes: a whole number, at least 1, or `Infinity` for unlimited. */
  readonly maxFilesPerEpoch: number;
  /** Whether the sandbox is on. */
  readonly sandbox: boolean;
}

export function resolveConfig(config: NativeBackendConfig): ResolvedNativeConfig {
  const baseDir = resolve(config.baseDir ?? process.cwd());
  const database = config.database === undefined || config.database === ':memory:'
    ? ':memory:'
    : isAbsolute(config.database) ? config.database : resolve(baseDir, config.database);
  const maxConcurrency = Math.max(1, Math.floor(config.maxConcurrency ?? Math.min(4, availableParallelism())));
  const sandbox = config.sandbox === true;
  const overridden = sandbox ? Object.keys(config.duckdb ?? {}).filter((name) => SANDBOX_SETTING_NAMES.includes(name.toLowerCase())) : [];
  if (overridden.length > 0) {
    throw new ThundError(
      ThundErrorCode.Validation,
      `NativeBackendConfig.duckdb sets ${overridden.map((n) => `"${n}"`).join(', ')}, which the sandbox controls: remove ${overridden.length === 1 ? 'it' : 'them'} from NativeBackendConfig.duckdb, or turn the sandbox off`,
      { backend: 'native' },
    );
  }
  const maxFilesPerEpoch = config.maxFilesPerEpoch === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(config.maxFilesPerEpoch));
  return Object.freeze({
    database, persist: config.persist === true, baseDir, maxConcurrency, duckdb: Object.freeze({ ...config.duckdb }), sources: Object.freeze({ ...config.sources }), maxFilesPerEpoch, sandbox,
  });
}
