import { ThundError, UnsupportedError, ValidationError } from '@thund/ir';
import { escapeForTerminal, escapeMessage } from './escape-for-terminal.js';
import { fileErrorReason } from './file-error-reason.js';
import { ExitCode } from './io.js';
import { UsageError } from './usage-error.js';

export interface Failure {
  /** What to print on stderr, without the final newline; user-controlled text escaped. */
  readonly text: string;
  readonly exitCode: ExitCode;
}

const INVALID_INPUT_CODES: ReadonlySet<string> = new Set(['THUND_VALIDATION', 'THUND_SOURCE', 'THUND_UNSUPPORTED']);

/**
 * What to print for an error and which exit code it means. A user mistake
 * is one line (a document with several problems: one line per problem), and
 * never a stack trace; an internal error prints its stack only with `debug`.
 * Messages can carry names and data from the pipeline, so they are escaped.
 */
export function describeFailure(error: unknown, options: { readonly debug?: boolean } = {}): Failure {
  if (error instanceof UsageError) {
    const hint = error.hint === undefined ? '' : ` (${error.hint})`;
    return { text: `thund: ${escapeForTerminal(error.message)}${hint}`, exitCode: ExitCode.InvalidInput };
  }
  if (error instanceof ValidationError && error.issues.length > 0) {
    return listing(`[${error.code}]`, `the pipeline has ${error.issues.length} problems:`, error.issues.map((i) => `${i.path}: ${i.message} (${i.code})`));
  }
  if (error instanceof UnsupportedError && error.violations.length > 0) {
    const prefix = error.backend === undefined ? `[${error.code}]` : `[${error.code}] backend "${error.backend}":`;
    return listing(prefix, `the pipeline uses ${error.violations.length} features this backend does not support:`, error.violations.map((v) => `${v.path}: ${v.message}`));
  }
  if (error instanceof ThundError) {
    return { text: escapeMessage(error.message, '  '), exitCode: INVALID_INPUT_CODES.has(error.code) ? ExitCode.InvalidInput : ExitCode.RunFailed };
  }
  if (isFileError(error)) {
    return { text: `thund: cannot ${error.syscall} ${escapeForTerminal(error.path)}: ${fileErrorReason(error)}; check the path`, exitCode: ExitCode.InvalidInput };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = options.debug === true && error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : '';
  return {
    text: `thund: internal error: ${escapeForTerminal(message)} (please report it; THUND_DEBUG=1 prints the stack trace)${stack}`,
    exitCode: ExitCode.RunFailed,
  };
}

/** Invalid input. One problem: one line. Several: a header, then one line per problem. */
function listing(prefix: string, header: string, problems: readonly string[]): Failure {
  const lines = problems.map((p) => escapeForTerminal(p));
  const text = lines.length === 1 ? `${escapeForTerminal(prefix)} ${lines[0] ?? ''}` : `${escapeForTerminal(prefix)} ${header}\n${lines.map((l) => `  - ${l}`).join('\n')}`;
  return { text, exitCode: ExitCode.InvalidInput };
}

function isFileError(error: unknown): error is NodeJS.ErrnoException & { readonly path: string; readonly syscall: string } {
  if (!(error instanceof Error)) return false;
  const candidate = error as NodeJS.ErrnoException;
  return typeof candidate.code === 'string' && /^E[A-Z]+$/.test(candidate.code) && typeof candidate.path === 'string' && typeof candidate.syscall === 'string';
}
