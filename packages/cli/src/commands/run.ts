import { ThundErrorCode, type Pipeline, planFacts } from '@thund/ir';
import { createBackend, preloadBackend } from '../backends.js';
import { escapeForTerminal, escapeMessage } from '../escape-for-terminal.js';
import { EventLogFile } from '../event-log-file.js';
import { type CliIo, ExitCode } from '../io.js';
import { RunProgress } from '../progress.js';
import { renderTable } from '../render-table.js';
import { checkShownDatasets } from '../shown-datasets.js';
import { runSelectionOptions } from '../run-selection-flags.js';
import { exitCodeForSignal, watchStopSignals } from '../stop-signals.js';
import type { CommandInput } from './command-input.js';

const PREVIEW_ROWS = 20;

/**
 * `thund run <pipeline>`: run with live progress, then print the result
 * datasets. SIGINT or SIGTERM cancels the run cleanly (committed work is
 * kept, the log ends with the cancelled phase) and exits 130 or 143.
 */
export async function runCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  preloadBackend(input.backend);
  const pipeline = await input.loadPipeline();
  checkShownDatasets(pipeline, input.show);
  const log = input.eventsPath === undefined ? undefined : await EventLogFile.create(input.eventsPath);
  try {
    const backend = await createBackend(input.backend, input.backendOptions);
    try {
      const handle = backend.run(pipeline, { ...runSelectionOptions(input, pipeline, backend), dryRun: input.dryRun });
      const signals = watchStopSignals(io.stderr, () => void handle.cancel());
      const progress = new RunProgress(io, pipeline);
      try {
        for await (const event of handle) {
          progress.update(event);
          log?.write(event);
        }
      } finally {
        signals.dispose();
      }
      const result = await handle.result;
      progress.finish(result);
      if (result.status !== 'completed') {
        const failed = result.flows.filter((f) => f.phase === 'failed');
        for (const flow of failed) io.stderr.write(`✗ flow ${escapeForTerminal(flow.name)}: ${escapeMessage(flow.error?.message ?? 'failed', '    ')}\n`);
        if (result.error !== undefined && failed.length === 0) io.stderr.write(`${escapeMessage(result.error.message, '  ')}\n`);
        if (result.status === 'cancelled' && signals.received !== undefined) return exitCodeForSignal(signals.received);
        const invalid = result.error?.code === ThundErrorCode.Validation || result.error?.code === ThundErrorCode.Unsupported;
        return invalid ? ExitCode.InvalidInput : ExitCode.RunFailed;
      }
      if (input.dryRun) {
        io.stdout.write(`dry run: ${result.flows.length} flow${result.flows.length === 1 ? '' : 's'} planned and checked on backend "${input.backend}", nothing written\n`);
        return ExitCode.Success;
      }
      if (backend.readRows !== undefined) {
        // A selective run shows what it refreshed: the other datasets kept their rows (or were never written).
        const refreshed = new Set(result.flows.filter((f) => f.phase !== 'excluded').map((f) => f.name));
        const shown = datasetsToShow({ ...pipeline, flows: pipeline.flows.filter((f) => refreshed.has(f.name)) }, input.show);
        for (const name of shown) {
          io.stdout.write(`\n${renderTable(name, await backend.readRows(name, { limit: PREVIEW_ROWS }))}`);
        }
      }
      return ExitCode.Success;
    } finally {
      await backend.close?.();
    }
  } finally {
    await log?.close();
  }
}

/**
 * The datasets asked for with --show, else the final ones: readable
 * datasets (not sinks, not temporary views) that a flow of `pipeline`
 * writes and no other readable dataset reads.
 */
export function datasetsToShow(pipeline: Pipeline, asked: readonly string[]): string[] {
  if (asked.length > 0) return [...asked];
  const sinks = new Set(pipeline.datasets.filter((d) => d.type === 'sink').map((d) => d.name));
  const readByDatasets = new Set(
    pipeline.flows
      .filter((f) => !sinks.has(f.target))
      .flatMap((f) => planFacts(f).reads),
  );
  const written = new Set(pipeline.flows.map((f) => f.target));
  return pipeline.datasets.filter((d) => (d.type === 'table' || d.type === 'materialized_view') && written.has(d.name) && !readByDatasets.has(d.name)).map((d) => d.name);
}
