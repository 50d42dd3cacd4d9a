import { capabilitiesToJson, capabilityMatrixMarkdown } from '@thund/ir';
import { backendCapabilities } from '../backends.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund capabilities [--backends native,spark] [--format md|json]`: what
 * each backend runs, from its own `capabilities()`, with the reason for
 * every "no". The repository's docs/capabilities.md is this output.
 */
export async function capabilitiesCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const all = await Promise.all(input.backends.map((name) => backendCapabilities(name)));
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
