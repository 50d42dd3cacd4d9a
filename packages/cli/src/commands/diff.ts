import { type DatasetRows, type ExecBackend, type Pipeline, type RunResult, ThundError } from '@thund/ir';
import { type ScratchBackend, createScratchBackend } from '../backends.js';
import { type DiffSide, compareRuns } from '../diff/compare-runs.js';
import { renderDiff } from '../diff/render-diff.js';
import { deliver, feedBatches } from '../diff/feed.js';
import { type ScratchCopy, scratchCopy } from '../diff/scratch-copy.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { type StopSignal, exitCodeForSignal, watchStopSignals } from '../stop-signals.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund diff <pipeline> --backends a,b`: runs the pipeline on both
 * backends from the same inputs, each in its own copy of the pipeline's
 * directory and a fresh database, then compares every flow's outcome and
 * every dataset's rows. Exit 0 when equal, 1 when different (or a run
 * failed), 2 when the pipeline is invalid or a backend's check refuses it.
 */
export async function diffCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const [left, right, ...more] = input.backends;
  if (left === undefined || right === undefined || more.length > 0) throw new UsageError(`--backends takes two backends, e.g. native,spark; got "${input.backends.join(',')}"`);
  const loaded = await input.loadPipeline();
  const selected = selectDatasets(loaded, input.select);
  // A fresh database name on both sides: the runs never touch the pipeline's own tables.
  const database = `thund_diff_${process.pid}_${Date.now().toString(36)}`;
  const pipeline: Pipeline = { ...loaded, database };
  const names = [left, right] as const;
  const copies: ScratchCopy[] = [];
  const scratch: ScratchBackend[] = [];
  try {
    for (const [i, name] of names.entries()) copies.push(await scratchCopy(loaded, input.backendOptions.baseDir, `${i}-${name}`));
    for (const [i, name] of names.entries()) scratch.push(await createScratchBackend(name, { ...input.backendOptions, baseDir: (copies[i] as ScratchCopy).dir }, database));
    const backends = scratch.map((s) => s.backend);
    const refusals = backends.flatMap((backend, i) => {
      const report = backend.check(pipeline);
      return report.ok ? [] : [`${names[i]} refuses it:\n${report.violations.map((v) => `  - ${v.message}`).join('\n')}`];
    });
    if (refusals.length > 0) {
      io.stderr.write(`${escapeForTerminal(`pipeline "${pipeline.name}" cannot be compared: ${refusals.join('\n')}`)}\n`);
      return ExitCode.InvalidInput;
    }
    const feeds = input.runs > 1 ? await feedBatches(input.feed, input.runs, input.backendOptions.baseDir) : [];
    let equal = true;
    for (let run = 1; run <= input.runs; run++) {
      if (run > 1) for (const copy of copies) await deliver(feeds[run - 2] as string, copy.dir);
      const label = input.runs > 1 ? ` (run ${run} of ${input.runs})` : '';
      io.stderr.write(`running pipeline "${escapeForTerminal(pipeline.name)}" on ${left} and ${right}${label}…\n`);
      const ran = await runBoth(backends, names, pipeline, io);
      if (ran.signal !== undefined) return exitCodeForSignal(ran.signal);
      const sides = await Promise.all(backends.map(async (backend, i): Promise<DiffSide> => ({
        backend: names[i] as string, result: ran.results[i] as RunResult, datasets: await readAll(backend, selected),
      })));
      const report = compareRuns(sides[0] as DiffSide, sides[1] as DiffSide, input.keys.length === 0 ? {} : { keys: input.keys });
      if (input.runs > 1) io.stdout.write(`${run > 1 ? '\n' : ''}after run ${run} of ${input.runs}:\n`);
      io.stdout.write(renderDiff(report, left, right));
      equal &&= report.equal;
    }
    return equal ? ExitCode.Success : ExitCode.RunFailed;
  } finally {
    for (const s of scratch) {
      await s.dispose().catch(() => undefined);
      await s.backend.close?.();
    }
    for (const copy of copies) await copy.remove();
  }
}

/** Both runs at once; SIGINT/SIGTERM cancels both. */
async function runBoth(backends: readonly ExecBackend[], names: readonly string[], pipeline: Pipeline, io: CliIo): Promise<{ readonly results: RunResult[]; readonly signal?: StopSignal }> {
  const handles = backends.map((backend) => backend.run(pipeline));
  const signals = watchStopSignals(io.stderr, () => {
    for (const handle of handles) void handle.cancel();
  });
  try {
    const results = await Promise.all(handles.map(async (handle, i) => {
      for await (const _ of handle) { /* events are not shown; the result says how it ended */ }
      const result = await handle.result;
      io.stderr.write(`${names[i]}: ${result.status} in ${(result.durationMs / 1000).toFixed(1)} s\n`);
      return result;
    }));
    return { results, ...(signals.received === undefined ? {} : { signal: signals.received }) };
  } finally {
    signals.dispose();
  }
}

/** The datasets compared: the ones asked for, else every dataset but temporary views (which live only inside a run). */
function selectDatasets(pipeline: Pipeline, asked: readonly string[]): string[] {
  const comparable = pipeline.datasets.filter((d) => d.type !== 'temporary_view').map((d) => d.name);
  const unknown = asked.filter((name) => !comparable.includes(name));
  if (unknown.length > 0) throw new UsageError(`--select names ${unknown.map((n) => `"${n}"`).join(', ')}, not a comparable dataset of pipeline "${pipeline.name}": choose from ${comparable.join(', ')}`);
  return asked.length > 0 ? [...asked] : comparable;
}

async function readAll(backend: ExecBackend, datasets: readonly string[]): Promise<Map<string, DatasetRows | { readonly error: string }>> {
  const read = new Map<string, DatasetRows | { readonly error: string }>();
  for (const name of datasets) {
    if (backend.readRows === undefined) {
      read.set(name, { error: 'the backend cannot read datasets back (no readRows)' });
      continue;
    }
    try {
      read.set(name, await backend.readRows(name));
    } catch (error) {
      read.set(name, { error: error instanceof ThundError ? error.rawMessage : String(error) });
    }
  }
  return read;
}
