import { capabilitiesToJson, capabilityMatrixMarkdown } from '@thund/ir';
import { backendCapabilities, noBackendHint } from '../backends.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund capabilities [--backends a,b] [--format md|json]`: what
 * each backend runs (default: every installed one), from its own `capabilities()`, with the reason for
 * every "no". The repository's docs/capabilities.md is this output.
 */
export async function capabilitiesCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  if (input.backends.length === 0) {
    throw new UsageError(`no backend is installed beside @thund/cli: ${noBackendHint()}`, { hint: undefined });
  }
  const all = await Promise.all(input.backends.map((name) => backendCapabilities(name, input.backendOptions.baseDir)));
  switch (input.format) {
    case 'json':
      io.stdout.write(`${JSON.stringify(all.map((c) => capabilitiesToJson(c)), null, 2)}\n`);
      return ExitCode.Success;
    case 'md':
      io.stdout.write(`${capabilityMatrixMarkdown(all)}\n`);
      return ExitCode.Success;
    default:
      throw new UsageError(`--format must be md or json, got "${input.format}"`);
  }
}
