import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

/** What a new user meets in the first minutes: each case failed before (see the hardening issue's "frictions"). */

const here = dirname(fileURLToPath(import.meta.url));
const EXAMPLES = join(here, '..', '..', '..', 'examples');

function fresh(): string {
  return mkdtempSync(join(tmpdir(), 'thund-first-'));
}

function copyOf(example: string): string {
  const dir = fresh();
  cpSync(join(EXAMPLES, example), dir, { recursive: true, filter: (src) => !/\/(out|storage|\.thund)(\/|$)/.test(src.slice(EXAMPLES.length)) });
  return dir;
}

describe('a project folder is a pipeline', () => {
  it('thund init demo, then thund run demo, then thund show demo <dataset>, with no flags', async () => {
    const root = fresh();
    expect(await main(['init', 'demo'], captureIo(root))).toBe(0);
    const run = captureIo(root);
    expect(await main(['run', 'demo'], run), run.err()).toBe(0);
    expect(run.out()).toContain('revenue_by_country (');
    const show = captureIo(root);
    expect(await main(['show', 'demo', 'clean_orders'], show), show.err()).toBe(0);
    expect(show.out()).toMatch(/^clean_orders \(\d+ rows?\)/);
  });

  it.skipIf(remote === undefined)('on Spark too: init, run --backend spark, show --backend spark', async () => {
    const root = fresh();
    expect(await main(['init', 'demo'], captureIo(root))).toBe(0);
    const spark = ['--backend', 'spark', '--remote', remote ?? ''];
    const run = captureIo(root);
    expect(await main(['run', 'demo', ...spark], run), run.err()).toBe(0);
    expect(run.out()).toMatch(/revenue_by_country \(2 rows\)/);
    const show = captureIo(root);
    expect(await main(['show', 'demo', 'clean_orders', ...spark], show), show.err()).toBe(0);
    expect(show.out()).toMatch(/^clean_orders \(4 rows\)/);
  }, 300_000);

  it('thund run (and check, plan, show) inside a project folder use the project there', async () => {
    const root = fresh();
    expect(await main(['init', 'p'], captureIo(root))).toBe(0);
    const inside = join(root, 'p');
    for (const command of ['check', 'plan', 'run', 'show']) {
      const io = captureIo(inside);
      expect(await main([command], io), `${command}: ${io.err()}`).toBe(0);
    }
  });

  it('a folder with neither a pipeline document nor a SQL spec says what to add', async () => {
    const io = captureIo(fresh());
    expect(await main(['run'], io)).toBe(2);
    expect(io.err()).toMatch(/holds no pipeline: add a pipeline document \(pipeline\.json\) or a SQL project \(spark-pipeline\.yml and \.sql files\), or create a starter with thund init/);
  });

  it('run --db :memory: keeps nothing: no storage database, no file named :memory:', async () => {
    const dir = copyOf('orders');
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json', '--db', ':memory:'], io), io.err()).toBe(0);
    expect(io.out()).toContain('daily_revenue (7 rows)');
    expect(existsSync(join(dir, '.thund'))).toBe(false);
    expect(existsSync(join(dir, ':memory:'))).toBe(false);
  });

  it('run --refresh on a first run shows what it refreshed, exit 0 (the unselected datasets were never written)', async () => {
    const dir = copyOf('orders');
    const io = captureIo(dir);
    expect(await main(['run', 'pipeline.json', '--refresh', 'clean_orders'], io), io.err()).toBe(0);
    expect(io.out()).toContain('clean_orders (');
    expect(io.out()).not.toContain('daily_revenue (');
  });
});

const remote = process.env['THUND_SPARK_REMOTE'];

describe('thund test on the examples, both forms', () => {
  // pipeline.json on Spark is unit-test.test.ts's; the SQL form runs here on every backend there is.
  const sqlBackends = remote === undefined ? 'native' : 'native,spark';
  for (const example of ['orders', 'clickstream', 'customers']) {
    it(`${example}: the folder (its SQL form) on ${sqlBackends}, and pipeline.json`, async () => {
      const dir = copyOf(example);
      for (const [form, backends] of [['.', sqlBackends], ['pipeline.json', 'native']] as const) {
        const io = captureIo(dir);
        expect(await main(['test', form, '--backends', backends, ...(remote === undefined ? [] : ['--remote', remote])], io), `${form}: ${io.out()}${io.err()}`).toBe(0);
        expect(io.out()).not.toMatch(/✗/);
        expect(io.out()).toMatch(new RegExp(`on ${backends.replace(',', ', ')}: (\\d+) of \\1 passed`));
      }
    }, 600_000);
  }

  it('orders in its SQL form skips the sink\'s test, saying why and where it runs', async () => {
    const io = captureIo(copyOf('orders'));
    expect(await main(['test', '.'], io)).toBe(0);
    expect(io.out()).toContain('skipped, flow "export_daily_revenue" is defined only in pipeline.json, the form that can declare its sink "daily_revenue_export" (SDP SQL has no sink statement); run thund test pipeline.json to test it');
    expect(io.out()).toMatch(/✓ 3 tests on native: 3 of 3 passed \(1 skipped: not in this form\)/);
  });

  it('a test naming a flow no form has is still refused (a typo is not skipped)', async () => {
    const dir = copyOf('orders');
    writeFileSync(join(dir, 'typo.test.json'), JSON.stringify({ tests: [{ name: 't', flow: 'clean_ordres', given: {}, expect: { rows: [] } }] }));
    const io = captureIo(dir);
    expect(await main(['test', '.'], io)).toBe(2);
    expect(io.err()).toContain('has no flow "clean_ordres"; did you mean "clean_orders"?');
  });
});

