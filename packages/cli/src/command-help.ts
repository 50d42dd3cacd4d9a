import { BACKEND_NAMES, DEFAULT_BACKEND } from './backends.js';

/** What each command is for, its arguments, and the options that apply to it (the rest are refused). */
export interface CommandHelp {
  readonly summary: string;
  readonly argument: 'pipeline' | 'log' | 'dir' | 'none';
  /** Names after the file argument (`thund show <pipeline> [dataset …]`); other commands take none. */
  readonly rest?: 'datasets';
  readonly options: readonly OptionName[];
}

export type OptionName = 'backend' | 'backend-option' | 'backend-template' | 'backends' | 'db' | 'remote' | 'events' | 'show' | 'refresh' | 'full-refresh' | 'full-refresh-all' | 'dry-run' | 'bind' | 'sandbox' | 'live' | 'port' | 'select' | 'key' | 'runs' | 'feed' | 'against' | 'format' | 'sql' | 'limit';

const BACKEND_OPTIONS: readonly OptionName[] = ['backend', 'backend-option', 'db', 'remote', 'sandbox'];

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  init: { summary: 'create a starter project (pipeline.json, or with --sql a SQL project, and its data), or with --backend-template a backend package, in <dir>, default the current directory; never overwrites', argument: 'dir', options: ['sql', 'backend-template'] },
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

/** One option's flag as written in usage (`--limit <n>`), and what it does: one text, or one per command where they differ. */
export interface OptionHelp {
  readonly flag: string;
  readonly text: string | Readonly<Record<string, string>>;
  /** Whether the option takes a value (`--limit 20`); a flag without one is a switch. */
  readonly takesValue: boolean;
}

export const OPTION_HELP: Readonly<Record<OptionName, OptionHelp>> = {
  backend: { flag: '--backend <name>', text: `${BACKEND_NAMES.join(' | ')} | an installed backend package | the path of one (./my-backend) (default: ${DEFAULT_BACKEND})`, takesValue: true },
  'backend-template': { flag: '--backend-template', text: 'write a third-party backend package (its factory, the conformance suite wired in) instead of a pipeline', takesValue: false },
  'backend-option': { flag: '--backend-option <k=v>', text: 'a setting the backend reads by its own name (repeatable)', takesValue: true },
  backends: {
    flag: '--backends <a,b>',
    text: { diff: 'the two backends compared (default: native and, when @thund/backend-spark is installed, spark)', capabilities: 'the backends shown (default: every installed one)', test: 'the backends each test runs on (default: --backend)' },
    takesValue: true,
  },
  db: { flag: '--db <file>', text: 'native: DuckDB database file (default: native.duckdb in the pipeline\'s storage, .thund/<name>/ unless it sets storage; :memory: keeps nothing)', takesValue: true },
  remote: { flag: '--remote <url>', text: 'spark: Spark Connect server, sc://host:port (default: $THUND_SPARK_REMOTE or sc://127.0.0.1:15002)', takesValue: true },
  events: { flag: '--events <file>', text: { run: 'also write every event as JSON lines to <file>', view: 'show that log' }, takesValue: true },
  show: { flag: '--show <dataset>', text: 'print this dataset afterwards (repeatable; default: the final datasets)', takesValue: true },
  refresh: { flag: '--refresh <a,b>', text: 'refresh only these datasets (+name: with what it reads, name+: with what reads it); every other flow is excluded and its dataset keeps its rows', takesValue: true },
  'full-refresh': { flag: '--full-refresh <a,b>', text: 'recompute these datasets from scratch (empties them, resets their checkpoints); selects them as --refresh does', takesValue: true },
  'full-refresh-all': { flag: '--full-refresh-all', text: 'recompute every dataset from scratch (not with --refresh or --full-refresh)', takesValue: false },
  'dry-run': { flag: '--dry-run', text: 'validate, check and bind every flow (native: DuckDB binds each in order; Spark: SDP resolves the whole graph), write nothing', takesValue: false },
  bind: { flag: '--bind', text: 'also bind every flow on the backend, reading the schemas of files read without one (as run --dry-run); write nothing', takesValue: false },
  sandbox: { flag: '--sandbox', text: 'native: files only inside the pipeline\'s directory, no network, no extensions (for pipelines you did not write; JSON documents only)', takesValue: false },
  live: { flag: '--live', text: 'run the pipeline and show it as it runs', takesValue: false },
  port: { flag: '--port <n>', text: 'port to serve on, 0 to 65535 (default: a free one)', takesValue: true },
  select: {
    flag: '--select <a,b>',
    text: { run: 'the same selection as --refresh, in dbt\'s words', view: 'the same selection as --refresh, in dbt\'s words', diff: 'compare only these datasets (default: all but temporary views)' },
    takesValue: true,
  },
  key: { flag: '--key <col,…>', text: 'columns that identify a row, to show changed rows side by side', takesValue: true },
  format: { flag: '--format <f>', text: { capabilities: 'md (a table) or json (the wire form), default md', show: 'table, json (JSON Lines) or csv, default table' }, takesValue: true },
  limit: { flag: '--limit <n>', text: 'at most n rows of each dataset, read no more (default 20)', takesValue: true },
  runs: { flag: '--runs <n>', text: 'run n times, comparing after each run (default 1)', takesValue: true },
  sql: { flag: '--sql', text: { plan: 'print the pipeline as SDP SQL statements (CREATE MATERIALIZED VIEW …) that read back to the same plan', init: 'write a SQL project (spark-pipeline.yml and transformations/*.sql) instead of pipeline.json' }, takesValue: false },
  against: { flag: '--against <file>', text: 'compare the pipeline with another form of it (a SQL project and its JSON document) on each of --backends (default: --backend)', takesValue: true },
  feed: { flag: '--feed <dir>', text: 'new input files delivered before run k+1, from <dir>/k (laid out like the pipeline\'s directory)', takesValue: true },
};

