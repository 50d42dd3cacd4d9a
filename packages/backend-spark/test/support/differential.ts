import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_CASES, type ConformanceCase } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows as nativeRows } from '@thund/backend-native';
import { type Capabilities, type ExecBackend, type Pipeline, type RunOptions, type RunResult, parsePipeline } from '@thund/ir';
import { createSparkBackend, tableToRows } from '../../src/index.js';

/** The local test server (set by tools/spark/with-server.sh); differential suites skip without it. */
export const remote = process.env['THUND_SPARK_REMOTE'];
export const EXAMPLES_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'examples');
export const ORDERS_DIR = join(EXAMPLES_DIR, 'orders');
export const loadOrders = (): Pipeline => parsePipeline(JSON.parse(readFileSync(join(ORDERS_DIR, 'pipeline.json'), 'utf8')));

export async function runToEnd(backend: ExecBackend, p: Pipeline, options: RunOptions = {}): Promise<RunResult> {
  const handle = backend.run(p, options);
  for await (const _ of handle) { /* drain */ }
  return handle.result;
}

/** One side of a differential run: its pipeline and its own work directory (sinks and storage are never shared). */
export interface Side {
  readonly pipeline: Pipeline;
  readonly workDir: string;
}

/** Runs the pipeline on native and on Spark (fresh database), each in its own directory, and returns both results and a reader per side. */
export async function both(sides: { readonly native: Side; readonly spark: Side }, database: string) {
  const native = createNativeBackend({ baseDir: sides.native.workDir });
  const spark = await createSparkBackend({ remote: remote as string, baseDir: sides.spark.workDir, database });
  const [n, s] = await Promise.all([runToEnd(native, sides.native.pipeline), runToEnd(spark, sides.spark.pipeline)]);
  return {
    n, s,
    /** The same pipeline again on both (e.g. after new input files), with the same run options. */
    again: async (options: RunOptions = {}) => {
      const [n2, s2] = await Promise.all([runToEnd(native, sides.native.pipeline, options), runToEnd(spark, sides.spark.pipeline, options)]);
      return { n: n2, s: s2 };
    },
    read: async (dataset: string) => ({ native: nativeRows(await native.readDataset(dataset)), spark: tableToRows(await spark.readDataset(dataset)) }),
    close: async () => { await native.close(); await spark.close(); },
  };
}

/** Which testkit cases Spark admits (its `check`); the others are asserted rejected by the Spark conformance suite. */
export async function sparkAdmits(): Promise<(testCase: ConformanceCase) => boolean> {
  if (remote === undefined) return () => false;
  const spark = await createSparkBackend({ remote });
  try {
    const admitted = new Set(ALL_CASES.filter((c) => spark.check(c.pipeline({ workDir: '/probe', path: (r) => join('/probe', r) })).ok).map((c) => c.id));
    return (testCase) => admitted.has(testCase.id);
  } finally {
    await spark.close();
  }
}

/** A temporary root for one suite's work directories, removed afterwards. */
export function tempRoot(prefix: string): { readonly path: () => string; readonly remove: () => void } {
  let root: string | undefined;
  return {
    path: () => (root ??= mkdtempSync(join(tmpdir(), prefix))),
    remove: () => { if (root !== undefined) rmSync(root, { recursive: true, force: true }); },
  };
}

/** The Spark backend's capabilities as the test server gives them (undefined without a server): gate on these, never on a list. */
export async function sparkCapabilities(): Promise<Capabilities | undefined> {
  if (remote === undefined) return undefined;
  const spark = await createSparkBackend({ remote });
  try {
    return spark.capabilities();
  } finally {
    await spark.close();
  }
}
