import { quoteString } from '../compile/sql-text.js';

/**
 * The DuckDB settings behind `NativeBackendConfig.sandbox`, as DuckDB
 * 1.5 applies them (probed with @duckdb/node-api):
 *
 * - `enable_external_access=false`: every file, glob, `COPY`, `ATTACH` and
 *   `http(s)://` / `s3://` URL outside `allowed_directories` fails with
 *   `Permission Error: Cannot access file …`; `INSTALL` and `LOAD` fail too.
 *   DuckDB resolves symlinks before comparing, so a link inside an allowed
 *   directory to a file outside it is refused; its own database file and
 *   temporary directory stay usable.
 * - `allowed_directories`: cannot be given when the database is opened
 *   (the C API answers "Failed to set config"), only by `SET GLOBAL`, and
 *   only while external access is still on; DuckDB adds the trailing `/`
 *   itself, so `/base` does not admit `/base-other`.
 * - `autoinstall_known_extensions=false`, `autoload_known_extensions=false`:
 *   an `http://` path no longer makes DuckDB fetch `httpfs`; parquet, json
 *   and icu are built in and keep working.
 * - `lock_configuration=true`, set last: any later `SET`/`RESET` fails with
 *   `the configuration has been locked`, so SQL cannot undo the above.
 * - `temp_directory`: an in-memory database spills to `.tmp` in the
 *   process's working directory, wherever that is; sandboxed, it spills
 *   inside the base directory instead (a file database spills beside
 *   its file, DuckDB's default).
 */

/** Settings the sandbox owns; `NativeBackendConfig.duckdb` may not set them while it is on. */
export const SANDBOX_SETTING_NAMES: readonly string[] = [
  'enable_external_access', 'allowed_directories', 'allowed_paths', 'autoinstall_known_extensions', 'autoload_known_extensions', 'lock_configuration', 'temp_directory',
];

/** What a sandboxed database may touch. */
export interface DatabaseSandbox {
  /** Absolute directories DuckDB may read and write in (and below); DuckDB adds the trailing separator. */
  readonly allowedDirectories: readonly string[];
  /** Where DuckDB spills when memory runs short; DuckDB's default (beside the database file) when not given. */
  readonly temporaryDirectory?: string;
}

/** Settings given when the database is opened. */
export function sandboxOpenOptions(sandbox: DatabaseSandbox): Record<string, string> {
  return {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    ...(sandbox.temporaryDirectory === undefined ? {} : { temp_directory: sandbox.temporaryDirectory }),
  };
}

/** Statements run on the freshly opened database, in this order (each needs the one before it still unlocked). */
export function sandboxStatements(sandbox: DatabaseSandbox): string[] {
  const directories = sandbox.allowedDirectories.map(quoteString);
  return [
    `SET GLOBAL allowed_directories = [${directories.join(', ')}]`,
    'SET GLOBAL enable_external_access = false',
    'SET GLOBAL lock_configuration = true',
  ];
}
