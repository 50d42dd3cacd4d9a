import { ThundError, UnsupportedError, ValidationError } from '@thund/ir';
import { ExitCode } from './io.js';
import { UsageError } from './usage-error.js';

/** What to print for an error and which exit code it means. User mistakes never print a stack trace. */
export function describeFailure(error: unknown): { readonly text: string; readonly exitCode: ExitCode } {
  if (error instanceof UsageError) return { text: `thund: ${error.message}\nRun \`thund help\` for usage.`, exitCode: ExitCode.InvalidInput };
  if (error instanceof ValidationError || error instanceof UnsupportedError) return { text: error.message, exitCode: ExitCode.InvalidInput };
  if (error instanceof ThundError) {
    const invalid = error.code === 'THUND_VALIDATION' || error.code === 'THUND_SOURCE' || error.code === 'THUND_UNSUPPORTED';
    return { text: error.message, exitCode: invalid ? ExitCode.InvalidInput : ExitCode.RunFailed };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { text: `thund: internal error (please report it):\n${detail}`, exitCode: ExitCode.RunFailed };
}
