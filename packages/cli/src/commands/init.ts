import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { call, col, count, expect, from, pipeline, readFiles, serializePipeline, sum } from '@thund/ir';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import { backendTemplateFiles } from './backend-template.js';
import type { CommandInput } from './command-input.js';

const ORDERS_CSV = `order_id,customer,country,amount
1,alice, se ,120.50
2,bob,NO,35.00
3,,SE,18.20
4,carol,dk,-5.00
5,dave,no,64.00
`;

const COUNTRIES_CSV = `country,country_name
SE,Sweden
NO,Norway
`;

/** A starter pipeline: a CSV → a cleaned table with expectations → a per-country rollup joined to country names. */
function starter(name: string): string {
  return serializePipeline(pipeline(name)
    .temporaryView('countries', { query: readFiles('csv', 'data/countries.csv', { options: { header: 'true' } }) })
    .table('clean_orders', {
      comment: 'Orders with a customer and a positive amount; country codes trimmed and upper-cased.',
      query: readFiles('csv', 'data/orders.csv', { options: { header: 'true' } })
        .select(col('order_id').cast('int64').as('order_id'), 'customer', call('upper', call('trim', col('country'))).as('country'), col('amount').cast('float64').as('amount')),
      expectations: [expect('positive_amount', col('amount').gt(0), 'drop'), expect('known_customer', col('customer').isNotNull(), 'warn')],
    })
    .materializedView('revenue_by_country', {
      comment: 'Revenue and order count per country, with the country\'s name where it is known.',
      query: from('clean_orders').join(from('countries'), { type: 'left', using: ['country'] })
        .groupBy('country', 'country_name').agg(sum('amount').as('revenue'), count().as('orders')),
    })
    .build());
}

/** The same starter as a SQL project, in the style of SDP (Spark Declarative Pipelines) projects. */
const STARTER_SQL = `-- Orders CSV → a cleaned view with expectations → revenue per country, joined to country names.
CREATE TEMPORARY VIEW countries
AS SELECT * FROM csv.\`data/countries.csv\` WITH ('header' = 'true');

CREATE MATERIALIZED VIEW clean_orders (
  CONSTRAINT positive_amount EXPECT (amount > 0) ON VIOLATION DROP ROW,
  CONSTRAINT known_customer EXPECT (customer IS NOT NULL)
)
COMMENT 'Orders with a customer and a positive amount; country codes trimmed and upper-cased.'
AS SELECT
  CAST(order_id AS BIGINT) AS order_id,
  customer,
  upper(trim(country)) AS country,
  CAST(amount AS DOUBLE) AS amount
FROM csv.\`data/orders.csv\` WITH ('header' = 'true');

CREATE MATERIALIZED VIEW revenue_by_country
COMMENT 'Revenue and order count per country, with the country\\'s name where it is known.'
AS SELECT country, country_name, sum(amount) AS revenue, count(*) AS orders
FROM clean_orders LEFT JOIN countries USING (country)
GROUP BY country, country_name;
`;

function starterSpec(name: string): string {
  return `name: ${name}\nstorage: storage\nlibraries:\n  - glob:\n      include: transformations/**\n`;
}

/** Unit tests of the starter's flows, run by `thund test` (see the CLI README). */
const STARTER_TESTS = `${JSON.stringify({
  tests: [
    {
      name: 'orders without a positive amount are dropped; a missing customer only warns',
      flow: 'clean_orders',
      given: {
        'data/orders.csv': [
          { order_id: '1', customer: 'alice', country: ' se ', amount: '10.50' },
          { order_id: '2', customer: null, country: 'no', amount: '4.00' },
          { order_id: '3', customer: 'bob', country: 'NO', amount: '-1.00' },
        ],
      },
      expect: {
        rows: [
          { order_id: 1, customer: 'alice', country: 'SE', amount: 10.5 },
          { order_id: 2, customer: null, country: 'NO', amount: 4 },
        ],
        expectations: { positive_amount: { passed: 2, failed: 1 }, known_customer: { passed: 2, failed: 1 } },
      },
    },
    {
      name: 'revenue per country carries the country name, NULL where the country is not listed',
      flow: 'revenue_by_country',
      given: {
        clean_orders: [
          { order_id: 1, customer: 'alice', country: 'SE', amount: 10.5 },
          { order_id: 2, customer: 'bob', country: 'SE', amount: 2.5 },
          { order_id: 3, customer: 'carol', country: 'DK', amount: 7.0 },
        ],
        countries: [{ country: 'SE', country_name: 'Sweden' }, { country: 'NO', country_name: 'Norway' }],
      },
      expect: {
        rows: [
          { country: 'SE', country_name: 'Sweden', revenue: 13, orders: 2 },
          { country: 'DK', country_name: null, revenue: 7, orders: 1 },
        ],
      },
    },
  ],
}, null, 2)}\n`;

/** Writes `files` under `dir`; a file that exists already stops it, and what it wrote is removed again. */
async function writeNewFiles(dir: string, files: readonly (readonly [string, string])[]): Promise<void> {
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
}

/** `thund init <dir> --backend-template`: a third-party backend package to grow, with the conformance suite wired in. */
async function initBackendTemplate(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const files = await backendTemplateFiles(input.file, io.cwd);
  await writeNewFiles(input.file, files);
  const where = relative(io.cwd, input.file) || '.';
  const backend = where.startsWith('.') || where.startsWith('/') ? where : `./${where}`;
  io.stdout.write(`created ${files.map(([path]) => escapeForTerminal(join(where, path))).sort().join(', ')}\nnext: cd ${escapeForTerminal(where)} && npm install && npm test (the conformance suite), then thund check <pipeline> --backend ${escapeForTerminal(backend)}\n`);
  return ExitCode.Success;
}

/**
 * `thund init [dir] [--sql]`: a starter project — `pipeline.json` (or, with
 * `--sql`, `spark-pipeline.yml` and `transformations/orders.sql`), its unit
 * tests and the CSV it reads — in `dir` (default: the current directory). Never overwrites: a
 * file that exists already stops it before anything is written.
 */
export async function initCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  if (input.backendTemplate) return initBackendTemplate(input, io);
  const dir = input.file;
  const name = (dir.split(/[\\/]/).filter((s) => s !== '').at(-1) ?? 'pipeline').replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, 'p_');
  const definition: readonly [string, string][] = input.sql
    ? [['spark-pipeline.yml', starterSpec(name)], [join('transformations', 'orders.sql'), STARTER_SQL]]
    : [['pipeline.json', `${starter(name)}\n`]];
  const files: readonly [string, string][] = [
    ...definition, ['pipeline.test.json', STARTER_TESTS], [join('data', 'orders.csv'), ORDERS_CSV], [join('data', 'countries.csv'), COUNTRIES_CSV],
  ];
  await writeNewFiles(dir, files);
  const where = relative(io.cwd, dir) || '.';
  const pipelineFile = escapeForTerminal(input.sql ? where : join(where, 'pipeline.json'));
  io.stdout.write(`created ${files.map(([path]) => escapeForTerminal(join(where, path))).join(', ')}\nnext: thund run ${pipelineFile}, then thund test ${pipelineFile}\n`);
  return ExitCode.Success;
}
