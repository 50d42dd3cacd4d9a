import type { Pipeline, Violation } from '@thund/ir';
import type { ResolvedNativeConfig } from '../native-config.js';
import { rawSqlViolations } from './raw-sql-check.js';
import { sandboxPathViolations } from './sandbox-paths.js';

/**
 * The trust-boundary rules of `check`: raw SQL must be exactly one query
 * (always), and with the sandbox on every path must stay inside the base
 * directory.
 */
export function safetyViolations(pipeline: Pipeline, config: Pick<ResolvedNativeConfig, 'baseDir' | 'sandbox'>, backend: string): Violation[] {
  const raw = rawSqlViolations(pipeline, backend);
  return config.sandbox ? [...raw, ...sandboxPathViolations(pipeline, { backend, baseDir: config.baseDir })] : raw;
}
