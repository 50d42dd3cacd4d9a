import { type ExecBackend, type Pipeline, ThundErrorCode, ValidationError, validatePipeline } from '@thund/ir';
import { createBackend } from '../backends.js';
import { escapeForTerminal, escapeMessage } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import type { CommandInput } from './command-input.js';

/** `thund check <pipeline> [--backend <name>]`: validate, then check against the backend. Exit 0 or 2. */
export async function checkCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const pipeline = await input.loadPipeline();
  // parsePipeline already validated; validatePipeline is the cheap double check for module pipelines.
  const issues = validatePipeline(pipeline);
  if (issues.length > 0) throw new ValidationError(issues);
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    const report = backend.check(pipeline);
    const name = escapeForTerminal(pipeline.name);
    const backendName = escapeForTerminal(report.backend);
    if (report.ok && input.bind) return await bindEveryFlow(backend, pipeline, io);
    if (report.ok) {
      io.stdout.write(`✓ pipeline "${name}" is valid and backend "${backendName}" supports everything it uses (${count(pipeline.datasets.length, 'dataset')}, ${count(pipeline.flows.length, 'flow')})\n`);
      return ExitCode.Success;
    }
    io.stderr.write(`✗ backend "${backendName}" cannot run pipeline "${name}": ${report.violations.length} problem(s)\n`);
    for (const violation of report.violations) io.stderr.write(`  - ${escapeForTerminal(violation.path)}: ${escapeForTerminal(violation.message)}\n`);
    return ExitCode.InvalidInput;
  } finally {
    await backend.close?.();
  }
}

/**
 * `check --bind`: a dry run on the backend binds every flow in dependency
 * order (the schemas of files read without one are read), writing nothing.
 * A flow that does not bind is a mistake in the pipeline: exit 2, naming it.
 */
async function bindEveryFlow(backend: ExecBackend, pipeline: Pipeline, io: CliIo): Promise<ExitCode> {
  const result = await backend.run(pipeline, { dryRun: true }).result;
  const name = escapeForTerminal(pipeline.name);
  if (result.status === 'completed') {
    io.stdout.write(`✓ pipeline "${name}" is valid and all ${result.flows.length} flows bind on backend "${escapeForTerminal(backend.capabilities().name)}" (nothing written)\n`);
    return ExitCode.Success;
  }
  const failed = result.flows.filter((f) => f.phase === 'failed');
  io.stderr.write(`✗ pipeline "${name}": ${failed.length === 0 ? 'the dry run failed' : `${failed.length} flow(s) do not bind`}\n`);
  for (const flow of failed) io.stderr.write(`  - flow ${escapeForTerminal(flow.name)}: ${escapeMessage(flow.error?.message ?? 'failed', '      ')}\n`);
  if (failed.length === 0 && result.error !== undefined) io.stderr.write(`  - ${escapeMessage(result.error.message, '    ')}\n`);
  // A server that cannot be reached is not a mistake in the pipeline.
  return result.error?.code === ThundErrorCode.Connection ? ExitCode.RunFailed : ExitCode.InvalidInput;
}

/** `1 dataset`, `4 datasets`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
