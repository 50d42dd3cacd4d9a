import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPeakRss, withPeakRss } from '../../../../scripts/bench/peak-rss.mjs';

/** The median of some figures (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** One whole process measured: wall time and, where /usr/bin/time exists, peak RSS. */
export interface ProcessFigures {
  readonly seconds: number;
  readonly rssMiB: number | undefined;
}

/** Runs `node <args>` in `cwd` to its end (stdout discarded) and measures it; throws with its stderr when it fails. */
export function measure(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): ProcessFigures {
  const scratch = mkdtempSync(join(tmpdir(), 'thund-bench-rss-'));
  try {
    const rssFile = join(scratch, 'peak-rss.txt');
    const timed = withPeakRss(process.execPath, args, rssFile);
    const started = performance.now();
    const run = spawnSync(timed.command, timed.args, { cwd, encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}): ${run.stderr}`);
    return { seconds, rssMiB: readPeakRss(rssFile) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `1234 MiB`, or `n/a` without /usr/bin/time: the median peak RSS of some runs. */
export function medianRss(runs: readonly ProcessFigures[]): string {
  return runs[0]?.rssMiB === undefined ? 'n/a' : `${median(runs.map((x) => x.rssMiB as number)).toFixed(0)} MiB`;
}
