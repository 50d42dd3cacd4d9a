import { type TextOutput, pipeSafeOutput } from './pipe-safe-output.js';

/** Where the CLI writes, injectable for tests. */
export interface CliIo {
  /** A command's output, run progress included. */
  readonly stdout: TextOutput;
  /** Errors and failure reports. */
  readonly stderr: TextOutput;
  /** Live, redrawn progress only on a terminal; plain lines otherwise. */
  readonly isTTY: boolean;
  /** Colour the progress symbols: a terminal, without NO_COLOR (https://no-color.org) and not TERM=dumb. */
  readonly color?: boolean;
  /** The terminal's size, when it is one (progress lines are fitted to it). */
  readonly columns?: number;
  /** The terminal's height in lines, when it is one (bounds the live progress display). */
  readonly rows?: number;
  /** Directory the pipeline path and `--db` resolve against. */
  readonly cwd: string;
  /** Print the stack trace of an internal error (THUND_DEBUG=1). Default false. */
  readonly debug?: boolean;
  /** The environment the `THUND_*` settings are read from (see `thund.config.json`). Default: none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The {@link CliIo} of this process: its stdout and stderr (a closed pipe ends
 * output quietly instead of crashing), terminal detection, and the
 * `NO_COLOR`, `TERM` and `THUND_DEBUG` environment variables. `columns` and
 * `rows` are read on each access, so a resized terminal is followed.
 */
export function processIo(): CliIo {
  return {
    stdout: pipeSafeOutput(process.stdout),
    stderr: pipeSafeOutput(process.stderr),
    isTTY: process.stdout.isTTY === true,
    color: process.stdout.isTTY === true && (process.env['NO_COLOR'] ?? '') === '' && process.env['TERM'] !== 'dumb',
    // Read when asked, so a resized terminal is followed.
    get columns() {
      return process.stdout.columns;
    },
    get rows() {
      return process.stdout.rows;
    },
    cwd: process.cwd(),
    debug: process.env['THUND_DEBUG'] === '1',
    env: process.env,
  };
}

/**
 * Exit codes of every command: 0 success, 1 the run failed, 2 invalid input,
 * 128 + the signal's number when SIGINT (130) or SIGTERM (143) cancelled a run.
 */
export const ExitCode = { Success: 0, RunFailed: 1, InvalidInput: 2, Interrupted: 130, Terminated: 143 } as const;
/** One of the {@link ExitCode} values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
