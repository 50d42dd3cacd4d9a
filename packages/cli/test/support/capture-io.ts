import type { CliIo } from '../../src/index.js';

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(cwd: string, isTTY = false): CapturedIo {
  let out = '';
  let err = '';
  return {
    cwd,
    isTTY,
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    out: () => out,
    err: () => err,
  };
}
