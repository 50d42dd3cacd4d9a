import type { ExecBackend } from '@thund/ir';
import { UsageError } from './usage-error.js';

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

const BACKENDS: Readonly<Record<string, { readonly packageName: string; readonly create: BackendFactory }>> = {
  native: {
    packageName: '@thund/backend-native',
    create: async (options) => {
      const { createNativeBackend } = await import('@thund/backend-native');
      return createNativeBackend({
        baseDir: options.baseDir,
        ...(options.database === undefined ? {} : { database: options.database }),
        ...(options.sandbox === true ? { sandbox: true } : {}),
      });
    },
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
  },
};

export const BACKEND_NAMES: readonly string[] = Object.keys(BACKENDS);

export async function createBackend(name: string, options: BackendOptions): Promise<ExecBackend> {
  const entry = BACKENDS[name];
  if (entry === undefined) {
    throw new UsageError(`unknown backend "${name}": choose one of ${BACKEND_NAMES.join(', ')}`);
  }
  try {
    return await entry.create(options);
  } catch (error) {
    if (isMissingModule(error, entry.packageName)) {
      throw new UsageError(`backend "${name}" needs ${entry.packageName}: install it with \`pnpm add ${entry.packageName}\``);
    }
    throw error;
  }
}

function isMissingModule(error: unknown, packageName: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(packageName);
}
