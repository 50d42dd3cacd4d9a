import { createBackend } from '../backends.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/** `thund plan <pipeline>`: each flow's lowered SQL / plan, after a successful check. */
export async function planCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const pipeline = await input.loadPipeline();
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    if (backend.lower === undefined) throw new UsageError(`backend "${input.backend}" cannot show its plans`);
    const report = backend.check(pipeline);
    for (const violation of report.violations) io.stderr.write(`  - ${violation.path}: ${violation.message}\n`);
    if (!report.ok) return ExitCode.InvalidInput;
    for (const lowered of await backend.lower(pipeline)) {
      io.stdout.write(`-- flow ${lowered.flow} (${lowered.language})\n${lowered.text.trimEnd()}\n\n`);
    }
    return ExitCode.Success;
  } finally {
    await backend.close?.();
  }
}
