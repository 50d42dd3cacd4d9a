import type { ExecBackend, Pipeline } from '@thund/ir';
import { UsageError } from './usage-error.js';

/** One flow's lowered form, as `thund plan` prints it. */
export interface LoweredFlow {
  readonly flow: string;
  readonly language: string;
  readonly text: string;
}

/** Rows of a dataset for printing: column names and values. */
export interface PreviewTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  readonly totalRows: number;
}

/**
 * What the CLI needs of a backend beyond the ExecBackend contract, all
 * optional: a backend that lacks one just cannot serve that command.
 */
export interface CliBackend extends ExecBackend {
  lower?(pipeline: Pipeline): Promise<readonly LoweredFlow[]>;
  preview?(dataset: string, limit: number): Promise<PreviewTable>;
  close?(): Promise<void>;
}

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

type BackendFactory = (options: BackendOptions) => Promise<CliBackend>;

const BACKENDS: Readonly<Record<string, { readonly packageName: string; readonly create: BackendFactory }>> = {
  native: {
    packageName: '@thund/backend-native',
    create: async (options) => {
      const { createNativeCliBackend } = await import('./native-adapter.js');
      return createNativeCliBackend(options);
    },
  },
  spark: {
    packageName: '@thund/backend-spark',
    create: async (options) => {
      const { createSparkCliBackend } = await import('./spark-adapter.js');
      return createSparkCliBackend(options);
    },
  },
};

export const BACKEND_NAMES: readonly string[] = Object.keys(BACKENDS);

export async function createBackend(name: string, options: BackendOptions): Promise<CliBackend> {
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
