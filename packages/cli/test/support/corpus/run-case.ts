import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type AnyRow, compareRows } from '@thund/arrow-rows';
import { type ExecBackend, type Pipeline, planFacts } from '@thund/ir';
import { SqlError, type SqlProblem, pipelineFromSql, parsePipelineSpec } from '@thund/sql';
import { type ExpectedCase, type ExpectedRows, actualRows, readExpected } from './expected.js';
import { type CorpusStatement, atOrBefore, blankOut, splitStatements } from './statements.js';

/*
 * Runs one corpus case statement by statement: the case's SQL files are
 * loaded as one project; a statement that @thund/sql or the backend's
 * check refuses is blanked out (its positions kept) and the rest loaded
 * again, so one refused statement costs only itself and what reads it.
 * Then the pipeline runs once, and every stored dataset is compared with
 * expected.json.
 */

/** How one statement ended. */
export type StatementStatus =
  /** It loaded, its flows completed, and every dataset it writes holds the expected rows. */
  | 'ran'
  /** Refused where and why expected.json says. */
  | 'refused'
  /** Anything else: refused unexpectedly, failed at run, other rows. */
  | 'failed';

/** One statement's outcome, with the cause when it did not run. */
export interface StatementOutcome {
  /** The statement. */
  readonly statement: CorpusStatement;
  /** How it ended. */
  readonly status: StatementStatus;
  /** Why it did not run as expected (one line), when it did not. */
  readonly cause?: string;
}

/** A case's outcomes, and mistakes in the case itself (which are not Þund's failures). */
export interface CaseOutcome {
  /** The case folder, relative to the corpus. */
  readonly name: string;
  /** Every statement's outcome, in file order. */
  readonly outcomes: readonly StatementOutcome[];
  /** Mistakes in the corpus case: a dataset without expected rows, a refusal at no statement, … */
  readonly caseErrors: readonly string[];
}

/** A case read from disk: its folder, spec settings, SQL files and statements. */
export interface CorpusCase {
  /** The case folder, relative to the corpus. */
  readonly name: string;
  /** The case folder. */
  readonly dir: string;
  /** The expected rows and refusals. */
  readonly expected: ExpectedCase;
  /** Each SQL file's text, by path relative to the case folder. */
  readonly files: ReadonlyMap<string, string>;
  /** Every statement, in file order. */
  readonly statements: readonly CorpusStatement[];
  /** The spec's settings. */
  readonly settings: { readonly name: string; readonly catalog?: string; readonly database?: string; readonly configuration?: Readonly<Record<string, string>> };
}

/** Every case under `corpus` (a folder holding an expected.json), in path order. */
export function corpusCases(corpus: string): CorpusCase[] {
  const dirs = readdirSync(corpus, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'expected.json')
    .map((entry) => entry.parentPath)
    .sort();
  return dirs.map((dir) => readCase(corpus, dir));
}

