import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { closestName } from '@thund/ir';
import { COMMAND_HELP, OPTION_HELP, type OptionName, commandSignature, commandUsage, optionLine } from './command-help.js';
import { parseCommandLine } from './parse-command-line.js';
import type { CommandInput } from './commands/command-input.js';
import { describeFailure } from './format-error.js';
import { type CliIo, ExitCode } from './io.js';
import { DEFAULT_BACKEND, installedBackends } from './backends.js';
import { loadPipeline, loadPipelineDocument, pipelineInFolder } from './load-pipeline.js';
import { assertConfigDatabaseInside, findProjectConfig, resolveSettings } from './project-config.js';
import { cliVersion } from './release-line.js';
import { DEFAULT_HINT, UsageError } from './usage-error.js';

const OPTION_NAMES = Object.keys(OPTION_HELP) as OptionName[];

/** Each command's signature and summary, the summaries in one column. */
function commandLines(): string {
  const lines: [string, string][] = [
    ...Object.entries(COMMAND_HELP).map(([name, c]): [string, string] => [commandSignature(name, c), c.summary]),
    ['help [command]', 'show this help, or that command\'s (also thund <command> --help)'],
    ['version', 'print the version (also --version)'],
  ];
  const width = Math.max(...lines.map(([signature]) => signature.length)) + 2;
  return lines.map(([signature, summary]) => `  ${signature.padEnd(width)}${summary}`).join('\n');
}

/** The text `thund help` (and `thund --help`) prints: commands, options and exit codes. */
export const USAGE = `Usage: thund <command> <pipeline> [options]

Commands:
${commandLines()}

<pipeline> is a JSON pipeline document, a TS/JS module whose default export is a Pipeline,
a SQL project (a folder with spark-pipeline.yml, or that file), or one .sql file.

Options:
${OPTION_NAMES.map((name) => `  ${optionLine(name)}`).join('\n')}

Settings: --backend, --db, --remote and --sandbox may come from the environment
(THUND_BACKEND, THUND_DB, THUND_SPARK_REMOTE, THUND_SANDBOX=1) or from the
nearest thund.config.json at or above the pipeline ({"backend": "spark",
"db": "state.duckdb", "remote": "sc://…", "sandbox": true}); a flag wins over
the environment, which wins over the file.

Exit codes: 0 success, 1 the run failed, 2 invalid input,
130 / 143 a run cancelled by SIGINT (Ctrl-C) / SIGTERM.
`;

const COMMANDS: Readonly<Record<string, (input: CommandInput, io: CliIo) => Promise<ExitCode>>> = {
  // Each command's module (the viewer's page server and layout engine among them) is loaded only when it runs.
  init: async (input, io) => (await import('./commands/init.js')).initCommand(input, io),
  check: async (input, io) => (await import('./commands/check.js')).checkCommand(input, io),
  plan: async (input, io) => (await import('./commands/plan.js')).planCommand(input, io),
  run: async (input, io) => (await import('./commands/run.js')).runCommand(input, io),
  show: async (input, io) => (await import('./commands/show.js')).showCommand(input, io),
  capabilities: async (input, io) => (await import('./commands/capabilities.js')).capabilitiesCommand(input, io),
  diff: async (input, io) => (await import('./commands/diff.js')).diffCommand(input, io),
  test: async (input, io) => (await import('./commands/test.js')).testCommand(input, io),
  events: async (input, io) => (await import('./commands/events.js')).eventsCommand(input, io),
  view: async (input, io) => (await import('./commands/view.js')).viewCommand(input, io),
};

