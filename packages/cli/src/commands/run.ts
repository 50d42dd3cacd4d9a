import { ThundErrorCode, type Pipeline, planFacts } from '@thund/ir';
import { createBackend } from '../backends.js';
import { JsonlEventWriter } from '@thund/events';
import { type CliIo, ExitCode } from '../io.js';
import { RunProgress } from '../progress.js';
import { renderTable } from '../render-table.js';
import type { CommandInput } from './command-input.js';

const PREVIEW_ROWS = 20;

/** `thund run <pipeline>`: run with live progress, then print the result datasets. */
export async function runCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const pipeline = await input.loadPipeline();
  const backend = await createBackend(input.backend, input.backendOptions);
  const log = input.eventsPath === undefined ? undefined : new JsonlEventWriter(input.eventsPath);
  try {
    const handle = backend.run(pipeline, { fullRefresh: input.fullRefresh });
    const interrupt = (): void => void handle.cancel();
    process.once('SIGINT', interrupt);
    const progress = new RunProgress(io, pipeline);
    try {
      for await (const event of handle) {
        progress.update(event);
        log?.write(event);
      }
    } finally {
      process.removeListener('SIGINT', interrupt);
    }
    const result = await handle.result;
    progress.finish(result);
    if (result.status !== 'completed') {
      const failed = result.flows.filter((f) => f.phase === 'failed');
      for (const flow of failed) io.stderr.write(`✗ flow ${flow.name}: ${flow.error?.message ?? 'failed'}\n`);
      if (result.error !== undefined && failed.length === 0) io.stderr.write(`${result.error.message}\n`);
      const invalid = result.error?.code === ThundErrorCode.Validation || result.error?.code === ThundErrorCode.Unsupported;
      return invalid ? ExitCode.InvalidInput : ExitCode.RunFailed;
    }
    if (backend.preview !== undefined) {
      for (const name of datasetsToShow(pipeline, input.show)) {
        io.stdout.write(`\n${renderTable(name, await backend.preview(name, PREVIEW_ROWS))}`);
      }
    }
    return ExitCode.Success;
  } finally {
    await log?.close();
    await backend.close?.();
  }
}

/**
 * The datasets asked for with --show, else the final ones: readable
 * datasets (not sinks, not temporary views) that no other readable dataset reads.
 */
export function datasetsToShow(pipeline: Pipeline, asked: readonly string[]): string[] {
  if (asked.length > 0) return [...asked];
  const sinks = new Set(pipeline.datasets.filter((d) => d.type === 'sink').map((d) => d.name));
  const readByDatasets = new Set(
    pipeline.flows
      .filter((f) => !sinks.has(f.target))
      .flatMap((f) => planFacts(f).reads),
  );
  return pipeline.datasets.filter((d) => (d.type === 'table' || d.type === 'materialized_view') && !readByDatasets.has(d.name)).map((d) => d.name);
}
