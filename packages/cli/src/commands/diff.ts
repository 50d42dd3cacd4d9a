import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { type DatasetRows, type ExecBackend, type Pipeline, type RunResult, type ScratchBackend, ThundError } from '@thund/ir';
import { BACKEND_NAMES, createScratchBackend, noBackendHint } from '../backends.js';
import { type DiffSide, compareRuns } from '../diff/compare-runs.js';
import { renderDiff } from '../diff/render-diff.js';
import { deliver, feedBatches } from '../diff/feed.js';
import { type ScratchCopy, scratchCopy } from '../diff/scratch-copy.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { loadPipeline } from '../load-pipeline.js';
import { type StopSignal, exitCodeForSignal, watchStopSignals } from '../stop-signals.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund diff <pipeline> --backends a,b`: runs the pipeline on both
 * backends from the same inputs, each in its own copy of the pipeline's
 * directory and a fresh database, then compares every flow's outcome and
 * every dataset's rows. With `--against <other form>` (a SQL project and
 * its JSON document), runs both forms on each backend and compares them. Exit 0 when equal, 1 when different (or a run
 * failed), 2 when the pipeline is invalid or a backend's check refuses it.
 */
export async function diffCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const loaded = await input.loadPipeline();
  const selected = selectDatasets(loaded, input.select);
  if (input.against !== undefined) {
    const other = await loadPipeline(input.against, input.backendOptions.baseDir);
    const otherBaseDir = (await stat(input.against)).isDirectory() ? input.against : dirname(input.against);
    const labels = [formLabel(input.file), formLabel(input.against)] as const;
    if (labels[0] === labels[1]) throw new UsageError(`--against names the pipeline itself (${labels[0]}): give its other form`);
    let equal = true;
    for (const backend of input.backends) {
      const outcome = await compareSides(input, io, selected, [
        { label: `${backend} ${labels[0]}`, backend, pipeline: loaded, baseDir: input.backendOptions.baseDir },
        { label: `${backend} ${labels[1]}`, backend, pipeline: other, baseDir: otherBaseDir },
      ]);
      if (typeof outcome === 'number') return outcome;
      equal &&= outcome;
    }
    return equal ? ExitCode.Success : ExitCode.RunFailed;
  }
  const [left, right, ...more] = input.backends;
  if (!input.backendsGiven && (left === undefined || right === undefined)) {
    throw new UsageError(`thund diff compares two backends, and ${input.backends.length === 0 ? 'no backend' : `only ${input.backends.join(', ')}`} is installed: ${noBackendHint()}, and give both with --backends a,b; or compare two forms of the pipeline on one backend with --against <other form>`, { hint: undefined });
  }
  if (left === undefined || right === undefined || more.length > 0) throw new UsageError(`--backends takes two backends, e.g. ${BACKEND_NAMES.slice(0, 2).join(',')}; got "${input.backends.join(',')}"`);
  // Said before anything starts: a default that reaches a server should never be a surprise.
  if (!input.backendsGiven) io.stderr.write(`thund diff: comparing ${left} with ${right}, the installed backends${input.backendOptions.remote === undefined ? '' : ` (remote ${input.backendOptions.remote})`}; choose others with --backends\n`);
  const outcome = await compareSides(input, io, selected, [left, right].map((backend) => ({ label: backend, backend, pipeline: loaded, baseDir: input.backendOptions.baseDir })));
  if (typeof outcome === 'number') return outcome;
  return outcome ? ExitCode.Success : ExitCode.RunFailed;
}

/** One side of a comparison: a pipeline (one form of it) on a backend. */
interface Side {
  readonly label: string;
  readonly backend: string;
  readonly pipeline: Pipeline;
  readonly baseDir: string;
}

/** `pipeline.json`, or a SQL project's folder name: how a form is called in the report. */
function formLabel(path: string): string {
  return basename(path);
}

/**
 * Runs both sides from scratch copies of their directories and fresh
 * databases, and prints the comparison. `true` when equal; an exit code
 * when it could not compare (a refusal, a stop signal).
 */
