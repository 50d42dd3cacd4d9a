import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type AnyRow, type RowComparison, compareRows } from '@thund/arrow-rows';
import { type BackendSettings, type FlowOutcome, type Pipeline, ThundError } from '@thund/ir';
import { createScratchBackend } from '../backends.js';
import type { IsolatedFlow } from './isolate-flow.js';
import type { ExpectedCounts, FlowTest, TestRow } from './test-file.js';

/** How one test ended on one backend. */
export type TestOutcome =
  | { readonly status: 'passed' }
  | { readonly status: 'failed'; readonly rows?: RowComparison; readonly counts: readonly string[] }
  /** The test could not be judged: the backend refused the pipeline, or the run failed. */
  | { readonly status: 'error'; readonly message: string };

/**
 * Runs one isolated flow on one backend, in a fresh temporary directory
 * and a fresh database (nothing of the user's is read or written), and
 * judges its rows and expectation counts against the test's.
 */
export async function runFlowTest(backendName: string, options: BackendSettings, isolated: IsolatedFlow, test: FlowTest): Promise<TestOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'thund-test-'));
  const database = `thund_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  try {
    for (const [path, content] of isolated.files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    const { storage: _storage, ...rest } = isolated.pipeline;
    const pipeline: Pipeline = { ...rest, database };
    const scratch = await createScratchBackend(backendName, { ...options, baseDir: dir }, database, options.baseDir);
    try {
      const report = scratch.backend.check(pipeline);
      if (!report.ok) return { status: 'error', message: `refused by ${backendName}: ${report.violations.map((v) => v.message).join('; ')}` };
      const handle = scratch.backend.run(pipeline);
      for await (const _ of handle) { /* the result says how it ended */ }
      const result = await handle.result;
      const outcome = result.flows.find((f) => f.name === test.flow);
      if (outcome?.phase !== 'completed' && !(outcome?.phase === 'failed' && test.expect.rows === undefined)) {
        const why = outcome?.error?.message ?? result.error?.message ?? `the run ended ${result.status}`;
        return { status: 'error', message: `flow "${test.flow}" did not complete: ${why}` };
      }
      const counts = countDifferences(test.expect.expectations, outcome);
      let rows: RowComparison | undefined;
      if (test.expect.rows !== undefined) {
        if (scratch.backend.readRows === undefined) return { status: 'error', message: `backend ${backendName} cannot show rows: it has no readRows facet (ExecBackend.readRows)` };
        const actual = await scratch.backend.readRows(isolated.target);
        rows = compareRows(actual.rows as readonly AnyRow[], asActualTypes(test.expect.rows, actual.rows as readonly AnyRow[]), { limit: 10 });
      }
      return counts.length === 0 && (rows === undefined || rows.equal) ? { status: 'passed' } : { status: 'failed', ...(rows === undefined ? {} : { rows }), counts };
    } finally {
      await scratch.dispose().catch(() => undefined);
      await scratch.backend.close?.();
    }
  } catch (error) {
    return { status: 'error', message: error instanceof ThundError ? error.message : String(error) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each expected expectation count the run did not give, as a sentence. */
function countDifferences(expected: ExpectedCounts | undefined, outcome: FlowOutcome | undefined): string[] {
  if (expected === undefined) return [];
  const problems: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = outcome?.expectations?.find((e) => e.name === name);
    if (got === undefined) {
      problems.push(`expectation "${name}": not reported by the flow (its expectations: ${(outcome?.expectations ?? []).map((e) => e.name).join(', ') || 'none'})`);
      continue;
    }
    for (const key of ['passed', 'failed'] as const) {
      if (want[key] !== undefined && want[key] !== got[key]) problems.push(`expectation "${name}": ${key} ${got[key]}, expected ${want[key]}`);
    }
  }
  return problems;
}

/**
 * Expected rows as written in JSON, with dates and timestamps (strings
 * there) turned into instants where the flow wrote instants, so they
 * compare by value; a time without a zone is UTC, as the IR's naive
 * timestamps are read back.
 */
function asActualTypes(expected: readonly TestRow[], actual: readonly AnyRow[]): AnyRow[] {
  const instants = new Set<string>();
  for (const row of actual) for (const [column, value] of Object.entries(row)) if (value instanceof Date) instants.add(column);
  return expected.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, instants.has(column) && typeof value === 'string' ? instant(value) : value])));
}

function instant(text: string): Date | string {
  const iso = text.includes('T') ? text : text.replace(' ', 'T');
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`;
  const date = new Date(iso.includes('T') ? zoned : `${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? text : date;
}
