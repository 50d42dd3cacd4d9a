import { foldRunEvents, readJsonlEvents } from '@thund/events';
import type { RunEvent } from '@thund/ir';
import { type CliIo, ExitCode } from '../io.js';
import { describeFlow } from '../progress.js';
import type { CommandInput } from './command-input.js';

/** `thund events run.jsonl`: replays an event log into a per-flow summary. */
export async function eventsCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const events: RunEvent[] = [];
  for await (const event of readJsonlEvents(input.file)) events.push(event);
  const state = foldRunEvents(events);
  io.stdout.write(`run ${state.runId ?? '?'} of pipeline ${state.pipeline ?? '?'}: ${state.phase} (${state.events} events, ${state.warnings} warnings, ${state.errors} errors)\n`);
  for (const flow of state.flows.values()) {
    const detail = describeFlow(flow);
    io.stdout.write(`  ${flow.phase.padEnd(9)} ${flow.name}${detail === '' ? '' : `: ${detail}`}\n`);
  }
  return ExitCode.Success;
}
