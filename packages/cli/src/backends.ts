import type { Capabilities, ExecBackend } from '@thund/ir';
import { installCommand } from './install-command.js';
import { cliVersion, installedVersion, releaseLineMismatch } from './release-line.js';
import { UsageError } from './usage-error.js';

/** What the command line says about the backend to create, whichever backend `--backend` names. */
export interface BackendOptions {
  /** Directory relative paths in the pipeline resolve against. */
  readonly baseDir: string;
  /** `--db`: DuckDB database file for the native backend. */
  readonly database?: string;
  /** `--remote`: Spark Connect connection string. */
  readonly remote?: string;
  /** `--sandbox`: native only; files only inside baseDir, no network, no extensions (NativeBackendConfig.sandbox). */
  readonly sandbox?: boolean;
}

/** Every command takes what it needs from the contract and its facets (`explain`, `readRows`, `close`): there are no per-backend adapters. */
type BackendFactory = (options: BackendOptions) => Promise<ExecBackend>;

/** A backend for one throwaway run (`thund diff`), and how to remove what that run created beyond its directory. */
export interface ScratchBackend {
  readonly backend: ExecBackend;
  /** Removes the scratch database `database` (the backend is closed by the caller afterwards). */
  dispose(): Promise<void>;
}

type ScratchFactory = (options: BackendOptions, database: string) => Promise<ScratchBackend>;

/** Native keeps each pipeline in its storage root unless `--db` says where (as SDP and dbt keep what a run wrote); scratch runs stay in memory. */
const nativeFactory = (persist: boolean): BackendFactory => async (options) => {
  const { createNativeBackend } = await import('@thund/backend-native');
  return createNativeBackend({
    baseDir: options.baseDir,
    persist,
    ...(options.database === undefined ? {} : { database: options.database }),
    ...(options.sandbox === true ? { sandbox: true } : {}),
  });
};

/** What a backend runs, without connecting to anything (Spark: the version it is built and tested against). */
type CapabilitiesOf = () => Promise<Capabilities>;

const BACKENDS: Readonly<Record<string, { readonly packageName: string; readonly create: BackendFactory; readonly scratch: ScratchFactory; readonly capabilities: CapabilitiesOf }>> = {
  native: {
    packageName: '@thund/backend-native',
    create: nativeFactory(true),
    // In memory: nothing outlives the backend.
    scratch: async (options) => ({ backend: await nativeFactory(false)(options), dispose: async () => undefined }),
    capabilities: async () => (await import('@thund/backend-native')).createNativeCapabilities(),
  },
  spark: {
    packageName: '@thund/backend-spark',
    create: async (options) => {
      if (options.sandbox === true) {
        throw new UsageError('--sandbox is a native backend option: on Spark, raw SQL runs on the cluster with the session\'s rights; leave out --sandbox, or use --backend native');
      }
      const { createSparkBackend } = await import('@thund/backend-spark');
      return createSparkBackend({ baseDir: options.baseDir, ...(options.remote === undefined ? {} : { remote: options.remote }) });
    },
    scratch: async (options, database) => {
      const { createSparkBackend } = await import('@thund/backend-spark');
      const backend = await createSparkBackend({ baseDir: options.baseDir, ...(options.remote === undefined ? {} : { remote: options.remote }), database });
      // The run created this database (its name is fresh); drop it with what the run wrote.
      return { backend, dispose: async () => { await backend.session.sql(`DROP DATABASE IF EXISTS \`${database}\` CASCADE`); } };
    },
    capabilities: async () => {
      const { SPARK_VERSION, createSparkCapabilities } = await import('@thund/backend-spark');
      return createSparkCapabilities({ version: SPARK_VERSION });
    },
  },
};

export const BACKEND_NAMES: readonly string[] = Object.keys(BACKENDS);

/** The built-in backends whose package is installed beside this CLI, in the order of {@link BACKEND_NAMES}. */
export function installedBackends(): string[] {
  return BACKEND_NAMES.filter((name) => {
    const entry = BACKENDS[name];
    return entry !== undefined && installedVersion(entry.packageName) !== undefined;
  });
}



/**
 * Starts loading a backend's package in the background (DuckDB's native
 * module, gRPC, …), so that it loads while the pipeline is read and
 * checked. A failure is left to `createBackend`, which reports it.
 */
export function preloadBackend(name: string): void {
  const entry = BACKENDS[name];
  if (entry !== undefined) import(entry.packageName).catch(() => undefined);
}

export async function createBackend(name: string, options: BackendOptions): Promise<ExecBackend> {
  return withBackend(name, (entry) => entry.create(options));
}

/** A backend for a throwaway run writing into the fresh database `database` (names made by `thund diff`). */
export async function createScratchBackend(name: string, options: BackendOptions, database: string): Promise<ScratchBackend> {
  return withBackend(name, (entry) => entry.scratch(options, database));
}

/** The capabilities of a backend by name, as its package declares them (no engine started, no server asked). */
export async function backendCapabilities(name: string): Promise<Capabilities> {
  return withBackend(name, (entry) => entry.capabilities());
}

async function withBackend<T>(name: string, make: (entry: NonNullable<(typeof BACKENDS)[string]>) => Promise<T>): Promise<T> {
  const entry = BACKENDS[name];
  if (entry === undefined) {
    throw new UsageError(`unknown backend "${name}": choose one of ${BACKEND_NAMES.join(', ')}`);
  }
  const installed = installedVersion(entry.packageName);
  const mismatch = installed === undefined ? undefined : releaseLineMismatch(entry.packageName, installed, cliVersion());
  if (mismatch !== undefined) throw new UsageError(`backend "${name}": ${mismatch}`);
  try {
    return await make(entry);
  } catch (error) {
    if (isMissingModule(error, entry.packageName)) {
      throw new UsageError(`backend "${name}" needs ${entry.packageName}: install it with \`${installCommand(entry.packageName)}\``);
    }
    throw error;
  }
}

function isMissingModule(error: unknown, packageName: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(packageName);
}