async function compareSides(input: CommandInput, io: CliIo, selected: readonly string[], sides: readonly Side[]): Promise<boolean | ExitCode> {
  // A fresh database name per side: the runs never touch the pipeline's own tables, nor each other's.
  const stamp = `thund_diff_${process.pid}_${Date.now().toString(36)}`;
  const pipelines = sides.map((side, i): Pipeline => ({ ...side.pipeline, database: `${stamp}_${i}` }));
  const labels = sides.map((side) => side.label);
  const copies: ScratchCopy[] = [];
  const scratch: ScratchBackend[] = [];
  try {
    for (const [i, side] of sides.entries()) copies.push(await scratchCopy(side.pipeline, side.baseDir, `${i}-${side.backend}`));
    for (const [i, side] of sides.entries()) scratch.push(await createScratchBackend(side.backend, { ...input.backendOptions, baseDir: (copies[i] as ScratchCopy).dir }, pipelines[i]?.database as string, input.backendOptions.baseDir));
    const backends = scratch.map((s) => s.backend);
    const refusals = backends.flatMap((backend, i) => {
      const report = backend.check(pipelines[i] as Pipeline);
      return report.ok ? [] : [`${labels[i]} refuses it:\n${report.violations.map((v) => `  - ${v.message}`).join('\n')}`];
    });
    if (refusals.length > 0) {
      io.stderr.write(`${escapeForTerminal(`pipeline "${sides[0]?.pipeline.name}" cannot be compared: ${refusals.join('\n')}`)}\n`);
      return ExitCode.InvalidInput;
    }
    const feeds = input.runs > 1 ? await feedBatches(input.feed, input.runs, input.backendOptions.baseDir) : [];
    // Two forms of one pipeline are compared on the flows both have (a sink may exist in one form only).
    const common = new Set((sides[0]?.pipeline.flows ?? []).map((f) => f.name).filter((name) => (sides[1]?.pipeline.flows ?? []).some((f) => f.name === name)));
    let equal = true;
    for (let run = 1; run <= input.runs; run++) {
      if (run > 1) for (const copy of copies) await deliver(feeds[run - 2] as string, copy.dir);
      const label = input.runs > 1 ? ` (run ${run} of ${input.runs})` : '';
      io.stderr.write(`running pipeline "${escapeForTerminal(sides[0]?.pipeline.name ?? '')}" on ${labels.join(' and ')}${label}…\n`);
      const ran = await runBoth(backends, labels, pipelines, io);
      if (ran.signal !== undefined) return exitCodeForSignal(ran.signal);
      const diffSides = await Promise.all(backends.map(async (backend, i): Promise<DiffSide> => {
        const result = ran.results[i] as RunResult;
        const flows = input.against === undefined ? result.flows : result.flows.filter((f) => common.has(f.name));
        return { backend: labels[i] as string, result: { ...result, flows }, datasets: await readAll(backend, selected) };
      }));
      const report = compareRuns(diffSides[0] as DiffSide, diffSides[1] as DiffSide, input.keys.length === 0 ? {} : { keys: input.keys });
      if (input.runs > 1) io.stdout.write(`${run > 1 ? '\n' : ''}after run ${run} of ${input.runs}:\n`);
      io.stdout.write(renderDiff(report, labels[0] as string, labels[1] as string));
      equal &&= report.equal;
    }
    return equal;
  } finally {
    for (const s of scratch) {
      await s.dispose().catch(() => undefined);
      await s.backend.close?.();
    }
    for (const copy of copies) await copy.remove();
  }
}

/** Both runs at once; SIGINT/SIGTERM cancels both. */
async function runBoth(backends: readonly ExecBackend[], names: readonly string[], pipelines: readonly Pipeline[], io: CliIo): Promise<{ readonly results: RunResult[]; readonly signal?: StopSignal }> {
  const handles = backends.map((backend, i) => backend.run(pipelines[i] as Pipeline));
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
      read.set(name, { error: 'the backend cannot show rows: it has no readRows facet (ExecBackend.readRows)' });
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
