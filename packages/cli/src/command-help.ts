import { BACKEND_NAMES } from './backends.js';

/** What each command is for, its arguments, and the options that apply to it (the rest are refused). */
export interface CommandHelp {
  readonly summary: string;
  readonly argument: 'pipeline' | 'log' | 'dir' | 'none';
  /** Names after the file argument (`thund show <pipeline> [dataset …]`); other commands take none. */
  readonly rest?: 'datasets';
  readonly options: readonly OptionName[];
}

export type OptionName = 'backend' | 'backends' | 'db' | 'remote' | 'events' | 'show' | 'refresh' | 'full-refresh' | 'full-refresh-all' | 'dry-run' | 'bind' | 'sandbox' | 'live' | 'port' | 'select' | 'key' | 'runs' | 'feed' | 'against' | 'format' | 'sql' | 'limit';

const BACKEND_OPTIONS: readonly OptionName[] = ['backend', 'db', 'remote', 'sandbox'];

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  init: { summary: 'create a starter project (pipeline.json, or with --sql a SQL project, and its data) in <dir>, default the current directory; never overwrites', argument: 'dir', options: ['sql'] },
  check: { summary: 'validate the pipeline and check that the backend supports it; with --bind, also bind every flow on the backend', argument: 'pipeline', options: [...BACKEND_OPTIONS, 'bind'] },
  plan: { summary: 'show each flow\'s lowered SQL / plan, or (--sql) the pipeline as Spark Declarative Pipelines SQL', argument: 'pipeline', options: [...BACKEND_OPTIONS, 'sql'] },
  run: { summary: 'run the pipeline and print its result datasets', argument: 'pipeline', options: [...BACKEND_OPTIONS, 'events', 'show', 'refresh', 'select', 'full-refresh', 'full-refresh-all', 'dry-run'] },
  show: { summary: 'print the rows an earlier run wrote (the final datasets, or those named), read with a bounded query; nothing runs', argument: 'pipeline', rest: 'datasets', options: [...BACKEND_OPTIONS, 'limit', 'format'] },
  diff: { summary: 'run the pipeline on two backends (or two forms of it on each backend, --against) from the same inputs and compare every dataset (exit 0 equal, 1 different)', argument: 'pipeline', options: ['backends', 'remote', 'select', 'key', 'runs', 'feed', 'against'] },
  test: { summary: 'run the unit tests (*.test.json next to the pipeline) of its flows on each backend (exit 0 all pass, 1 a test failed)', argument: 'pipeline', options: ['backend', 'backends', 'remote'] },
  capabilities: { summary: 'what each backend runs, feature by feature, with the reason for every no', argument: 'none', options: ['backends', 'format'] },
  events: { summary: 'summarise a JSONL event log written by run --events', argument: 'log', options: [] },
  view: { summary: 'serve the run viewer on 127.0.0.1 (with --events <log> or --live)', argument: 'pipeline', options: [...BACKEND_OPTIONS, 'events', 'refresh', 'select', 'full-refresh', 'full-refresh-all', 'live', 'port'] },
};

export const OPTION_HELP: Readonly<Record<OptionName, string>> = {
  backend: `--backend <name>   ${BACKEND_NAMES.join(' | ')} (default: native)`,
  backends: '--backends <a,b>   diff: the two backends compared; capabilities: the backends shown (default: native,spark); test: the backends each test runs on (default: --backend)',
  db: '--db <file>        native: DuckDB database file (default: in memory)',
  remote: '--remote <url>     spark: Spark Connect server, sc://host:port (default: $THUND_SPARK_REMOTE or sc://127.0.0.1:15002)',
  events: '--events <file>    run: also write every event as JSON lines to <file>; view: show that log',
  show: '--show <dataset>   run: print this dataset afterwards (repeatable; default: the final datasets)',
  refresh: '--refresh <a,b>    refresh only these datasets (+name: with what it reads, name+: with what reads it); every other flow is excluded and its dataset keeps its rows',
  'full-refresh': '--full-refresh <a,b>  recompute these datasets from scratch (empties them, resets their checkpoints); selects them as --refresh does',
  'full-refresh-all': '--full-refresh-all recompute every dataset from scratch (not with --refresh or --full-refresh)',
  'dry-run': '--dry-run          run: validate, check and bind every flow (native: DuckDB binds each in order; Spark: SDP resolves the whole graph), write nothing',
  bind: '--bind             check: also bind every flow on the backend, reading the schemas of files read without one (as run --dry-run); write nothing',
  sandbox: '--sandbox          native: files only inside the pipeline\'s directory, no network, no extensions\n                     (for pipelines you did not write; JSON documents only)',
  live: '--live             view: run the pipeline and show it as it runs',
  port: '--port <n>         view: port to serve on (default: a free one)',
  select: '--select <a,b>     run, view: the same selection as --refresh, in dbt\'s words; diff: compare only these datasets (default: all but temporary views)',
  key: '--key <col,…>      diff: columns that identify a row, to show changed rows side by side',
  format: '--format <f>       capabilities: md (a table) or json (the wire form), default md; show: table, json (JSON Lines) or csv, default table',
  limit: '--limit <n>        show: at most n rows of each dataset, read no more (default 20)',
  runs: '--runs <n>         diff: run n times, comparing after each run (default 1)',
  sql: '--sql              plan: print the pipeline as SDP SQL statements (CREATE MATERIALIZED VIEW …) that read back to the same plan; init: write a SQL project',
  against: '--against <file>   diff: compare the pipeline with another form of it (a SQL project and its JSON document) on each of --backends (default: --backend)',
  feed: '--feed <dir>       diff: new input files delivered before run k+1, from <dir>/k (laid out like the pipeline\'s directory)',
};

/** `run <pipeline>`, `init [dir]`, `capabilities`, `show <pipeline> [dataset …]`. */
export function commandSignature(name: string, help: CommandHelp): string {
  const rest = help.rest === undefined ? '' : ' [dataset …]';
  return `${name}${help.argument === 'none' ? '' : help.argument === 'dir' ? ' [dir]' : ` <${help.argument}>`}${rest}`;
}

/** `thund <command> --help`. */
export function commandUsage(name: string, help: CommandHelp): string {
  const options = help.options.length === 0 ? '' : `\nOptions:\n${help.options.map((o) => `  ${OPTION_HELP[o]}`).join('\n')}\n`;
  return `Usage: thund ${commandSignature(name, help)}${help.options.length === 0 ? '' : ' [options]'}\n\n${help.summary}\n${options}`;
}
