import { type ExecBackend, type Pipeline, type RunOptions, ThundError, selectRun } from '@thund/ir';
import type { CommandInput } from './commands/command-input.js';
import { UsageError } from './usage-error.js';


/**
 * The run options of `--refresh` (or `--select`), `--full-refresh <names>` and
 * `--full-refresh-all`, checked before anything runs: SDP's conflicts and
 * unknown names are usage errors in the flags' own words, and a selection
 * is refused for a backend that cannot honour it.
 */
export function runSelectionOptions(input: CommandInput, pipeline: Pipeline, backend: ExecBackend): Pick<RunOptions, 'refresh' | 'fullRefresh'> {
  const options: Pick<RunOptions, 'refresh' | 'fullRefresh'> = {
    ...(input.refresh.length === 0 ? {} : { refresh: input.refresh }),
    ...(input.fullRefreshAll ? { fullRefresh: true } : input.fullRefresh.length === 0 ? {} : { fullRefresh: input.fullRefresh }),
  };
  let selective = false;
  try {
    selective = !selectRun(pipeline, options, { refresh: input.refreshFlag, fullRefresh: '--full-refresh', fullRefreshAll: '--full-refresh-all' }).all;
  } catch (reason) {
    if (reason instanceof ThundError) throw new UsageError(reason.rawMessage);
    throw reason;
  }
  const capabilities = backend.capabilities();
  if (selective && !capabilities.selectiveRefresh) {
    throw new UsageError(`backend "${capabilities.name}" cannot refresh a selection of datasets (its capabilities have no selectiveRefresh): run every flow (no --refresh or --full-refresh), or recompute everything with --full-refresh-all`);
  }
  return options;
}
