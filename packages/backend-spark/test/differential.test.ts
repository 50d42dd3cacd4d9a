import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CASES, type ConformanceCase, type GeneratedCase, diffRows, generatedCases, writeCaseFiles } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows as nativeRows } from '@thund/backend-native';
import { type ExecBackend, type Pipeline, type RunResult, parsePipeline } from '@thund/ir';
import { createSparkBackend, tableToRows } from '../src/index.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const ORDERS_DIR = join(import.meta.dirname, '..', '..', '..', 'examples', 'orders');
const loadOrders = (): Pipeline => parsePipeline(JSON.parse(readFileSync(join(ORDERS_DIR, 'pipeline.json'), 'utf8')));

async function runToEnd(backend: ExecBackend, p: Pipeline): Promise<RunResult> {
  const handle = backend.run(p);
  for await (const _ of handle) { /* drain */ }
  return handle.result;
}

/** One side of a differential run: its pipeline and its own work directory (sinks and storage are never shared). */
interface Side {
  readonly pipeline: Pipeline;
  readonly workDir: string;
}

/** Runs the pipeline on native and on Spark (fresh database), each in its own directory, and returns both results and a reader per side. */
async function both(sides: { readonly native: Side; readonly spark: Side }, database: string) {
  const native = createNativeBackend({ baseDir: sides.native.workDir });
  const spark = await createSparkBackend({ remote: remote as string, baseDir: sides.spark.workDir, database });
  const [n, s] = await Promise.all([runToEnd(native, sides.native.pipeline), runToEnd(spark, sides.spark.pipeline)]);
  return {
    n, s,
    /** The same pipeline again on both (e.g. after new input files). */
    again: async () => {
      const [n2, s2] = await Promise.all([runToEnd(native, sides.native.pipeline), runToEnd(spark, sides.spark.pipeline)]);
      return { n: n2, s: s2 };
    },
    read: async (dataset: string) => ({ native: nativeRows(await native.readDataset(dataset)), spark: tableToRows(await spark.readDataset(dataset)) }),
    close: async () => { await native.close(); await spark.close(); },
  };
}

/** Which testkit cases Spark admits (its `check`); the others are asserted rejected by the Spark conformance suite. */
async function sparkAdmits(): Promise<(testCase: ConformanceCase) => boolean> {
  if (remote === undefined) return () => false;
  const spark = await createSparkBackend({ remote });
  try {
    const admitted = new Set(ALL_CASES.filter((c) => spark.check(c.pipeline({ workDir: '/probe', path: (r) => join('/probe', r) })).ok).map((c) => c.id));
    return (testCase) => admitted.has(testCase.id);
  } finally {
    await spark.close();
  }
}
const admits = await sparkAdmits();

