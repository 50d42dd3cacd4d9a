import { ValidationError, validatePipeline } from '@thund/ir';
import { createBackend } from '../backends.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import type { CommandInput } from './command-input.js';

/** `thund check <pipeline> [--backend native]`: validate, then check against the backend. Exit 0 or 2. */
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
    if (report.ok) {
      io.stdout.write(`✓ pipeline "${name}" is valid and backend "${backendName}" supports everything it uses (${pipeline.datasets.length} datasets, ${pipeline.flows.length} flows)\n`);
      return ExitCode.Success;
    }
    io.stderr.write(`✗ backend "${backendName}" cannot run pipeline "${name}": ${report.violations.length} problem(s)\n`);
    for (const violation of report.violations) io.stderr.write(`  - ${escapeForTerminal(violation.path)}: ${escapeForTerminal(violation.message)}\n`);
    return ExitCode.InvalidInput;
  } finally {
    await backend.close?.();
  }
}
