import { join } from 'node:path';
import type { Pipeline, Violation } from '@thund/ir';
import type { ResolvedNativeConfig } from './native-config.js';
import { storageRoot } from './stream/storage-root.js';
import { rawSqlViolations } from './safety/raw-sql-check.js';
import { insideBaseDir, sandboxPathViolations } from './safety/sandbox-paths.js';
import { sandboxRealPathViolations } from './safety/sandbox-real-paths.js';

/**
 * The trust-boundary rules of `check`: raw SQL must be exactly one query
 * (always), and with the sandbox on every path must stay inside the base
 * directory, as written and once symbolic links are followed.
 */
export function safetyViolations(pipeline: Pipeline, config: Pick<ResolvedNativeConfig, 'baseDir' | 'sandbox' | 'database'>, backend: string): Violation[] {
  const raw = rawSqlViolations(pipeline, backend);
  if (!config.sandbox) return raw;
  const { baseDir, database } = config;
  // A database file outside the base directory is the caller's explicit choice; one inside may be a planted link.
  const ownPaths = database === ':memory:'
    ? [{ what: 'DuckDB\'s spill directory', path: join(baseDir, '.thund', 'tmp') }]
    : insideBaseDir(baseDir, database) ? [{ what: 'the database file', path: database }] : [];
  return [
    ...raw,
    ...sandboxPathViolations(pipeline, { backend, baseDir }),
    ...sandboxRealPathViolations(pipeline, { backend, baseDir, storage: storageRoot(pipeline, baseDir), ownPaths }),
  ];
}