// Same pipelines on native and Spark, equal rows (diffRows): every testkit case Spark admits (each rerun too), plus examples/orders.
describe.runIf(remote !== undefined)('differential: native vs spark', () => {
  let root: string;
  beforeAll(() => { root = mkdtempSync(join(tmpdir(), 'thund-diff-')); });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const cases = ALL_CASES.filter(admits);
  it('Spark admits every testkit case but update/complete output modes (rejected by check, asserted in its conformance suite)', () => {
    expect(ALL_CASES.filter((c) => !admits(c)).map((c) => c.id)).toEqual(
      ['tumbling', 'hopping', 'session'].flatMap((kind) => ['update', 'complete'].map((mode) => `event-time/${kind}-${mode}`)),
    );
  });
  // Cases run four at a time: each Spark run mostly waits on SDP's own scheduling.
  const groups: ConformanceCase[][] = [];
  cases.forEach((c, i) => { (groups[Math.floor(i / 4)] ??= []).push(c); });
  for (const group of groups) {
    it(`cases ${group.map((c) => c.id).join(', ')}`, async () => {
      await Promise.all(group.map(async (testCase, i) => {
        const side = (engine: string): Side => {
          const workDir = join(root, testCase.id.replace(/\W/g, '_'), engine);
          mkdirSync(workDir, { recursive: true });
          return { workDir, pipeline: testCase.pipeline(writeCaseFiles(testCase.files, workDir)) };
        };
        const sides = { native: side('native'), spark: side('spark') };
        const run = await both(sides, `thund_d${process.pid}_${ALL_CASES.indexOf(testCase)}_${i}`);
        try {
          const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
            expect(results.s.status, `${testCase.id}${label}: spark ${JSON.stringify(results.s.error)}`).toBe(results.n.status);
            expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${testCase.id}${label}: flow outcomes`)
              .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
            for (const dataset of Object.keys(testCase.expected)) {
              const rows = await run.read(dataset);
              expect(diffRows(rows.spark, rows.native, testCase.ordered), `${testCase.id}${label} ${dataset}`).toEqual([]);
            }
          };
          await compare('', run);
          if (testCase.rerun !== undefined) {
            writeCaseFiles(testCase.rerun.files, sides.native.workDir);
            writeCaseFiles(testCase.rerun.files, sides.spark.workDir);
            await compare(' (second run)', await run.again());
          }
        } finally {
          await run.close();
        }
      }));
    }, 240_000);
  }

  // Seeded fast-check pipelines over random data within the function catalog: no expected rows, the two engines judge each other.
  const generated = generatedCases(40);
  const generatedGroups: GeneratedCase[][] = [];
  generated.forEach((c, i) => { (generatedGroups[Math.floor(i / 4)] ??= []).push(c); });
  for (const group of generatedGroups) {
    it(`generated ${group.map((c) => c.id).join(', ')}`, async () => {
      await Promise.all(group.map(async (testCase) => {
        const workDir = join(root, testCase.id.replace(/\W/g, '_'));
        mkdirSync(workDir, { recursive: true });
        const p = testCase.pipeline(writeCaseFiles(testCase.files, workDir));
        const run = await both({ native: { pipeline: p, workDir }, spark: { pipeline: p, workDir } }, `thund_g${process.pid}_${generated.indexOf(testCase)}`);
        try {
          expect(run.n.status, `${testCase.id}: native ${JSON.stringify(run.n.error ?? run.n.flows)}`).toBe('completed');
          expect(run.s.status, `${testCase.id}: spark ${JSON.stringify(run.s.error ?? run.s.flows)}`).toBe('completed');
          const rows = await run.read(testCase.output);
          expect(diffRows(rows.spark, rows.native), `${testCase.id}: ${JSON.stringify(p.flows[1]?.query)}`).toEqual([]);
        } finally {
          await run.close();
        }
      }));
    }, 180_000);
  }

  // examples/customers (append-once backfill, a streaming change feed, CDC SCD 1 and 2), unchanged, over two runs
  // with new input files delivered between them. (examples/clickstream is refused by Spark's check: see below.)
  const EXAMPLE_RUNS: readonly { readonly name: string; readonly datasets: readonly string[]; readonly more: Readonly<Record<string, string>> }[] = [
    {
      name: 'customers',
      datasets: ['customer_changes', 'customers', 'customer_history', 'customers_by_country'],
      more: {
        'data/changes/batch-0002.json': [
          { customer_id: 4, name: 'Dana', country: 'SE', op: 'UPSERT', seq: 5 },
          { customer_id: 3, name: 'Carol', country: 'NO', op: 'UPSERT', seq: 6 },
          { customer_id: 2, name: 'Bob', country: 'NO', op: 'UPSERT', seq: 7 },
          { customer_id: 1, name: 'Alice', country: 'SE', op: 'UPSERT', seq: 1 },
        ].map((c) => JSON.stringify(c)).join('\n'),
      },
    },
  ];
  for (const example of EXAMPLE_RUNS) {
    it(`examples/${example.name}, unchanged: same rows and flow outcomes on both engines over two runs with new input between them`, async () => {
      const source = join(import.meta.dirname, '..', '..', '..', 'examples', example.name);
      const copy = (engine: string): Side => {
        const workDir = join(root, example.name, engine);
        cpSync(source, workDir, { recursive: true, filter: (path) => !path.includes('/.thund') && !path.includes('/out') });
        return { workDir, pipeline: parsePipeline(JSON.parse(readFileSync(join(workDir, 'pipeline.json'), 'utf8'))) };
      };
      const sides = { native: copy('native'), spark: copy('spark') };
      // The example names its own database (customers: `crm`); a fresh start means a fresh database on the test server too.
      const database = sides.spark.pipeline.database;
      if (database !== undefined) {
        const admin = await createSparkBackend({ remote: remote as string });
        try {
          await admin.session.sql(`DROP DATABASE IF EXISTS ${database} CASCADE`);
        } finally {
          await admin.close();
        }
      }
      const run = await both(sides, `thund_${example.name}${process.pid}`);
      const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
        expect(results.n.status, `${label}: native ${JSON.stringify(results.n.error)}`).toBe('completed');
        expect(results.s.status, `${label}: spark ${JSON.stringify(results.s.error)}`).toBe('completed');
        expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${label}: flow outcomes`)
          .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
        for (const dataset of example.datasets) {
          const rows = await run.read(dataset);
          expect(rows.spark.length, `${label} ${dataset}`).toBeGreaterThan(0);
          expect(diffRows(rows.spark, rows.native), `${label} ${dataset}`).toEqual([]);
        }
      };
      try {
        await compare('first run', run);
        for (const side of [sides.native, sides.spark]) writeCaseFiles(example.more, side.workDir);
        await compare('second run', await run.again());
      } finally {
        await run.close();
      }
    }, 300_000);
  }

  it('examples/clickstream is refused up front on Spark, naming why (a watermark over a table of the pipeline), not failed at run time', async () => {
    const p = parsePipeline(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'clickstream', 'pipeline.json'), 'utf8')));
    const spark = await createSparkBackend({ remote: remote as string });
    try {
      const report = spark.check(p);
      expect(report.violations.map((v) => [v.element.name, v.value])).toEqual([['views_per_minute', 'watermark_over_table']]);
      expect(report.violations[0]?.message).toMatch(/resolves a watermark's input when the flow is defined/);
    } finally {
      await spark.close();
    }
  });

  it('examples/orders, unchanged (its batch-fed Parquet sink included): same rows, flow outcomes and sink files over two runs with new orders between them', async () => {
    const copy = (engine: string): Side => {
      const workDir = join(root, 'orders', engine);
      cpSync(ORDERS_DIR, workDir, { recursive: true });
      return { workDir, pipeline: loadOrders() };
    };
    const sides = { native: copy('native'), spark: copy('spark') };
    const run = await both(sides, `thund_orders${process.pid}`);
    const compare = async (label: string, results: { n: RunResult; s: RunResult }) => {
      expect(results.n.status, label).toBe('completed');
      expect(results.s.status, `${label}: ${JSON.stringify(results.s.error)}`).toBe('completed');
      expect(results.s.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]), `${label}: flow outcomes`)
        .toEqual(results.n.flows.map((f) => [f.name, f.phase, f.rowsWritten, f.expectations]));
      for (const dataset of ['clean_orders', 'daily_revenue', 'daily_revenue_export']) {
        const rows = await run.read(dataset);
        expect(rows.spark.length, `${label} ${dataset}`).toBeGreaterThan(0);
        expect(diffRows(rows.spark, rows.native), `${label} ${dataset}`).toEqual([]);
      }
    };
    try {
      await compare('first run', run);
      const more = '1100,zoe,dk,15.00,2026-12-01 08:00:00\n1101,yan, no ,99.50,2026-12-01 09:30:00\n1102,,SE,-1.00,2026-12-01 10:00:00\n';
      for (const side of [sides.native, sides.spark]) appendFileSync(join(side.workDir, 'data', 'orders.csv'), more);
      const second = await run.again();
      await compare('second run', second);
      expect(second.n.flows.find((f) => f.name === 'export_daily_revenue')?.rowsWritten).toBe(
        (run.n.flows.find((f) => f.name === 'export_daily_revenue')?.rowsWritten ?? 0) + 2,
      );
    } finally {
      await run.close();
    }
  }, 240_000);
});