/** Runs `thund` with `argv` (without node and the script) and returns its exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  try {
    assertFullRefreshHasNames(argv);
    const commandWord = argv.find((word) => !word.startsWith('-'));
    const commandHelp = commandWord === undefined ? undefined : COMMAND_HELP[commandWord];
    const { positionals, options } = parseCommandLine(argv, commandWord === undefined || commandHelp === undefined ? undefined : { name: commandWord, options: commandHelp.options });
    const last = (name: OptionName): string | undefined => options.get(name)?.at(-1);
    const has = (name: OptionName | 'help' | 'version'): boolean => options.has(name);
    const values = {
      backend: last('backend'), db: last('db'), remote: last('remote'), events: last('events'), show: [...(options.get('show') ?? [])],
      refresh: last('refresh'), 'full-refresh': last('full-refresh'), 'full-refresh-all': has('full-refresh-all'), 'dry-run': has('dry-run'),
      bind: has('bind'), sandbox: has('sandbox') ? true : undefined, live: has('live'), port: last('port'), backends: last('backends'),
      select: last('select'), key: last('key'), runs: last('runs'), feed: last('feed'), against: last('against'), sql: has('sql'),
      format: last('format'), limit: last('limit'), help: has('help'), version: has('version'),
    };
    const [command, fileArgument, ...extra] = positionals;
    if (values.version || command === 'version') {
      io.stdout.write(`thund ${cliVersion()}\n`);
      return ExitCode.Success;
    }
    const help = command === undefined ? undefined : COMMAND_HELP[command];
    if (values.help && help !== undefined && command !== undefined) {
      io.stdout.write(commandUsage(command, help));
      return ExitCode.Success;
    }
    // `thund help run`: that command's usage.
    const helpFor = command === 'help' && fileArgument !== undefined ? COMMAND_HELP[fileArgument] : undefined;
    if (helpFor !== undefined && fileArgument !== undefined) {
      io.stdout.write(commandUsage(fileArgument, helpFor));
      return ExitCode.Success;
    }
    if (values.help || command === undefined || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined && !values.help ? ExitCode.InvalidInput : ExitCode.Success;
    }
    const handler = COMMANDS[command];
    if (handler === undefined || help === undefined) {
      const guess = closestName(command, [...Object.keys(COMMANDS), 'help', 'version']);
      throw new UsageError(`unknown command "${command}"${guess === undefined ? '' : `; did you mean "${guess}"?`}`);
    }
    const given = OPTION_NAMES.filter((o) => options.has(o));
    const misplaced = given.filter((o) => !help.options.includes(o));
    if (misplaced.length > 0) {
      const which = misplaced.map((o) => `--${o}`).join(', ');
      throw new UsageError(`${which} ${misplaced.length === 1 ? 'does' : 'do'} not apply to "thund ${command}" (see thund ${command} --help)`);
    }
    if (fileArgument === undefined && help.argument === 'log') throw new UsageError(`"thund ${command}" needs an event log file`);
    if (help.argument === 'none' && fileArgument !== undefined) throw new UsageError(`"thund ${command}" takes no file, got "${fileArgument}"`);
    if (extra.length > 0 && help.rest === undefined) throw new UsageError(`unexpected argument${extra.length > 1 ? 's' : ''}: ${extra.join(' ')}`);
    // Without a pipeline argument, the project in the current folder (as spark-pipelines and dbt find theirs).
    const named = resolve(io.cwd, fileArgument ?? '.');
    const file = help.argument === 'pipeline' ? await pipelineInFolder(named) : named;
    // A SQL project's paths resolve against its folder; a pipeline file's against the file's folder.
    const baseDir = statSync(file, { throwIfNoEntry: false })?.isDirectory() === true ? file : dirname(file);
    const flags = {
      ...(values.backend === undefined ? {} : { backend: values.backend }),
      ...(values.db === undefined ? {} : { db: databasePath(io.cwd, values.db) }),
      ...(values.remote === undefined ? {} : { remote: values.remote }),
      ...(values.sandbox === true ? { sandbox: true } : {}),
    };
    // Settings only apply to commands on a pipeline: the options each command takes still decide what is used.
    const settings = resolveSettings(flags, io.env ?? {}, help.argument === 'pipeline' ? findProjectConfig(baseDir) : undefined);
    const backend = settings.backend ?? DEFAULT_BACKEND;
    const sandbox = settings.sandbox === true && help.options.includes('sandbox');
    if (sandbox) assertConfigDatabaseInside(settings, baseDir);
    const input: CommandInput = {
      file,
      backend,
      backendOptions: {
        baseDir,
        // The CLI's runs keep what they write, for the commands after them (show, view); throwaway runs (diff, test) do not.
        persist: true,
        options: backendOptionPairs(options.get('backend-option') ?? []),
        ...(settings.db === undefined || !help.options.includes('db') ? {} : { database: databasePath(io.cwd, settings.db) }),
        ...(settings.remote === undefined ? {} : { remote: settings.remote }),
        ...(sandbox ? { sandbox: true } : {}),
      },
      ...(values.events === undefined ? {} : { eventsPath: resolve(io.cwd, values.events) }),
      show: values.show,
      datasets: help.rest === undefined ? [] : extra,
      limit: values.limit === undefined ? 20 : parseLimit(values.limit),
      ...refreshSelection(command, values.refresh, values.select),
      fullRefresh: datasetNames('--full-refresh', values['full-refresh']),
      fullRefreshAll: values['full-refresh-all'],
      dryRun: values['dry-run'],
      bind: values.bind,
      sql: values.sql,
      backendTemplate: has('backend-template'),
      live: values.live,
      ...(values.port === undefined ? {} : { port: parsePort(values.port) }),
      // diff and capabilities use every installed backend unless told; test and diff --against run on --backend unless told.
      backends: values.backends !== undefined ? commaList(values.backends) : command === 'test' || values.against !== undefined ? [backend] : installedBackends(),
      backendsGiven: values.backends !== undefined,
      select: command === 'diff' ? commaList(values.select) : [],
      keys: commaList(values.key),
      format: values.format ?? (command === 'show' ? 'table' : 'md'),
      runs: values.runs === undefined ? 1 : parseRuns(values.runs),
      ...(values.feed === undefined ? {} : { feed: values.feed }),
      ...(values.against === undefined ? {} : { against: resolve(io.cwd, values.against) }),
      loadPipeline: () => (sandbox ? loadPipelineDocument(file, io.cwd) : loadPipeline(file, io.cwd)),
    };
    return await handler(input, io);
  } catch (error) {
    const failure = describeFailure(pointToCommandHelp(error, argv), { debug: io.debug === true });
    io.stderr.write(`${failure.text}\n`);
    return failure.exitCode;
  }
}


const FULL_REFRESH_HINT = 'name the datasets to recompute (--full-refresh a,b), or recompute every dataset with --full-refresh-all';

/** A usage mistake in a known command points to that command's help rather than the whole list. */
function pointToCommandHelp(error: unknown, argv: readonly string[]): unknown {
  const command = argv.find((word) => !word.startsWith('-'));
  if (!(error instanceof UsageError) || error.hint !== DEFAULT_HINT || command === undefined || COMMAND_HELP[command] === undefined) return error;
  return new UsageError(error.message, { hint: `see thund ${command} --help` });
}

