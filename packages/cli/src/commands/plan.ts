import { datasetSchemas } from '@thund/ir';
import { createBackend } from '../backends.js';
import { formatSchema } from '../format-schema.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund plan <pipeline>`: each flow's lowered SQL / plan, after a
 * successful check, under the schema of the dataset it writes (as `check`
 * infers it). `--sql`: the pipeline as SDP SQL statements, which
 * `@thund/sql` reads back to the same plan (no backend involved).
 */
export async function planCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const pipeline = await input.loadPipeline();
  if (input.sql) {
    const { printPipelineSql } = await import('@thund/sql');
    io.stdout.write(escapeForTerminal(printPipelineSql(pipeline), { keepNewlines: true }));
    return ExitCode.Success;
  }
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    if (backend.explain === undefined) throw new UsageError(`backend "${input.backend}" cannot show plans: it has no explain facet (ExecBackend.explain); thund check tells whether it runs the pipeline`, { hint: undefined });
    const report = backend.check(pipeline);
    for (const violation of report.violations) io.stderr.write(`  - ${escapeForTerminal(violation.path)}: ${escapeForTerminal(violation.message)}\n`);
    if (!report.ok) return ExitCode.InvalidInput;
    const schemas = datasetSchemas(pipeline);
    const targets = new Map(pipeline.flows.map((f) => [f.name, f.target]));
    for (const lowered of backend.explain(pipeline)) {
      // The plan text is a multi-line block: its line breaks stay, every other control character is escaped.
      const text = escapeForTerminal(lowered.text.trimEnd(), { keepNewlines: true });
      const target = targets.get(lowered.flow);
      const writes = target === undefined ? '' : `-- writes ${escapeForTerminal(target)}: ${escapeForTerminal(formatSchema(schemas.get(target)))}\n`;
      io.stdout.write(`-- flow ${escapeForTerminal(lowered.flow)} (${escapeForTerminal(lowered.language)})\n${writes}${text}\n\n`);
    }
    return ExitCode.Success;
  } finally {
    await backend.close?.();
  }
}
