import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePipeline, serializePipeline } from '@thund/ir';
import { pipelineFromSql } from '@thund/sql';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';
import { EXAMPLES as EXAMPLES_DIR, exampleCopy } from './support/example-copy.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const temp = mkdtempSync(join(tmpdir(), 'thund-sql-projects-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Each example's datasets and their row counts, as both forms must give them. */
const EXAMPLES: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  orders: [['clean_orders', 8], ['daily_revenue', 7]],
  customers: [['customer_changes', 6], ['customers', 2], ['customer_history', 4], ['customers_by_country', 2]],
  clickstream: [['page_events', 6], ['views_per_minute', 4]],
};

describe('the examples as SQL projects: the same rows as their JSON documents', () => {
  const backends = remote === undefined ? ['native'] : ['native', 'spark'];
  for (const [name, datasets] of Object.entries(EXAMPLES)) {
    it(`${name}: thund diff <sql project> --against pipeline.json on ${backends.join(' and ')}`, async () => {
      const dir = exampleCopy(temp, name);
      const io = captureIo(dir);
      const select = datasets.map(([dataset]) => dataset).join(',');
      const code = await main(['diff', '.', '--against', 'pipeline.json', '--backends', backends.join(','), '--select', select, ...(remote === undefined ? [] : ['--remote', remote])], io);
      expect(code, io.out() + io.err()).toBe(0);
      for (const backend of backends) {
        const label = `${backend} ${dir.split('/').pop()}`;
        expect(io.out()).toContain(`✓ ${label} and ${backend} pipeline.json agree: ${datasets.length} datasets equal, every flow ended the same`);
        for (const [dataset, rows] of datasets) expect(io.out()).toMatch(new RegExp(`\\n${dataset}\\s+${rows}\\s+${rows}\\s+equal`));
      }
    }, 240_000);
  }

  it('thund check on a SQL project lists its datasets and flows; a folder without a spec says how to add one (exit 2)', async () => {
    const dir = exampleCopy(temp, 'customers');
    const io = captureIo(dir);
    expect(await main(['check', '.'], io), io.err()).toBe(0);
    expect(io.out()).toContain('customers');
    const empty = mkdtempSync(join(temp, 'empty-'));
    const bad = captureIo(empty);
    expect(await main(['check', '.'], bad)).toBe(2);
    expect(bad.err()).toContain('holds no pipeline: add a pipeline document (pipeline.json) or a SQL project (spark-pipeline.yml and .sql files), or create a starter with thund init');
  });

  it('one .sql file is a pipeline of its own, named after it, its paths read from its folder: check, run and show it from anywhere', async () => {
    const dir = mkdtempSync(join(temp, 'one-file-'));
    writeFileSync(join(dir, 'orders.json'), '{"id": 1, "amount": 20}\n{"id": 2, "amount": 5}\n');
    writeFileSync(join(dir, 'daily-orders.sql'), "CREATE MATERIALIZED VIEW big AS\nSELECT id FROM read_files('orders.json', format => 'json') WHERE amount > 10;\n");
    const io = captureIo(temp);
    const file = join(dir, 'daily-orders.sql');
    expect(await main(['check', file], io), io.err()).toBe(0);
    expect(io.out()).toContain('pipeline "daily_orders" is valid');
    expect(await main(['run', file], io), io.err()).toBe(0);
    const show = captureIo(temp);
    expect(await main(['show', file, 'big', '--format', 'json'], show), show.err()).toBe(0);
    expect(show.out()).toContain('"id":1');
    expect(show.out()).not.toContain('"id":2');
  });

  it('a SQL error is exit 2 with file:line:column and no stack trace', async () => {
    const dir = mkdtempSync(join(temp, 'broken-'));
    writeFileSync(join(dir, 'spark-pipeline.yml'), 'name: broken\nlibraries:\n  - glob:\n      include: "*.sql"\n');
    writeFileSync(join(dir, 'a.sql'), 'CREATE MATERIALIZED VIEW a AS\nSELECT cnt(*) AS n FROM read_files(\'x.parquet\', format => \'parquet\');\n');
    const io = captureIo(dir);
    expect(await main(['check', '.'], io)).toBe(2);
    expect(io.err()).toMatch(/a\.sql:2:8: unknown function cnt: .*did you mean count\?/);
    expect(io.err()).not.toMatch(/\n\s+at /);
  });
});

describe('thund plan --sql', () => {
  it('prints a pipeline document as SDP SQL that reads back to the same pipeline', async () => {
    const dir = exampleCopy(temp, 'clickstream');
    const io = captureIo(dir);
    expect(await main(['plan', 'pipeline.json', '--sql'], io), io.err()).toBe(0);
    expect(io.out()).toContain('CREATE STREAMING TABLE views_per_minute');
    expect(io.out()).toContain("GROUP BY window(ts, '1 minute'), page");
    const fromJson = parsePipeline(readFileSync(join(dir, 'pipeline.json'), 'utf8'));
    const back = pipelineFromSql([{ file: 'printed.sql', text: io.out() }], { name: fromJson.name });
    // Available-now triggers are the default (and SDP's only mode), so SQL leaves them out: compare without them.
    const withoutTriggers = { ...fromJson, flows: fromJson.flows.map(({ trigger: _trigger, ...flow }) => flow) };
    expect(serializePipeline(back)).toBe(serializePipeline(parsePipeline(withoutTriggers)));
  });

  it('a sink has no SDP SQL form: exit 2, naming it', async () => {
    const io = captureIo(exampleCopy(temp, 'orders'));
    expect(await main(['plan', 'pipeline.json', '--sql'], io)).toBe(2);
    expect(io.err()).toContain('cannot print as SQL: sink daily_revenue_export: SDP SQL has no sink statement');
  });
});

describe('the @thund/sql README project', () => {
  it('runs as written on native: its spec, its SQL, a small orders.csv', async () => {
    const readme = readFileSync(join(EXAMPLES_DIR, '..', 'packages', 'sql', 'README.md'), 'utf8');
    const section = /<!-- project-example:start -->([\s\S]*?)<!-- project-example:end -->/.exec(readme)?.[1] ?? '';
    const spec = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    const sql = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
    expect(spec).toBeDefined();
    expect(sql).toBeDefined();
    const dir = mkdtempSync(join(temp, 'readme-'));
    mkdirSync(join(dir, 'transformations'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'spark-pipeline.yml'), spec as string);
    writeFileSync(join(dir, 'transformations', 'orders.sql'), sql as string);
    writeFileSync(join(dir, 'data', 'orders.csv'), 'order_id,amount\n1,10.50\n2,-3.00\n3,4.25\n');
    const io = captureIo(dir);
    expect(await main(['run', '.', '--show', 'revenue'], io), io.err()).toBe(0);
    expect(io.out()).toMatch(/revenue \(1 rows?\)\norders │ total\n[─┼]+\n\s+2 │ 14\.75/);
  });
});