describe('pipeline modules and documents as editors and npm write them', () => {
  it('a TS pipeline in a folder whose package.json is CommonJS (npm init -y) loads', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'node_modules', '@thund'), { recursive: true });
    symlinkSync(join(here, '..', '..', 'ir'), join(dir, 'node_modules', '@thund', 'ir'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', type: 'commonjs' }));
    writeFileSync(join(dir, 'pipeline.ts'), "import { pipeline, sql } from '@thund/ir';\nexport default pipeline('p').materializedView('m', { query: sql('duckdb', 'SELECT 1 AS x') }).build();\n");
    const io = captureIo(dir);
    expect(await main(['check', 'pipeline.ts'], io), io.err()).toBe(0);
    expect(io.out()).toContain('(1 dataset, 1 flow)');
  });
});

describe('flags', () => {
  it.each([
    [['run', 'p.json', '--bakend', 'spark'], 'thund: unknown option --bakend; did you mean --backend? (see thund run --help)'],
    [['run', 'p.json', '-backend', 'spark'], 'unknown option -backend; options are written with two dashes: --backend'],
    [['show', 'p.json', '--limit', '-3'], 'thund: --limit takes a whole number of rows (0 or more), got "-3" (see thund show --help)'],
    [['show', 'p.json', '--limit'], '--limit needs a value: --limit <n>'],
    [['view', 'p.json', '--port', '0x3e81'], '--port must be a port number from 0 to 65535 in decimal digits, got "0x3e81"'],
    [['view', 'p.json', '--port', '1e4'], 'got "1e4"'],
    [['run', 'p.json', '--dry-run=yes'], '--dry-run is a switch and takes no value'],
  ])('%j → exit 2, one line: %s', async (argv, message) => {
    const io = captureIo(fresh());
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toContain(message);
    expect(io.err().trimEnd().split('\n')).toHaveLength(1);
    expect(io.err()).not.toContain('\\n');
  });

  it('thund help run prints run\'s usage; init --help lists only what --sql means for init', async () => {
    const help = captureIo('/');
    expect(await main(['help', 'run'], help)).toBe(0);
    expect(help.out()).toMatch(/^Usage: thund run <pipeline> \[options\]/);
    const init = captureIo('/');
    expect(await main(['init', '--help'], init)).toBe(0);
    expect(init.out()).toContain('--sql');
    expect(init.out()).not.toContain('plan:');
    expect(init.out()).not.toContain('read back to the same plan');
  });

  it('every usage line has at least two spaces between a flag or command and its description', async () => {
    const io = captureIo('/');
    expect(await main(['help'], io)).toBe(0);
    for (const line of io.out().split('\n').filter((l) => /^ {2}(--|[a-z])/.test(l))) {
      expect(line, line).toMatch(/^ {2}\S+(?: \S+)*? {2,}\S/);
    }
  });
});

describe('thund plan shows what will run', () => {
  it('an AUTO CDC flow is shown as the change application it is, not as an INSERT of its feed', async () => {
    const io = captureIo(copyOf('customers'));
    expect(await main(['plan', 'pipeline.json'], io), io.err()).toBe(0);
    const block = io.out().split('\n\n').find((b) => b.startsWith('-- flow apply_customers')) ?? '';
    expect(block).toContain('-- write: AUTO CDC into customers: keys ("customer_id"), sequence by "seq", SCD type 1, deletes when ("op" = \'DELETE\')');
    expect(block).toMatch(/row_number\(\) OVER \(PARTITION BY "customer_id" ORDER BY "seq" DESC/);
    expect(block).not.toContain('INSERT INTO "crm"."customers" BY NAME SELECT * FROM "crm"."customer_changes"');
  });

  it('expectations are shown with their actions, and a drop filters what is written', async () => {
    const io = captureIo(copyOf('orders'));
    expect(await main(['plan', 'pipeline.json'], io), io.err()).toBe(0);
    const block = io.out().split('\n\n').find((b) => b.startsWith('-- flow clean_orders')) ?? '';
    expect(block).toContain('has_order_id (fail): ("order_id" IS NOT NULL); positive_amount (drop): ("amount" > 0); known_customer (warn): ("customer" IS NOT NULL)');
    expect(block).toMatch(/-- write: .* WHERE \(\("amount" > 0\)\) IS TRUE$/m);
  });
});
