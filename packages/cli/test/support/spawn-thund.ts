import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The real `thund` entry point, run from source (TypeScript through tsx, workspace packages by their source condition), so it is never a stale build. */
export const THUND_BIN = join(here, '..', '..', 'src', 'bin.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface SpawnOptions {
  readonly cwd: string;
  readonly stdio?: StdioOptions;
}

/** Starts `thund <args>` as a child process, as a user's shell would. */
export function spawnThund(args: readonly string[], options: SpawnOptions): ChildProcess {
  const env = { ...process.env };
  delete env['THUND_DEBUG'];
  return spawn(process.execPath, ['--conditions=thund-source', '--import', TSX, THUND_BIN, ...args], {
    cwd: options.cwd,
    env,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
}

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Collects a child's output and waits for it to exit; kills it (and fails) after `timeoutMs`. */
export function finished(child: ChildProcess, timeoutMs = 60_000): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`thund did not exit within ${timeoutMs} ms; stdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs `thund <args>` to the end. */
export function runThund(args: readonly string[], options: SpawnOptions & { readonly timeoutMs?: number }): Promise<Finished> {
  return finished(spawnThund(args, options), options.timeoutMs);
}
