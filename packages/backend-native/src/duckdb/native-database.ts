import { DuckDBInstance } from '@duckdb/node-api';
import { NativeConnection } from './native-connection.js';

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

  /** Opens `path` (`:memory:` for an in-memory database) with DuckDB configuration `options`. */
  static async create(path: string, options: Readonly<Record<string, string>> = {}): Promise<NativeDatabase> {
    return new NativeDatabase(await DuckDBInstance.create(path, { ...options }), path);
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
