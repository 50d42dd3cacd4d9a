/** Where the CLI writes, injectable for tests. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Live, redrawn progress only on a terminal; plain lines otherwise. */
  readonly isTTY: boolean;
  readonly cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, isTTY: process.stdout.isTTY === true, cwd: process.cwd() };
}

/** Exit codes of every command. */
export const ExitCode = { Success: 0, RunFailed: 1, InvalidInput: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
