import type { RunResult } from '@thund/ir';
import { startViewer, type ViewerHandle } from '@thund/viewer';
import { createBackend } from '../backends.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { LazyRun } from '../lazy-run.js';
import { listenFailure } from '../listen-failure.js';
import { readEventLog } from '../read-event-log.js';
import { exitCodeForSignal, watchStopSignals } from '../stop-signals.js';
import { UsageError } from '../usage-error.js';
import { runSelectionOptions } from '../run-selection-flags.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund view <pipeline> [--events run.jsonl | --live]`: serves the run viewer
 * on 127.0.0.1 until SIGINT or SIGTERM. `--live` runs the pipeline and shows
 * it as it runs; a signal while it runs cancels it, waits until it reports
 * cancelled, then exits 130 (SIGINT) or 143 (SIGTERM). After the run has
 * ended (or for a recorded log) a signal just stops serving: exit 0, or 1
 * if the live run failed.
 */
export async function viewCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  if ((input.eventsPath === undefined) === !input.live) throw new UsageError('thund view needs exactly one of --events <file> or --live');
  const pipeline = await input.loadPipeline();
  // A recorded log is read, and checked, whole before anything is served.
  const recorded = input.eventsPath === undefined ? undefined : await readEventLog(input.eventsPath);
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    const lowered = backend.explain?.(pipeline) ?? [];
    const selection = runSelectionOptions(input, pipeline, backend);
    const live = input.live ? new LazyRun(() => backend.run(pipeline, selection)) : undefined;
    const signals = watchStopSignals(io.stderr, () => void live?.cancel());
    try {
      let viewer: ViewerHandle;
      try {
        viewer = await startViewer({ pipeline, events: live ?? recorded ?? [], backend: input.backend, lowered, ...(input.port === undefined ? {} : { port: input.port }) });
      } catch (error) {
        throw listenFailure(error, input.port);
      }
      try {
        io.stdout.write(`viewer for pipeline "${escapeForTerminal(pipeline.name)}" at ${viewer.url} (Ctrl-C to stop)\n`);
        let endedBeforeSignal = false;
        void live?.result?.then((result) => {
          if (signals.received !== undefined) return;
          endedBeforeSignal = true;
          io.stdout.write(`${describeEnd(result)}; still serving at ${viewer.url} (Ctrl-C to stop)\n`);
        });
        // Serve until a signal; a viewer that fails to read its events ends the command with that error.
        const signal = await Promise.race([signals.first, viewer.done.then(() => signals.first)]);
        const result = await live?.result;
        await viewer.done;
        if (result === undefined) return live === undefined ? ExitCode.Success : exitCodeForSignal(signal);
        if (!endedBeforeSignal) io.stdout.write(`${describeEnd(result)}\n`);
        if (result.status === 'completed') return ExitCode.Success;
        return result.status === 'cancelled' ? exitCodeForSignal(signal) : ExitCode.RunFailed;
      } finally {
        await viewer.close();
      }
    } finally {
      signals.dispose();
    }
  } finally {
    await backend.close?.();
  }
}

function describeEnd(result: RunResult): string {
  return `run ${escapeForTerminal(result.runId)} ${result.status} in ${(result.durationMs / 1000).toFixed(2)} s`;
}