/** `--full-refresh` used to recompute everything on its own; now it takes names, and says so rather than parse a path as one. */
function assertFullRefreshHasNames(argv: readonly string[]): void {
  const at = argv.indexOf('--full-refresh');
  if (at === -1) return;
  const next = argv[at + 1];
  if (next === undefined || next.startsWith('-')) throw new UsageError(`--full-refresh needs dataset names: ${FULL_REFRESH_HINT}`);
}

/** A comma list of dataset names; a pipeline file given in their place (the old `--full-refresh <pipeline>`) is refused with the fix. */
function datasetNames(flag: string, value: string | undefined): string[] {
  const names = commaList(value);
  const path = names.find((name) => /[/\\]|\.(json|sql)$/.test(name));
  if (path !== undefined) throw new UsageError(`${flag} takes dataset names, and "${path}" looks like a file: ${FULL_REFRESH_HINT}`);
  return names;
}

/** run and view take the selection as `--refresh` (SDP's word) or `--select` (dbt's), not both; messages name the flag given. */
function refreshSelection(command: string, refresh: string | undefined, select: string | undefined): Pick<CommandInput, 'refresh' | 'refreshFlag'> {
  if (command === 'diff' || select === undefined) return { refresh: commaList(refresh), refreshFlag: '--refresh' };
  if (refresh !== undefined) throw new UsageError('--select and --refresh both name the datasets to refresh: give one of them');
  return { refresh: commaList(select), refreshFlag: '--select' };
}

/** `--db`'s file resolved against the working folder; `:memory:` stays itself (a run that keeps nothing). */
function databasePath(cwd: string, db: string): string {
  return db === ':memory:' ? db : resolve(cwd, db);
}

/** `--backend-option key=value` (repeatable) as a map, each one checked for its `=`. */
function backendOptionPairs(pairs: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--backend-option takes key=value, got "${pair}"`);
    options[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return options;
}

/** `a,b , c` → ['a', 'b', 'c']. */
function commaList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** A whole number written in decimal digits only (`Number` would also take `0x3e81`, `1e4`, ` 7 ` and `''`). */
function wholeNumber(text: string): number | undefined {
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

function parseLimit(text: string): number {
  const limit = wholeNumber(text);
  if (limit === undefined) throw new UsageError(`--limit takes a whole number of rows (0 or more), got "${text}"`);
  return limit;
}

function parseRuns(text: string): number {
  const runs = wholeNumber(text);
  if (runs === undefined || runs < 1 || runs > 1000) throw new UsageError(`--runs must be a whole number from 1 to 1000, got "${text}"`);
  return runs;
}

function parsePort(text: string): number {
  const port = wholeNumber(text);
  if (port === undefined || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535 in decimal digits, got "${text}"`);
  return port;
}
