import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Capabilities, type ExecBackend, type Pipeline, type RunEvent, type RunOptions, type RunResult, checkAgainst, col, datasetSchemas, from, pipeline, readFiles } from '@thund/ir';
import { schemaDifferences } from './compare-schema.js';
import type { BackendFactory, BackendUnderTest } from './backend-under-test.js';
import { ALL_CASES } from './cases/index.js';
import { diffRows } from './compare-rows.js';
import type { CaseContext, ConformanceCase } from './conformance-case.js';
import { contractViolations } from './contract-checks.js';

/** Cases a backend cannot pass yet although its capabilities admit them, with the reason. */
export interface SkipEntry {
  /** Why these cases cannot pass yet; shown in the test name. */
  readonly reason: string;
  /** Ids of the cases skipped; an id of no case in the suite is an error. */
  readonly cases: readonly string[];
}

/** How {@link describeBackend} runs the conformance suite against one backend. */
export interface DescribeBackendOptions {
  /** Name shown in the suite title. */
  readonly name: string;
  /** Explicit, reasoned exclusions beyond what the capabilities already exclude. */
  readonly skip?: readonly SkipEntry[];
  /** Defaults to every case. */
  readonly cases?: readonly ConformanceCase[];
  /** Per-case timeout; default 60 s. */
  readonly timeoutMs?: number;
  /**
   * The backend's `readRows` reports the stored schema (`DatasetRows.fields`)
   * of every dataset; the suite then fails where it does not. Whenever it
   * is reported, it must equal the schema `@thund/ir` infers.
   */
  readonly reportsSchemas?: boolean;
}

/** What a case run produced. */
export interface CaseRun {
  /** Every event of the run, in order (of the second run, for a case with a rerun, like the other fields). */
  readonly events: readonly RunEvent[];
  /** The run's result. */
  readonly result: RunResult;
  /** The rows read back from each dataset the case expects rows of. */
  readonly rows: Readonly<Record<string, readonly unknown[]>>;
}

