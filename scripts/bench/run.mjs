#!/usr/bin/env node
// `pnpm bench`: clears bench-results/, runs every package's bench one at a time (benches timed side by
// side on a few cores would measure each other), then writes BENCHMARKS.md and its charts from what
// this run wrote. Extra arguments go to turbo (e.g. `pnpm bench --filter @thund/sql`); the exit status
// is turbo's when a bench failed, else the report's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resultsDir } from './results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const results = resultsDir();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const startedAt = new Date().toISOString();
const run = { runId: `${startedAt}-${process.pid}`, startedAt, loadAverage: loadavg() };
writeFileSync(join(results, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);

const turbo = spawnSync(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'bench', '--concurrency=1', '--continue', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, THUND_BENCH_RUN_ID: run.runId },
});
if (turbo.error !== undefined) console.error(`turbo did not start: ${turbo.error.message}`);
writeFileSync(join(results, 'run.json'), `${JSON.stringify({ ...run, finishedAt: new Date().toISOString(), loadAverageEnd: loadavg(), turboExit: turbo.status }, null, 2)}\n`);

const report = spawnSync(process.execPath, [join(here, 'report.mjs')], { stdio: 'inherit' });
process.exit(turbo.status !== 0 ? (turbo.status ?? 1) : (report.status ?? 1));
