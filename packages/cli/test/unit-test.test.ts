import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';
import { EXAMPLES, exampleCopy } from './support/example-copy.js';

const remote = process.env['THUND_SPARK_REMOTE'];
const temp = mkdtempSync(join(tmpdir(), 'thund-unit-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const example = (name: string): string => exampleCopy(temp, name);

/** The example's test names, from its test file. */
const testNames = (name: string): string[] =>
  (JSON.parse(readFileSync(join(EXAMPLES, name, 'pipeline.test.json'), 'utf8')) as { tests: { name: string }[] }).tests.map((t) => t.name);

const EXAMPLE_TESTS = ['orders', 'customers', 'clickstream'] as const;

describe('thund test: the examples\' unit tests', () => {
  it('the examples hold at least 10 tests: batch, expectation counts, CDC (SCD 1 and 2), a window, a streaming ingest', () => {
    const all = EXAMPLE_TESTS.flatMap(testNames);
    expect(all.length).toBeGreaterThanOrEqual(10);
  });

  const backends = remote === undefined ? ['native'] : ['native', 'spark'];
  it.each(EXAMPLE_TESTS)(`examples/%s: every test passes on ${backends.join(' and ')}, exit 0`, async (name) => {
    const dir = example(name);
    const io = captureIo(dir);
    const code = await main(['test', 'pipeline.json', '--backends', backends.join(','), ...(remote === undefined ? [] : ['--remote', remote])], io);
    expect(code, io.out() + io.err()).toBe(0);
    for (const test of testNames(name)) for (const backend of backends) expect(io.out()).toContain(`✓ pipeline.test.json › ${test} [${backend}]`);
    const runs = testNames(name).length * backends.length;
    expect(io.out()).toContain(`${runs} of ${runs} passed`);
    expect(readdirSync(dir).sort(), 'a test run writes nothing into the project').toEqual(readdirSync(join(EXAMPLES, name)).filter((f) => f !== 'out' && f !== '.thund').sort());
  }, 300_000);

  it('a project from thund init has tests (one of them a join) that pass', async () => {
    const io = captureIo(temp);
    expect(await main(['init', 'tested'], io), io.err()).toBe(0);
    const run = captureIo(temp);
    expect(await main(['test', 'tested/pipeline.json', '--backends', backends.join(','), ...(remote === undefined ? [] : ['--remote', remote])], run), run.out()).toBe(0);
    expect(run.out()).toContain('revenue per country carries the country name');
  }, 120_000);
});

describe('thund test: failures and bad input', () => {
  it('a failing test shows the rows expected but not written, those written but not expected, and the counts; exit 1', async () => {
    const dir = example('orders');
    const tests = JSON.parse(readFileSync(join(dir, 'pipeline.test.json'), 'utf8')) as { tests: { expect: { rows?: Record<string, unknown>[]; expectations?: Record<string, unknown> } }[] };
    const first = tests.tests[0] as (typeof tests.tests)[number];
    (first.expect.rows as Record<string, unknown>[])[0] = { ...(first.expect.rows as Record<string, unknown>[])[0], country: 'se' };
    first.expect.expectations = { positive_amount: { passed: 3, failed: 0 } };
    writeFileSync(join(dir, 'pipeline.test.json'), JSON.stringify(tests));
    const io = captureIo(dir);
    expect(await main(['test', 'pipeline.json'], io)).toBe(1);
    const out = io.out();
    expect(out).toMatch(/✗ pipeline\.test\.json › clean_orders .* \[native\]/);
    expect(out).toContain('rows: 2 written, 2 expected');
    expect(out).toMatch(/expected but not written \(1 row\)\n\s+order_id │ customer │ country │ amount │ order_date\n.*\n\s+1 │ alice\s+│ se\s+│ 120\.50 │ 2026-11-28/);
    expect(out).toMatch(/written but not expected \(1 row\)\n.*\n.*\n\s+1 │ alice\s+│ SE\s+│ 120\.50 │ 2026-11-28/);
    expect(out).toContain('expectation "positive_amount": passed 2, expected 3');
    expect(out).toContain('expectation "positive_amount": failed 1, expected 0');
    expect(out).toMatch(/✗ 4 tests on native: 3 of 4 passed, 1 failed/);
  }, 60_000);

  const project = (tests: unknown): string => {
    const dir = example('orders');
    writeFileSync(join(dir, 'pipeline.test.json'), typeof tests === 'string' ? tests : JSON.stringify(tests));
    return dir;
  };
  const refused = async (dir: string): Promise<string> => {
    const io = captureIo(dir);
    expect(await main(['test', 'pipeline.json'], io), io.out()).toBe(2);
    expect(io.err().trim().split('\n'), 'one line, no stack').toHaveLength(1);
    return io.err();
  };

  it('bad test files are refused before anything runs, in one line saying where and what to write (exit 2)', async () => {
    expect(await refused(project('{ "tests": [ '))).toMatch(/test file .*pipeline\.test\.json: it is not valid JSON/);
    expect(await refused(project({ tests: [{ name: 'x', flow: 'clean_order', given: {}, expect: { rows: [] } }] })))
      .toContain('test "x": pipeline "orders" has no flow "clean_order"; did you mean "clean_orders"?');
    expect(await refused(project({ tests: [{ name: 'x', flow: 'clean_orders', given: { orders: [] }, expect: { rows: [] } }] })))
      .toContain('test "x": give rows for "raw_orders" (what it reads); flow "clean_orders" does not read "orders". Flow "clean_orders" reads "raw_orders"; "given" needs exactly those keys');
    expect(await refused(project({ tests: [{ name: 'x', flow: 'clean_orders', given: { raw_orders: [] } }] })))
      .toMatch(/at \$\.tests\[0\]\.expect: expected \{ "rows": \[\.\.\.\] \}/);
    expect(await refused(project({ tests: [{ name: 'x', flow: 'clean_orders', given: { raw_orders: [1] }, expect: { rows: [] } }] })))
      .toContain('at $.tests[0].given["raw_orders"][0]: expected a row');
  });

  it('no test file next to the pipeline: exit 2 with the shape of one', async () => {
    const dir = example('orders');
    rmSync(join(dir, 'pipeline.test.json'));
    expect(await refused(dir)).toContain('write a <name>.test.json there');
  });
});