/** Writes a case's input files into its work directory; the context resolves paths there. */
export function writeCaseFiles(files: ConformanceCase['files'], workDir: string): CaseContext {
  for (const [relative, content] of Object.entries(files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const file = join(workDir, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    // Modification times in name order, a second apart: engines that take new files oldest first (Spark) then agree with those that take them by name (native).
    const at = nextModificationTime();
    utimesSync(file, at, at);
  }
  return { workDir, path: (relative) => join(workDir, relative) };
}

let lastModification = 0;
function nextModificationTime(): Date {
  lastModification = Math.max(Date.now() - 3_600_000, lastModification + 1_000);
  return new Date(lastModification);
}

async function withBackend<T>(create: BackendFactory, use: (subject: BackendUnderTest, workDir: string) => Promise<T>): Promise<T> {
  const workDir = mkdtempSync(join(tmpdir(), 'thund-conformance-'));
  const backend = await create(workDir);
  try {
    return await use(underTest(backend), workDir);
  } finally {
    await backend.close?.();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The backend with the facets the suite needs, or a clear failure saying which one is missing. */
function underTest(backend: ExecBackend): BackendUnderTest {
  if (backend.readRows === undefined) {
    throw new Error(`backend "${backend.capabilities().name}" has no readRows facet: the conformance suite reads each dataset back through it (see ExecBackend.readRows in @thund/ir)`);
  }
  return backend as BackendUnderTest;
}

async function runToEnd(subject: BackendUnderTest, p: Pipeline, options: RunOptions = {}): Promise<{ events: RunEvent[]; result: RunResult; runId: string }> {
  const handle = subject.run(p, options);
  const events: RunEvent[] = [];
  for await (const event of handle) events.push(event);
  return { events, result: await handle.result, runId: handle.runId };
}

/** Runs one case on a fresh backend and checks rows, expectation counts, failures and the contract (and again for its rerun). */
export async function runCase(create: BackendFactory, testCase: ConformanceCase, options: { readonly reportsSchemas?: boolean } = {}): Promise<CaseRun> {
  return withBackend(create, async (subject, workDir) => {
    const context = writeCaseFiles(testCase.files, workDir);
    const p = testCase.pipeline(context);
    const reportsSchemas = options.reportsSchemas === true;
    const first = await runAndCheck(subject, p, testCase, { ...testCase, reportsSchemas });
    if (testCase.rerun === undefined) return first;
    writeCaseFiles(testCase.rerun.files, workDir);
    return runAndCheck(subject, p, testCase, { ...testCase.rerun, reportsSchemas, label: 'second run: ' }, testCase.rerun.options);
  });
}

interface Expected {
  readonly expected: ConformanceCase['expected'];
  readonly reportsSchemas?: boolean;
  readonly expectationResults?: ConformanceCase['expectationResults'];
  readonly rowsWritten?: ConformanceCase['rowsWritten'];
  readonly excludedFlows?: readonly string[];
  readonly label?: string;
}

async function runAndCheck(subject: BackendUnderTest, p: Pipeline, testCase: ConformanceCase, want: Expected, options: RunOptions = {}): Promise<CaseRun> {
  const label = want.label ?? '';
  const { events, result, runId } = await runToEnd(subject, p, options);
  const excluded = result.flows.filter((f) => f.phase === 'excluded').map((f) => f.name);
  expect(excluded, `${label}flows excluded by the run's selection`).toEqual(want.excludedFlows ?? []);
  expect(contractViolations(p, runId, events, result), `${label}contract violations`).toEqual([]);
  const failedFlows = Object.fromEntries(result.flows.filter((f) => f.phase === 'failed').map((f) => [f.name, f.error?.code]));
  expect(result.status, `${label}run ${result.status}: ${JSON.stringify(result.error ?? failedFlows)}`).toBe(testCase.status ?? 'completed');
  if (testCase.failedFlows !== undefined) expect(failedFlows).toEqual(testCase.failedFlows);
  for (const [flow, expected] of Object.entries(want.expectationResults ?? {})) {
    const completed = events.find((e) => e.element.kind === 'flow' && e.element.name === flow && e.phase === 'completed');
    expect(completed?.details?.expectations, `${label}expectation counts of flow ${flow}`).toEqual(expected);
  }
  for (const [flow, expected] of Object.entries(want.rowsWritten ?? {})) {
    expect(result.flows.find((f) => f.name === flow)?.rowsWritten, `${label}rows written by flow ${flow}`).toBe(expected);
  }
  const rows: Record<string, readonly unknown[]> = {};
  const inferred = datasetSchemas(p);
  for (const [dataset, expected] of Object.entries(want.expected)) {
    const read = await subject.readRows(dataset);
    const actual = read.rows;
    if (want.reportsSchemas === true) expect(read.fields, `${label}readRows of ${dataset} reports no fields`).toBeDefined();
    // The schema the engine wrote is the one `check` inferred, wherever the pipeline tells it.
    if (read.fields !== undefined && result.status === 'completed') {
      expect(schemaDifferences(inferred.get(dataset), read.fields), `${label}schema of ${dataset} (inferred vs written)`).toEqual([]);
    }
    rows[dataset] = actual;
    expect(diffRows(actual, expected, testCase.ordered), `${label}rows of ${dataset}`).toEqual([]);
  }
  return { events, result, rows };
}

/**
 * Registers the conformance suite for one backend with vitest. Call it at
 * the top level of a test file with `await`: it probes the backend's
 * capabilities first, so each case is either run (the capabilities admit
 * its pipeline) or reported as skipped, in which case the suite asserts
 * that `check` rejects the pipeline and `run` refuses it before any data moves.
 */
export async function describeBackend(create: BackendFactory, options: DescribeBackendOptions): Promise<void> {
  const cases = options.cases ?? ALL_CASES;
  const timeout = options.timeoutMs ?? 60_000;
  const capabilities = await withBackend(create, async (subject) => subject.capabilities());
  const skipped = new Map(options.skip?.flatMap((entry) => entry.cases.map((id) => [id, entry.reason] as const)) ?? []);
  for (const id of skipped.keys()) {
    if (!cases.some((c) => c.id === id)) throw new Error(`skip list names unknown case "${id}"`);
  }
  const probe = (c: ConformanceCase): Pipeline => c.pipeline({ workDir: '/probe', path: (relative) => join('/probe', relative) });

  describe(`conformance: ${options.name}`, () => {
    for (const group of [...new Set(cases.map((c) => c.group))]) {
      describe(group, () => {
        for (const testCase of cases.filter((c) => c.group === group)) {
          const unsupported = checkAgainst(probe(testCase), capabilities);
          const reason = skipped.get(testCase.id);
          if (testCase.rerun?.options !== undefined && !capabilities.selectiveRefresh) {
            it.skip(`${testCase.id} (not in capabilities: selectiveRefresh)`, () => {});
          } else if (!unsupported.ok) {
            it.skip(`${testCase.id} (not in capabilities: ${[...new Set(unsupported.violations.map((v) => v.value === '' ? v.feature : `${v.feature} ${v.value}`))].join(', ')})`, () => {});
            it(`${testCase.id} is rejected by check and run up front`, () => assertRejected(create, testCase), timeout);
          } else if (reason !== undefined) {
            it.skip(`${testCase.id} (skipped: ${reason})`, () => {});
          } else {
            it(testCase.id, async () => void (await runCase(create, testCase, { reportsSchemas: options.reportsSchemas === true })), timeout);
          }
        }
      });
    }
    describe('contract', () => registerContractTests(create, capabilities, timeout));
  });
}

async function assertRejected(create: BackendFactory, testCase: ConformanceCase): Promise<void> {
  await withBackend(create, async (subject, workDir) => {
    const p = testCase.pipeline(writeCaseFiles(testCase.files, workDir));
    const report = subject.check(p);
    expect(report.ok).toBe(false);
    expect(report.violations.length).toBeGreaterThan(0);
    for (const v of report.violations) expect(v.backend).toBe(subject.capabilities().name);
    const { events, result } = await runToEnd(subject, p);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_UNSUPPORTED');
    expect(events.filter((e) => e.phase === 'running' && e.element.kind === 'flow')).toEqual([]);
  });
}

function registerContractTests(create: BackendFactory, capabilities: Capabilities, timeout: number): void {
  it('refuses an invalid pipeline with THUND_VALIDATION before any flow runs', async () => {
    await withBackend(create, async (subject) => {
      const invalid: Pipeline = {
        version: 1,
        name: 'invalid',
        datasets: [{ name: 'a', type: 'materialized_view' }],
        flows: [{ name: 'a', target: 'a', kind: 'batch', query: from('ghost').node }],
      };
      const { events, result } = await runToEnd(subject, invalid);
      expect(result.status).toBe('failed');
      expect(result.error?.code).toBe('THUND_VALIDATION');
      expect(events.some((e) => e.element.kind === 'flow' && e.phase === 'running')).toBe(false);
    });
  }, timeout);

  it.runIf(capabilities.batch)('cancel() ends the run: every flow ends completed or cancelled, result says which', async () => {
    await withBackend(create, async (subject, workDir) => {
      writeFileSync(join(workDir, 'rows.jsonl'), Array.from({ length: 200 }, (_, i) => JSON.stringify({ id: i })).join('\n'));
      let builder = pipeline('cancel').temporaryView('src', { query: readFiles('json', join(workDir, 'rows.jsonl'), { schema: [{ name: 'id', type: 'int64' }] }) });
      for (let i = 0; i < 8; i += 1) builder = builder.materializedView(`mv${i}`, { query: from(i === 0 ? 'src' : `mv${i - 1}`).filter(col('id').gte(i)) });
      const p = builder.build();
      if (!checkAgainst(p, capabilities).ok) return;
      const handle = subject.run(p);
      const events: RunEvent[] = [];
      const consumed = (async () => { for await (const e of handle) events.push(e); })();
      await handle.cancel();
      await consumed;
      const result = await handle.result;
      expect(['cancelled', 'completed']).toContain(result.status);
      expect(contractViolations(p, handle.runId, events, result)).toEqual([]);
      if (result.status === 'cancelled') {
        expect(result.flows.every((f) => f.phase === 'completed' || f.phase === 'cancelled')).toBe(true);
        expect(result.flows.some((f) => f.phase === 'cancelled')).toBe(true);
      }
    });
  }, timeout);
}
