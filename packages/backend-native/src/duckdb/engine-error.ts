import { type ElementRef, ThundError, ThundErrorCode } from '@thund/ir';
import { sourceErrorMessage } from './source-error-message.js';

/** DuckDB error classes that mean a source could not be read. */
const SOURCE_PATTERNS: readonly RegExp[] = [
  /^IO Error: No files found/,
  /^IO Error: Cannot open file/,
  /^IO Error: Could not open/,
  /CSV Error on Line/,
  /^Invalid Input Error: (Malformed JSON|JSON)/,
  /^Invalid Input Error: Error when sniffing file/,
  /^Invalid Input Error: .*(parquet|Parquet)/,
  /^Invalid Error: .*(parquet|Parquet)/,
];

/** What a DuckDB `Permission Error` means here: external access is off (the sandbox, or the host's own DuckDB settings). */
const SANDBOX_HINT = 'DuckDB\'s external access is disabled — by NativeBackendConfig.sandbox, which allows only files inside the base directory, no URLs and no extensions, or by NativeBackendConfig.duckdb: '
  + 'keep the pipeline\'s files inside the base directory and read them with read_files, or run without the sandbox if you trust the pipeline';

/**
 * Maps anything DuckDB threw to a ThundError: interrupts are cancellations,
 * unreadable files and malformed rows are source errors, the rest are
 * engine errors carrying DuckDB's own message (without the echo of the
 * generated SQL, which names nothing the user wrote).
 */
export function thundErrorFromDuckDB(reason: unknown, element?: ElementRef): ThundError {
  if (reason instanceof ThundError) return reason;
  const full = reason instanceof Error ? reason.message : String(reason);
  const message = conciseMessage(full);
  const options = { backend: 'native', cause: reason, ...(element === undefined ? {} : { element }) };
  if (message.startsWith('INTERRUPT Error')) return new ThundError(ThundErrorCode.Cancelled, 'the query was interrupted because the run was cancelled', options);
  const source = sourceErrorMessage(full) ?? missingPathMessage(reason);
  if (source !== undefined) return new ThundError(ThundErrorCode.Source, source, options);
  if (message.startsWith('Permission Error:')) return new ThundError(ThundErrorCode.Source, `${message} (${SANDBOX_HINT})`, options);
  if (SOURCE_PATTERNS.some((pattern) => pattern.test(message))) return new ThundError(ThundErrorCode.Source, message, options);
  return new ThundError(ThundErrorCode.Engine, message, options);
}

/** A Node.js `ENOENT` (a file or directory that vanished), as one line naming the path. */
function missingPathMessage(reason: unknown): string | undefined {
  if (!(reason instanceof Error)) return undefined;
  const { code, path } = reason as Error & { code?: unknown; path?: unknown };
  if (code !== 'ENOENT' || typeof path !== 'string') return undefined;
  return `"${path}" does not exist (ENOENT): create it before the run (an input directory may start empty), or fix the read_files path (a relative path resolves against the backend's baseDir)`;
}

/** DuckDB's first paragraph, without the echoed SQL; long diagnostics keep their first two lines. */
function conciseMessage(full: string): string {
  const paragraph = (full.split('\n\n')[0] ?? full).trim();
  const lines = paragraph.split('\n');
  return lines.length > 6 ? lines.slice(0, 2).join('\n') : paragraph;
}
