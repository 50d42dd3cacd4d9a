import { readJsonlEvents } from '@thund/events';
import { startViewer } from '@thund/viewer';
import { createBackend } from '../backends.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund view <pipeline> [--events run.jsonl | --live]`: serves the run viewer
 * on 127.0.0.1 until interrupted. `--live` runs the pipeline and shows it as it runs.
 */
export async function viewCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  if ((input.eventsPath === undefined) === !input.live) throw new UsageError('thund view needs exactly one of --events <file> or --live');
  const pipeline = await input.loadPipeline();
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    const lowered = (await backend.lower?.(pipeline)) ?? [];
    const events = input.live ? backend.run(pipeline, { fullRefresh: input.fullRefresh }) : readJsonlEvents(input.eventsPath as string);
    const viewer = await startViewer({ pipeline, events, backend: input.backend, lowered, ...(input.port === undefined ? {} : { port: input.port }) });
    io.stdout.write(`viewer for pipeline "${pipeline.name}" at ${viewer.url} (Ctrl-C to stop)\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await viewer.close();
    return ExitCode.Success;
  } finally {
    await backend.close?.();
  }
}
