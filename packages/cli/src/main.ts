import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BACKEND_NAMES } from './backends.js';
import type { CommandInput } from './commands/command-input.js';
import { describeFailure } from './format-error.js';
import { type CliIo, ExitCode } from './io.js';
import { loadPipeline, loadPipelineDocument } from './load-pipeline.js';
import { UsageError } from './usage-error.js';

export const USAGE = `Usage: thund <command> <pipeline> [options]

Commands:
  check <pipeline>   validate the pipeline and check that the backend supports it
  plan <pipeline>    show each flow's lowered SQL / plan
  run <pipeline>     run the pipeline and print its result datasets
  events <log>       summarise a JSONL event log written by run --events
  view <pipeline>    serve the run viewer on 127.0.0.1 (with --events <log> or --live)
  help               show this help

<pipeline> is a JSON pipeline document, or a TS/JS module whose default export is a Pipeline.

Options:
  --backend <name>   ${BACKEND_NAMES.join(' | ')} (default: native)
  --db <file>        native: DuckDB database file (default: in memory)
  --remote <url>     spark: Spark Connect server, sc://host:port (default: $THUND_SPARK_REMOTE or sc://127.0.0.1:15002)
  --events <file>    run: also write every event as JSON lines to <file>
  --show <dataset>   run: print this dataset afterwards (repeatable; default: the final datasets)
  --full-refresh     run: recompute every dataset from scratch
  --sandbox          native: files only inside the pipeline's directory, no network, no extensions
                     (for pipelines you did not write; JSON documents only)
  --live             view: run the pipeline and show it as it runs
  --port <n>         view: port to serve on (default: a free one)

Exit codes: 0 success, 1 the run failed, 2 invalid input,
130 / 143 a run cancelled by SIGINT (Ctrl-C) / SIGTERM.
`;

const COMMANDS: Readonly<Record<string, (input: CommandInput, io: CliIo) => Promise<ExitCode>>> = {
  // Each command's module (the viewer's page server and layout engine among them) is loaded only when it runs.
  check: async (input, io) => (await import('./commands/check.js')).checkCommand(input, io),
  plan: async (input, io) => (await import('./commands/plan.js')).planCommand(input, io),
  run: async (input, io) => (await import('./commands/run.js')).runCommand(input, io),
  events: async (input, io) => (await import('./commands/events.js')).eventsCommand(input, io),
  view: async (input, io) => (await import('./commands/view.js')).viewCommand(input, io),
};

/** Runs `thund` with `argv` (without node and the script) and returns its exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        backend: { type: 'string', default: 'native' },
        db: { type: 'string' },
        remote: { type: 'string' },
        events: { type: 'string' },
        show: { type: 'string', multiple: true, default: [] },
        'full-refresh': { type: 'boolean', default: false },
        sandbox: { type: 'boolean', default: false },
        live: { type: 'boolean', default: false },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, fileArgument, ...extra] = positionals;
    if (values.help || command === undefined || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined && !values.help ? ExitCode.InvalidInput : ExitCode.Success;
    }
    const handler = COMMANDS[command];
    if (handler === undefined) throw new UsageError(`unknown command "${command}"`);
    if (fileArgument === undefined) throw new UsageError(`"thund ${command}" needs ${command === 'events' ? 'an event log' : 'a pipeline'} file`);
    if (extra.length > 0) throw new UsageError(`unexpected argument${extra.length > 1 ? 's' : ''}: ${extra.join(' ')}`);
    const file = resolve(io.cwd, fileArgument);
    const input: CommandInput = {
      file,
      backend: values.backend,
      backendOptions: {
        baseDir: dirname(file),
        ...(values.db === undefined ? {} : { database: resolve(io.cwd, values.db) }),
        ...(values.remote === undefined ? {} : { remote: values.remote }),
        ...(values.sandbox ? { sandbox: true } : {}),
      },
      ...(values.events === undefined ? {} : { eventsPath: resolve(io.cwd, values.events) }),
      show: values.show,
      fullRefresh: values['full-refresh'],
      live: values.live,
      ...(values.port === undefined ? {} : { port: parsePort(values.port) }),
      loadPipeline: () => (values.sandbox ? loadPipelineDocument(file, io.cwd) : loadPipeline(file, io.cwd)),
    };
    return await handler(input, io);
  } catch (error) {
    const failure = describeFailure(error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true ? new UsageError(error.message) : error, { debug: io.debug === true });
    io.stderr.write(`${failure.text}\n`);
    return failure.exitCode;
  }
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${text}"`);
  return port;
}
