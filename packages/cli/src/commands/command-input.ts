import type { Pipeline } from '@thund/ir';
import type { BackendSettings } from '@thund/ir';

/** The parsed command line every command receives. */
export interface CommandInput {
  /** The file argument: the pipeline, or for `events` the event log. */
  readonly file: string;
  readonly backend: string;
  /** What the backend is created with (flags, THUND_* variables, thund.config.json). */
  readonly backendOptions: BackendSettings;
  readonly eventsPath?: string;
  readonly show: readonly string[];
  /** show: the datasets named after the pipeline (default: the final ones). */
  readonly datasets: readonly string[];
  /** show: most rows read of each dataset. */
  readonly limit: number;
  /** run, view: refresh only these datasets. */
  readonly refresh: readonly string[];
  /** run, view: the flag that named `refresh`, for messages. */
  readonly refreshFlag: '--refresh' | '--select';
  /** run, view: recompute these datasets from scratch. */
  readonly fullRefresh: readonly string[];
  /** run, view: recompute every dataset from scratch. */
  readonly fullRefreshAll: boolean;
  /** run: plan and check everything, write nothing. */
  readonly dryRun: boolean;
  /** check: also bind every flow on the backend (reading the schemas of files read without one), writing nothing. */
  readonly bind: boolean;
  /** `init --backend-template`: write a third-party backend package instead of a pipeline. */
  readonly backendTemplate: boolean;
  /** `plan --sql`: print the pipeline as SDP SQL instead of each backend plan. */
  readonly sql: boolean;
  /** view: run the pipeline live. */
  readonly live: boolean;
  /** view: port to serve on (default: a free one). */
  readonly port?: number;
  /** diff: the two backends compared; capabilities: those shown; test: those run on. */
  readonly backends: readonly string[];
  /** Whether `--backends` was given (else `backends` is a default: every installed backend, or `--backend`). */
  readonly backendsGiven: boolean;
  /** diff: the datasets compared (default: all but temporary views). */
  readonly select: readonly string[];
  /** diff: columns that identify a row. */
  readonly keys: readonly string[];
  /** capabilities: `md` or `json`; show: `table`, `json` or `csv`. */
  readonly format: string;
  /** diff: how many runs, each compared (default 1). */
  readonly runs: number;
  /** diff: the new input of each later run (`<feed>/1`, `<feed>/2`, …). */
  readonly feed?: string;
  /** `diff --against`: another form of the pipeline, compared with it on each backend. */
  readonly against?: string;
  loadPipeline(): Promise<Pipeline>;
}
