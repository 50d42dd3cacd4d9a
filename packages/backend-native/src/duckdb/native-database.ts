import { DuckDBInstance } from './node-api.js';
import { NativeConnection } from './native-connection.js';
import { type DatabaseSandbox, sandboxOpenOptions, sandboxStatements } from './sandbox-settings.js';

/**
 * One DuckDB database (in memory or a file). Connections opened from it
 * share its catalog and run queries concurrently.
 */
export class NativeDatabase {
  readonly #instance: DuckDBInstance;
  readonly path: string;

  private constructor(instance: DuckDBInstance, path: string) {
    this.#instance = instance;
    this.path = path;
  }

  /**
   * Opens `path` (`:memory:` for an in-memory database) with DuckDB
   * configuration `options`; with `sandbox`, locked down to its allowed
   * directories before any connection is handed out (see `sandbox-settings.ts`).
   */
  static async create(path: string, options: Readonly<Record<string, string>> = {}, sandbox?: DatabaseSandbox): Promise<NativeDatabase> {
    const instance = await DuckDBInstance.create(path, sandbox === undefined ? { ...options } : { ...options, ...sandboxOpenOptions(sandbox) });
    try {
      const connection = await instance.connect();
      try {
        // The IR's zoned timestamps are UTC, as Spark's session zone is by default: functions of a TIMESTAMPTZ
        // (hour, date_trunc, casts) read it in UTC whatever the machine's zone (ICU loads after the instance opens,
        // so this cannot be an open option). A TimeZone set in NativeBackendConfig.duckdb wins.
        if (!Object.keys(options).some((k) => k.toLowerCase() === 'timezone')) await connection.run("SET GLOBAL TimeZone = 'UTC'");
        for (const statement of sandbox === undefined ? [] : sandboxStatements(sandbox)) await connection.run(statement);
      } finally {
        connection.closeSync();
      }
    } catch (reason) {
      instance.closeSync();
      throw reason;
    }
    return new NativeDatabase(instance, path);
  }

  async connect(): Promise<NativeConnection> {
    return new NativeConnection(await this.#instance.connect());
  }

  /** Runs `fn` on a fresh connection and closes the connection afterwards. */
  async withConnection<T>(fn: (connection: NativeConnection) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      return await fn(connection);
    } finally {
      connection.closeSync();
    }
  }

  closeSync(): void {
    this.#instance.closeSync();
  }
}
