import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { call, col, count, expect, from, pipeline, readFiles, serializePipeline, sum } from '@thund/ir';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import type { CommandInput } from './command-input.js';

const ORDERS_CSV = `order_id,customer,country,amount
1,alice, se ,120.50
2,bob,NO,35.00
3,,SE,18.20
4,carol,dk,-5.00
5,dave,no,64.00
`;

/** A starter pipeline: a CSV → a cleaned table with expectations → a per-country rollup. */
function starter(name: string): string {
  return serializePipeline(pipeline(name)
    .table('clean_orders', {
      comment: 'Orders with a customer and a positive amount; country codes trimmed and upper-cased.',
      query: readFiles('csv', 'data/orders.csv', { options: { header: 'true' } })
        .select(col('order_id').cast('int64').as('order_id'), 'customer', call('upper', call('trim', col('country'))).as('country'), col('amount').cast('float64').as('amount')),
      expectations: [expect('positive_amount', col('amount').gt(0), 'drop'), expect('known_customer', col('customer').isNotNull(), 'warn')],
    })
    .materializedView('revenue_by_country', {
      comment: 'Revenue and order count per country.',
      query: from('clean_orders').groupBy('country').agg(sum('amount').as('revenue'), count().as('orders')),
    })
    .build());
}

/**
 * `thund init [dir]`: a starter project — `pipeline.json` and the CSV it
 * reads — in `dir` (default: the current directory). Never overwrites: a
 * file that exists already stops it before anything is written.
 */
export async function initCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const dir = input.file;
  const name = (dir.split(/[\\/]/).filter((s) => s !== '').at(-1) ?? 'pipeline').replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, 'p_');
  const files: readonly [string, string][] = [['pipeline.json', `${starter(name)}\n`], [join('data', 'orders.csv'), ORDERS_CSV]];
  const created: string[] = [];
  try {
    for (const [path, text] of files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      // `wx`: fails if the file exists, so nothing of the user's is ever replaced.
      await writeFile(join(dir, path), text, { flag: 'wx' });
      created.push(join(dir, path));
    }
  } catch (error) {
    for (const path of created) await rm(path, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UsageError(`${(error as NodeJS.ErrnoException).path ?? 'a file'} exists already: thund init writes a new project and never overwrites; choose an empty directory (thund init <dir>)`);
    }
    throw error;
  }
  const where = relative(io.cwd, dir) || '.';
  io.stdout.write(`created ${files.map(([path]) => escapeForTerminal(join(where, path))).join(' and ')}\nnext: thund run ${escapeForTerminal(join(where, 'pipeline.json'))}\n`);
  return ExitCode.Success;
}
