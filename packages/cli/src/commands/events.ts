import { foldRunEvents } from '@thund/events';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { describeFlow } from '../progress.js';
import { readEventLog } from '../read-event-log.js';
import type { CommandInput } from './command-input.js';

/** `thund events run.jsonl`: replays an event log into a per-flow summary. */
export async function eventsCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const state = foldRunEvents(await readEventLog(input.file));
  const run = escapeForTerminal(state.runId ?? '?');
  const pipeline = escapeForTerminal(state.pipeline ?? '?');
  io.stdout.write(`run ${run} of pipeline ${pipeline}: ${escapeForTerminal(state.phase)} (${state.events} events, ${state.warnings} warnings, ${state.errors} errors)\n`);
  for (const flow of state.flows.values()) {
    const detail = describeFlow(flow);
    io.stdout.write(`  ${escapeForTerminal(flow.phase).padEnd(9)} ${escapeForTerminal(flow.name)}${detail === '' ? '' : `: ${detail}`}\n`);
  }
  return ExitCode.Success;
}
