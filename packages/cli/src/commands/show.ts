import { createBackend } from '../backends.js';
import { rowsAsCsv, rowsAsJsonLines } from '../format-rows.js';
import { type CliIo, ExitCode } from '../io.js';
import { renderTable } from '../render-table.js';
import { checkShownDatasets } from '../shown-datasets.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';
import { datasetsToShow } from './run.js';

const FORMATS = ['table', 'json', 'csv'] as const;

/**
 * `thund show <pipeline> [dataset …]`: the rows an earlier run wrote, read
 * back with a bounded query (`--limit`, default 20: the backend reads no
 * more), from where a run of the pipeline writes them (the backend knows
 * where: `ReadRowsOptions.pipeline`).
 * Nothing runs. Without dataset names, the final ones.
 */
export async function showCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const format = input.format;
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format for "thund show" is ${FORMATS.join(', ')}; got "${format}"`);
  const pipeline = await input.loadPipeline();
  checkShownDatasets(pipeline, input.datasets);
  const names = datasetsToShow(pipeline, input.datasets);
  if (format !== 'table' && names.length !== 1) throw new UsageError(`--format ${format} prints one dataset: name it (${names.join(', ')})`);
  const backend = await createBackend(input.backend, input.backendOptions);
  try {
    if (backend.readRows === undefined) throw new UsageError(`backend "${input.backend}" cannot show rows: it has no readRows facet (ExecBackend.readRows)`, { hint: undefined });
    for (const name of names) {
      const rows = await backend.readRows(name, { limit: input.limit, pipeline });
      if (format === 'table') io.stdout.write(`${names.length > 1 && name !== names[0] ? '\n' : ''}${renderTable(name, rows)}`);
      else io.stdout.write(format === 'csv' ? rowsAsCsv(rows) : rowsAsJsonLines(rows));
      // The data goes to stdout untouched; that it was cut short, to stderr.
      if (format !== 'table' && rows.totalRows > rows.rows.length) io.stderr.write(`thund: showed ${rows.rows.length} of ${rows.totalRows} rows of "${name}" (--limit ${input.limit})\n`);
    }
    return ExitCode.Success;
  } finally {
    await backend.close?.();
  }
}