function readCase(corpus: string, dir: string): CorpusCase {
  const specText = readFileSync(join(dir, 'spark-pipeline.yml'), 'utf8');
  const spec = parsePipelineSpec(specText, 'spark-pipeline.yml');
  const sqlFiles = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const files = new Map(sqlFiles.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
  return {
    name: relative(corpus, dir).split(sep).join('/'),
    dir,
    expected: readExpected(dir),
    files,
    statements: [...files].flatMap(([file, text]) => splitStatements(file, text)),
    settings: {
      name: spec.name,
      ...(spec.catalog === undefined ? {} : { catalog: spec.catalog }),
      ...(spec.database === undefined ? {} : { database: spec.database }),
      ...(spec.configuration === undefined ? {} : { configuration: spec.configuration }),
    },
  };
}

/** The statement a problem at `file:line:column` belongs to: the last one of that file starting at or before it. */
export function statementAt(statements: readonly CorpusStatement[], file: string, at: { line: number; column: number }): CorpusStatement | undefined {
  let found: CorpusStatement | undefined;
  for (const statement of statements) if (statement.file === file && atOrBefore(statement.start, at)) found = statement;
  return found;
}

/** A pipeline loaded without the statements it refuses, and why each of those was refused. */
export interface IsolatedLoad {
  /** The pipeline of the statements that loaded, or undefined when nothing could load. */
  readonly pipeline?: Pipeline;
  /** The first problem of each refused statement. */
  readonly refused: ReadonlyMap<CorpusStatement, SqlProblem>;
  /** Why the whole case failed to load, when a problem was at no statement. */
  readonly caseFailure?: string;
}

/**
 * Loads the case without `omit`, blanking every statement refused (by
 * @thund/sql, or by `backend`'s check when given) and loading again until
 * the rest loads.
 */
export function loadIsolated(corpusCase: CorpusCase, omit: ReadonlySet<CorpusStatement>, backend?: ExecBackend): IsolatedLoad {
  const refused = new Map<CorpusStatement, SqlProblem>();
  const blanked = new Set<CorpusStatement>(omit);
  for (let attempt = 0; attempt <= corpusCase.statements.length; attempt++) {
    const sources = [...corpusCase.files].map(([file, text]) => ({
      file,
      text: [...blanked].filter((s) => s.file === file).reduce((t, s) => blankOut(t, s), text),
    }));
    let pipeline: Pipeline;
    try {
      pipeline = pipelineFromSql(sources, { ...corpusCase.settings, storage: 'storage' });
    } catch (error) {
      if (!(error instanceof SqlError)) throw error;
      // A problem in a statement blanked by an earlier attempt means blanking did not remove it: the case itself is broken.
      const before = new Set(blanked);
      for (const problem of error.problems) {
        const statement = statementAt(corpusCase.statements, problem.file, problem);
        if (statement === undefined || before.has(statement)) {
          return { refused, caseFailure: `${problem.file}:${problem.line}:${problem.column}: ${problem.message}` };
        }
        if (!refused.has(statement)) refused.set(statement, problem);
        blanked.add(statement);
      }
      continue;
    }
    const violations = backend?.check(pipeline).violations ?? [];
    if (violations.length === 0) return { pipeline, refused };
    for (const violation of violations) {
      const statement = definingStatement(corpusCase.statements, violation.element.name, violation.element.kind === 'flow');
      if (statement === undefined) return { refused, caseFailure: `${backend?.capabilities().name} check: ${violation.message}` };
      if (!refused.has(statement)) refused.set(statement, { file: statement.file, line: statement.start.line, column: statement.start.column, message: `${violation.backend} check: ${violation.message}` });
      blanked.add(statement);
    }
  }
  return { refused, caseFailure: 'the case did not load after removing every statement it refused' };
}

/** The statement that defines a dataset, or (for a flow) the statement that defines that flow. */
function definingStatement(statements: readonly CorpusStatement[], name: string, flow: boolean): CorpusStatement | undefined {
  const lower = name.toLowerCase();
  const byFlow = flow ? statements.find((s) => s.role.kind === 'flow' && s.role.name.toLowerCase() === lower) : undefined;
  return byFlow ?? statements.find((s) => s.role.kind === 'dataset' && s.role.name.toLowerCase() === lower);
}

/** The datasets a statement writes rows into: its own (unless a temporary view), or its flow's target. */
function writtenDataset(statement: CorpusStatement): string | undefined {
  if (statement.role.kind === 'dataset') return statement.role.name;
  if (statement.role.kind === 'flow') return statement.role.target;
  return undefined;
}

/** Runs `pipeline` on `backend` to its end; the outcome of each flow, by lower-case name. */
async function runFlows(backend: ExecBackend, pipeline: Pipeline): Promise<{ flows: Map<string, string | undefined>; runError?: string }> {
  const handle = backend.run(pipeline);
  for await (const _ of handle) { /* the result says how each flow ended */ }
  const result = await handle.result;
  const flows = new Map<string, string | undefined>();
  for (const flow of result.flows) {
    const cause = flow.phase === 'completed' ? undefined
      : flow.phase === 'cancelled' ? 'cancelled: a flow it reads failed'
        : `${flow.phase} at run: ${firstLine(flow.error?.message ?? 'no error given')}`;
    flows.set(flow.name.toLowerCase(), cause);
  }
  return result.flows.length === 0 && result.error !== undefined ? { flows, runError: firstLine(result.error.message) } : { flows };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Compares rows read back with the expected ones; a one-line difference, or undefined when equal. */
export function rowsDifference(expected: ExpectedRows, actual: ExpectedRows): string | undefined {
  if (JSON.stringify(expected.columns) !== JSON.stringify(actual.columns)) {
    return `columns ${JSON.stringify(actual.columns)}, expected ${JSON.stringify(expected.columns)}`;
  }
  const asObjects = (rows: ExpectedRows['rows']): AnyRow[] => rows.map((row) => Object.fromEntries(expected.columns.map((c, i) => [c, row[i] ?? null])) as AnyRow);
  const comparison = compareRows(asObjects(expected.rows), asObjects(actual.rows));
  if (comparison.equal) return undefined;
  const show = (rows: readonly AnyRow[]): string => JSON.stringify(rows.slice(0, 4).map((r) => expected.columns.map((c) => r[c])));
  return `rows differ: only expected ${show(comparison.onlyLeft)}, only actual ${show(comparison.onlyRight)}`;
}

/**
 * Runs a case on `backend` (without the statements in `omit`) and judges
 * every statement. `refusalsExpected` says whether expected.json's
 * refusals are checked (on native) or omitted (elsewhere).
 */
export async function runCase(corpusCase: CorpusCase, backend: ExecBackend, options: { readonly omit?: ReadonlySet<CorpusStatement>; readonly storage: string; readonly database?: string }): Promise<CaseOutcome> {
  const caseErrors: string[] = [];
  const { statements, expected } = corpusCase;
  const omit = options.omit ?? new Set<CorpusStatement>();
  const refusals = new Map<CorpusStatement, NonNullable<ExpectedCase['refusals']>[number]>();
  for (const refusal of expected.refusals ?? []) {
    const [file, line, column] = refusal.at.split(':');
    const statement = statementAt(statements, file as string, { line: Number(line), column: Number(column) });
    if (statement === undefined) caseErrors.push(`refusal at ${refusal.at} is at no statement`);
    else refusals.set(statement, refusal);
  }
  const load = loadIsolated(corpusCase, omit, backend);
  const causes = new Map<CorpusStatement, string>();
  const blankedNames = new Set([...load.refused.keys()].map(writtenDataset).filter((n) => n !== undefined).map((n) => n.toLowerCase()));
  for (const [statement, problem] of load.refused) {
    const refusal = refusals.get(statement);
    const at = `${problem.file}:${problem.line}:${problem.column}`;
    if (refusal !== undefined && at === refusal.at && problem.message.includes(refusal.message)) continue;
    const upstream = [...blankedNames].find((n) => n !== writtenDataset(statement)?.toLowerCase() && new RegExp(`\\b${n}\\b`, 'i').test(problem.message));
    causes.set(statement, refusal !== undefined ? `expected the refusal at ${refusal.at} (${refusal.message}), got ${at}: ${problem.message}`
      : upstream !== undefined ? `needs ${upstream}, which was refused` : `refused at ${at}: ${firstLine(problem.message)}`);
  }
  for (const [statement, refusal] of refusals) {
    if (!load.refused.has(statement) && !omit.has(statement)) causes.set(statement, `expected the refusal at ${refusal.at} (${refusal.message}), but it loaded`);
  }
  if (load.pipeline === undefined) {
    return {
      name: corpusCase.name,
      outcomes: statements.map((statement) => (refusals.has(statement) && !causes.has(statement) ? { statement, status: 'refused' as const }
        : { statement, status: 'failed' as const, cause: causes.get(statement) ?? `the case did not load: ${load.caseFailure}` })),
      caseErrors,
    };
  }
  const pipeline: Pipeline = { ...load.pipeline, storage: options.storage, ...(options.database === undefined ? {} : { database: options.database }) };
  const run = await runFlows(backend, pipeline);
  const datasetTypes = new Map(pipeline.datasets.map((d) => [d.name.toLowerCase(), d.type]));
  // Rows of each stored dataset: a difference, or undefined when they are as expected.
  const rowCheck = new Map<string, string | undefined>();
  const expectedByName = new Map(Object.entries(expected.datasets).map(([k, v]) => [k.toLowerCase(), v]));
  for (const dataset of pipeline.datasets) {
    if (dataset.type === 'temporary_view') continue;
    const want = expectedByName.get(dataset.name.toLowerCase());
    if (want === undefined) { caseErrors.push(`dataset ${dataset.name} has no expected rows`); continue; }
    try {
      const read = await (backend.readRows as NonNullable<ExecBackend['readRows']>)(dataset.name);
      rowCheck.set(dataset.name.toLowerCase(), rowsDifference(want, actualRows(read)));
    } catch (error) {
      rowCheck.set(dataset.name.toLowerCase(), `could not read it back: ${firstLine(error instanceof Error ? error.message : String(error))}`);
    }
  }
  const defined = new Set(statements.filter((s) => s.role.kind === 'dataset').map((s) => (s.role as { name: string }).name.toLowerCase()));
  for (const name of expectedByName.keys()) if (!defined.has(name)) caseErrors.push(`expected rows of ${name}, which no statement defines`);

  // Who reads each dataset, for temporary views (whose rows are seen only through their readers).
  const readers = new Map<string, Set<string>>();
  for (const flow of pipeline.flows) {
    for (const read of planFacts(flow).reads) {
      const set = readers.get(read.toLowerCase()) ?? new Set<string>();
      set.add(flow.target.toLowerCase());
      readers.set(read.toLowerCase(), set);
    }
  }
  const storedCause = (statement: CorpusStatement): string | undefined => {
    if (omit.has(statement)) return 'omitted';
    const known = causes.get(statement);
    if (known !== undefined) return known;
    if (run.runError !== undefined) return `the run failed: ${run.runError}`;
    const role = statement.role;
    if (role.kind === 'setting') return undefined;
    const flowName = role.name.toLowerCase();
    const flowCause = run.flows.get(flowName);
    if (flowCause !== undefined) return flowCause;
    const target = (role.kind === 'flow' ? role.target : role.name).toLowerCase();
    if (datasetTypes.get(target) === 'temporary_view') return undefined;
    if (!rowCheck.has(target)) return `no rows read back for ${target}`;
    const difference = rowCheck.get(target);
    return difference === undefined ? undefined : `${target}: ${difference}`;
  };
  const viewCause = (name: string, seen: Set<string>): string | undefined => {
    const readBy = [...(readers.get(name) ?? [])];
    if (readBy.length === 0) {
      // Its readers may have been refused; a view no statement reads at all is a mistake in the case.
      const mention = new RegExp(`\\b${name}\\b`, 'i');
      const readInText = statements.some((s) => writtenDataset(s)?.toLowerCase() !== name && mention.test(s.masked));
      if (!readInText) caseErrors.push(`temporary view ${name} is read by no dataset, so its rows are never checked`);
      return 'every dataset reading it was refused or failed, so its rows are not seen';
    }
    for (const reader of readBy) {
      if (seen.has(reader)) continue;
      seen.add(reader);
      const cause = datasetTypes.get(reader) === 'temporary_view' ? viewCause(reader, seen)
        : statements.filter((s) => writtenDataset(s)?.toLowerCase() === reader).map(storedCause).find((c) => c !== undefined);
      if (cause !== undefined) return `a reader (${reader}) did not give its rows: ${cause}`;
    }
    return undefined;
  };
  const outcomes: StatementOutcome[] = statements.map((statement, index) => {
    if (refusals.has(statement) && !causes.has(statement)) return { statement, status: 'refused' };
    let cause = storedCause(statement);
    const role = statement.role;
    if (cause === undefined && role.kind === 'dataset' && datasetTypes.get(role.name.toLowerCase()) === 'temporary_view') cause = viewCause(role.name.toLowerCase(), new Set());
    if (cause === undefined && role.kind === 'setting') {
      // SET and USE are shown by the statement after them in their file.
      const next = statements.slice(index + 1).find((s) => s.file === statement.file && s.role.kind !== 'setting');
      const nextCause = next === undefined ? undefined : storedCause(next);
      if (nextCause !== undefined) cause = `the statement after it did not run: ${nextCause}`;
    }
    return cause === undefined ? { statement, status: 'ran' } : { statement, status: 'failed', cause };
  });
  return { name: corpusCase.name, outcomes, caseErrors };
}