/** The widest flag, so every description starts in one column with at least two spaces before it. */
const FLAG_WIDTH = Math.max(...Object.values(OPTION_HELP).map((o) => o.flag.length)) + 2;

/** An option's usage line: for one command (its own text), or for the global help (each command's text, named). */
export function optionLine(name: OptionName, command?: string): string {
  const { flag, text } = OPTION_HELP[name];
  // In the global help, an option of one or two commands says which.
  const users = Object.keys(COMMAND_HELP).filter((c) => COMMAND_HELP[c]?.options.includes(name));
  const described = typeof text === 'string'
    ? (command === undefined && users.length <= 2 ? `${users.join(', ')}: ${text}` : text)
    : command !== undefined && text[command] !== undefined
      ? text[command]
      : Object.entries(text).map(([c, t]) => `${c}: ${t}`).join('; ');
  return `${flag.padEnd(FLAG_WIDTH)}${wrap(described, HELP_WIDTH - 2 - FLAG_WIDTH).join(`\n${' '.repeat(FLAG_WIDTH + 2)}`)}`;
}

/** Help lines are kept within 100 columns: descriptions wrap under themselves. */
const HELP_WIDTH = 100;

/** `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** `run <pipeline>`, `init [dir]`, `capabilities`, `show <pipeline> [dataset …]`. */
export function commandSignature(name: string, help: CommandHelp): string {
  const rest = help.rest === undefined ? '' : ' [dataset …]';
  return `${name}${help.argument === 'none' ? '' : help.argument === 'dir' ? ' [dir]' : ` <${help.argument}>`}${rest}`;
}

/** `thund <command> --help`. */
export function commandUsage(name: string, help: CommandHelp): string {
  const options = help.options.length === 0 ? '' : `\nOptions:\n${help.options.map((o) => `  ${optionLine(o, name)}`).join('\n')}\n`;
  return `Usage: thund ${commandSignature(name, help)}${help.options.length === 0 ? '' : ' [options]'}\n\n${help.summary}\n${options}`;
}
