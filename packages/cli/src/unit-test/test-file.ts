import { readFile } from 'node:fs/promises';
import type { Field } from '@thund/ir';
import { UsageError } from '../usage-error.js';

/** A row as written in a test file: column → JSON value. */
export type TestRow = Readonly<Record<string, unknown>>;

/** Input rows for one dataset a flow reads, or for one `read_files` path it reads. */
export interface GivenInput {
  readonly rows: readonly TestRow[];
  /** Column types; default: the dataset's declared schema, else inferred from the rows. */
  readonly schema?: readonly Field[];
}

/** Expected expectation counts of the flow under test, by expectation name. */
export type ExpectedCounts = Readonly<Record<string, { readonly passed?: number; readonly failed?: number }>>;

/** One unit test of one flow: given rows for what it reads, the rows it must write. */
export interface FlowTest {
  readonly name: string;
  readonly flow: string;
  /** Keys are dataset names the flow reads, or `read_files` paths as written in the pipeline. */
  readonly given: Readonly<Record<string, GivenInput>>;
  readonly expect: { readonly rows?: readonly TestRow[]; readonly expectations?: ExpectedCounts };
}

/** A test file: `<name>.test.json` next to the pipeline. */
export interface TestFile {
  readonly path: string;
  readonly tests: readonly FlowTest[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads and checks a test file, naming the JSON path of the first thing
 * wrong and what to write instead. `given` values are either an array of
 * rows or `{ "rows": [...], "schema": [...] }`.
 */
export async function readTestFile(path: string): Promise<TestFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : `it cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    throw new UsageError(`test file ${path}: ${why}`);
  }
  const wrong = (at: string, what: string): UsageError => new UsageError(`test file ${path}, at ${at}: ${what}`);
  if (!isObject(parsed) || !Array.isArray(parsed['tests'])) throw wrong('$', 'expected an object with a "tests" array: { "tests": [{ "name", "flow", "given", "expect" }] }');
  const names = new Set<string>();
  const tests = parsed['tests'].map((raw, i): FlowTest => {
    const at = `$.tests[${i}]`;
    if (!isObject(raw)) throw wrong(at, 'expected a test object { "name", "flow", "given", "expect" }');
    const { name, flow, given, expect } = raw;
    if (typeof name !== 'string' || name === '') throw wrong(`${at}.name`, 'expected the test\'s name (a non-empty string)');
    if (names.has(name)) throw wrong(`${at}.name`, `two tests are named "${name}": give each its own name`);
    names.add(name);
    if (typeof flow !== 'string' || flow === '') throw wrong(`${at}.flow`, 'expected the name of the flow under test');
    if (!isObject(given)) throw wrong(`${at}.given`, 'expected an object: dataset name (or read_files path) → rows');
    if (!isObject(expect) || (expect['rows'] === undefined && expect['expectations'] === undefined)) {
      throw wrong(`${at}.expect`, 'expected { "rows": [...] } and/or { "expectations": { "<name>": { "passed": n, "failed": m } } }');
    }
    return {
      name,
      flow,
      given: Object.fromEntries(Object.entries(given).map(([key, value]) => [key, givenInput(value, `${at}.given[${JSON.stringify(key)}]`, wrong)])),
      expect: {
        ...(expect['rows'] === undefined ? {} : { rows: rowsAt(expect['rows'], `${at}.expect.rows`, wrong) }),
        ...(expect['expectations'] === undefined ? {} : { expectations: countsAt(expect['expectations'], `${at}.expect.expectations`, wrong) }),
      },
    };
  });
  return { path, tests };
}

type Wrong = (at: string, what: string) => UsageError;

function givenInput(value: unknown, at: string, wrong: Wrong): GivenInput {
  if (Array.isArray(value)) return { rows: rowsAt(value, at, wrong) };
  if (!isObject(value)) throw wrong(at, 'expected an array of rows, or { "rows": [...], "schema": [{ "name", "type" }] }');
  const schema = value['schema'];
  if (schema !== undefined && (!Array.isArray(schema) || !schema.every((f) => isObject(f) && typeof f['name'] === 'string' && f['type'] !== undefined))) {
    throw wrong(`${at}.schema`, 'expected an array of fields: [{ "name": "ts", "type": "timestamp" }]');
  }
  return { rows: rowsAt(value['rows'], `${at}.rows`, wrong), ...(schema === undefined ? {} : { schema: schema as Field[] }) };
}

function rowsAt(value: unknown, at: string, wrong: Wrong): TestRow[] {
  if (!Array.isArray(value)) throw wrong(at, 'expected an array of rows (objects of column → value)');
  value.forEach((row, i) => {
    if (!isObject(row)) throw wrong(`${at}[${i}]`, 'expected a row: an object of column → value');
  });
  return value as TestRow[];
}

function countsAt(value: unknown, at: string, wrong: Wrong): ExpectedCounts {
  if (!isObject(value)) throw wrong(at, 'expected { "<expectation>": { "passed": n, "failed": m } }');
  for (const [name, counts] of Object.entries(value)) {
    const ok = isObject(counts) && Object.entries(counts).every(([k, v]) => (k === 'passed' || k === 'failed') && Number.isInteger(v) && (v as number) >= 0);
    if (!ok) throw wrong(`${at}[${JSON.stringify(name)}]`, 'expected { "passed": n, "failed": m } with whole numbers (either may be left out)');
  }
  return value as ExpectedCounts;
}
