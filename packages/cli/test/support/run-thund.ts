import { main } from '../../src/index.js';
import { captureIo } from './capture-io.js';

/** What one in-process `thund` call printed and returned. */
export interface ThundOutput {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `thund <args>` in-process with `dir` as its working directory (not a TTY). */
export async function thund(dir: string, ...args: string[]): Promise<ThundOutput> {
  const io = captureIo(dir);
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}
