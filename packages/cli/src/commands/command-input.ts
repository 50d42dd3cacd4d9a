import type { Pipeline } from '@thund/ir';
import type { BackendOptions } from '../backends.js';

/** The parsed command line every command receives. */
export interface CommandInput {
  /** The file argument: the pipeline, or for `events` the event log. */
  readonly file: string;
  readonly backend: string;
  readonly backendOptions: BackendOptions;
  readonly eventsPath?: string;
  readonly show: readonly string[];
  readonly fullRefresh: boolean;
  loadPipeline(): Promise<Pipeline>;
}
