import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExecBackend, Pipeline } from '@thund/ir';
import { createNativeBackend } from '@thund/backend-native';
import { createSparkBackend } from '@thund/backend-spark';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

// The broken-pipeline corpus (issue 15): the mistakes people make, each in a pipeline that is otherwise fine — as JSON
// documents (broken-pipelines/*.json) and as builder modules (broken-pipelines/builder/*.ts). `thund check` must refuse
// every one with exit 2, at the JSON path of the mistake, with the right issue code and, where a name is close, a
// "did you mean"; and no backend may run any of them: `thund run` exits 2 and the backends' own `run` refuses each
// before a flow starts, writing nothing.
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), 'broken-pipelines');
const remote = process.env['THUND_SPARK_REMOTE'];
const temp = mkdtempSync(join(tmpdir(), 'thund-broken-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** file → [issue code, JSON path, what the message must also say (the suggestion, where one applies)]. */
const CASES: Readonly<Record<string, readonly [string, string, RegExp]>> = {
  'misspelled-filter-column.json': ['unknown_column', '$.flows[2].query.condition.left.name', /did you mean "amount"\?/],
  'misspelled-join-condition.json': ['unknown_column', '$.flows[2].query.input.on.right.name', /did you mean "customer"\?/],
  'string-as-predicate.json': ['non_boolean_predicate', '$.flows[2].query.condition', /the string "amount > 100", not a predicate.*col\('amount'\)\.gt\(100\)/],
  'filter-by-string-column.json': ['non_boolean_predicate', '$.flows[2].query.condition', /column "status", of type utf8, not a predicate/],
  'expectation-not-a-predicate.json': ['non_boolean_predicate', '$.flows[2].expectations[0].predicate', /expectation "has_amount" is column "amount"/],
  'raw-sql-without-reads.json': ['sql_reads_unlisted', '$.flows[2].query.sql', /add "orders" to the flow's "reads"/],
  'raw-sql-not-a-query.json': ['sql_not_a_query', '$.flows[2].query.sql', /its SQL is a DROP statement, not a query/],
  'raw-sql-two-statements.json': ['sql_not_a_query', '$.flows[2].query.sql', /its SQL holds several statements/],
  'nul-in-name.json': ['invalid_name', '$.datasets[2].name', /holds a NUL character at position 5/],
  'unknown-function.json': ['unknown_function', '$.flows[2].query.columns[0].expr', /did you mean "upper"\?/],
  'unknown-read.json': ['unknown_read', '$.flows[2].query', /did you mean "orders"\?/],
  'function-arity.json': ['function_arity', '$.flows[2].query.columns[0].expr', /"round" takes 1 to 2 argument\(s\), got 3/],
  'function-argument-type.json': ['argument_type', '$.flows[2].query.columns[0].expr.args[0]', /argument 1 of upper must be a string \(utf8\), not decimal\(10,2\)/],
  'arithmetic-on-string.json': ['operand_type', '$.flows[2].query.columns[0].expr', /"add" is arithmetic on numbers, but it is given utf8 and int32/],
  'comparison-of-incomparable.json': ['operand_type', '$.flows[2].query.condition', /"eq" compares utf8 with int32/],
  'aggregate-outside-aggregation.json': ['aggregate_outside_aggregation', '$.flows[2].query.columns[0].expr', /use it in groupBy\(\.\.\.\)\.agg\(\.\.\.\)/],
  'nested-aggregate.json': ['nested_aggregate', '$.flows[2].query.aggregates[0].expr.args[0]', /aggregate "count" is inside aggregate "sum"/],
  'ungrouped-column.json': ['ungrouped_column', '$.flows[2].query.aggregates[0].name', /"status" is neither grouped by nor inside an aggregate \(it groups by customer\)/],
  'union-arity.json': ['union_shape', '$.flows[2].query.inputs[1]', /input 2 of its union has 1 column\(s\), the first has 2/],
  'union-types.json': ['union_shape', '$.flows[2].query.inputs[1]', /date32 \("day"\) in the first input and float64 \("score"\)/],
  'row-number-without-order.json': ['window_order_required', '$.flows[2].query.expressions[0].expr', /add orderBy to \.over/],
  'cdc-unknown-key.json': ['unknown_schema_column', '$.flows[2].cdc.keys[0]', /"idd" .*did you mean "id"\?/],
  'cdc-unknown-sequence.json': ['unknown_schema_column', '$.flows[2].cdc.sequenceBy', /"sequence" .*not a column of its input \(id, name, op, seq\)/],
  'watermark-not-timestamp.json': ['event_time_type', '$.flows[2].watermark.column', /watermark column "at" is utf8, not a timestamp/],
  'declared-schema-extra-column.json': ['schema_columns', '$.flows[2].query', /produces "customer", not in the declared schema of "slim"/],
  'declared-schema-narrowing.json': ['schema_types', '$.flows[2].query', /"amount" is decimal\(10,2\), which does not widen to int32/],
  'ambiguous-join-column.json': ['ambiguous_column', '$.flows[2].query.columns[1].name', /qualify it .*col\('customer', 'o'\)/],
  'duplicate-output-column.json': ['duplicate_output_column', '$.flows[2].query', /two columns named "customer"/],
  'builder/misspelled-group-key.ts': ['unknown_column', '$.flows[2].query.groupBy[0].name', /did you mean "customer"\?/],
  'builder/misspelled-sort-key.ts': ['unknown_column', '$.flows[2].query.input.keys[0].expr.name', /did you mean "ts"\?/],
  'builder/misspelled-window-partition.ts': ['unknown_column', '$.flows[2].query.expressions[0].expr.partitionBy[0].name', /did you mean "customer"\?/],
  'builder/misspelled-expectation-column.ts': ['unknown_column', '$.flows[2].expectations[0].predicate.left.name', /did you mean "amount"\?/],
  'builder/misspelled-upstream-column.ts': ['unknown_column', '$.flows[3].query.condition.left.name', /\(its columns: customer, total\); did you mean "total"\?/],
  'builder/missing-watermark-column.ts': ['unknown_column', '$.flows[2].watermark.column', /"time" does not exist .*\(its columns: user, at\)/],
  'builder/case-branch-types.ts': ['case_types', '$.flows[2].query.columns[0].expr', /utf8 and date32, which have no common type/],
  'builder/and-of-non-predicate.ts': ['operand_type', '$.flows[2].query.condition.right', /"and" joins predicates, but its right side is utf8/],
  'builder/like-on-a-number.ts': ['operand_type', '$.flows[2].query.condition.left', /"like" matches strings, but its left side is int32/],
  'builder/in-list-of-another-type.ts': ['operand_type', '$.flows[2].query.condition.list[0]', /"in" compares date32 with utf8/],
  'builder/not-of-a-number.ts': ['operand_type', '$.flows[2].query.condition.expr', /"not" negates a predicate, but it is given int32/],
  'builder/date-trunc-unit-not-literal.ts': ['argument_type', '$.flows[2].query.columns[0].expr.args[0]', /argument 1 of date_trunc must be a string literal/],
  'lag-offset-not-literal.json': ['argument_type', '$.flows[2].query.expressions[0].expr.args[1]', /argument 2 of lag must be an integer literal/],
  'builder/coalesce-of-string-and-number.ts': ['argument_type', '$.flows[2].query.columns[0].expr', /the arguments of coalesce are utf8 and int32, which have no common type/],
  'builder/year-of-a-string.ts': ['argument_type', '$.flows[2].query.columns[0].expr.args[0]', /argument 1 of year must be a date or timestamp, not utf8/],
  'builder/sum-of-a-string.ts': ['argument_type', '$.flows[2].query.aggregates[0].expr.args[0]', /argument 1 of sum must be a number, not utf8/],
  'builder/declared-schema-missing-column.ts': ['schema_columns', '$.flows[2].query', /does not produce "note" of the declared schema of "slim"/],
  'builder/declared-schema-string-into-number.ts': ['schema_types', '$.flows[2].query', /"customer" is utf8, which does not widen to int64/],
  'builder/window-column-not-timestamp.ts': ['event_time_type', '$.flows[2].window.column', /window column "day" is date32, not a timestamp/],
  'builder/ambiguous-column-in-join-condition.ts': ['ambiguous_column', '$.flows[2].query.input.on.left.name', /"customer" is ambiguous: both sides of the join have it/],
  'builder/cdc-track-history-unknown-column.ts': ['unknown_schema_column', '$.flows[0].cdc.trackHistory[0]', /did you mean "city"\?/],
};

const FILES = [
  ...readdirSync(CORPUS).filter((f) => f.endsWith('.json')),
  ...readdirSync(join(CORPUS, 'builder')).filter((f) => f.endsWith('.ts') && f !== 'shop.ts' && f !== 'shop-ok.ts').map((f) => `builder/${f}`),
].sort();

/** The pipeline of a corpus file as a user's code or document hands it to a backend: not validated. */
async function rawPipeline(file: string): Promise<Pipeline> {
  const path = join(CORPUS, file);
  if (file.endsWith('.json')) return JSON.parse(readFileSync(path, 'utf8')) as Pipeline;
  const { tsImport } = await import('tsx/esm/api');
  return ((await tsImport(pathToFileURL(path).href, import.meta.url)) as { default: Pipeline }).default;
}

/** A backend's own run of a corpus pipeline: refused before any flow starts, nothing written under its directory. */
async function expectRefused(create: (dir: string) => ExecBackend | Promise<ExecBackend>, file: string): Promise<void> {
  const dir = mkdtempSync(join(temp, 'run-'));
  const backend = await create(dir);
  try {
    const handle = backend.run(await rawPipeline(file));
    const phases: string[] = [];
    for await (const event of handle) if (event.element.kind === 'flow') phases.push(event.phase ?? 'none');
    const result = await handle.result;
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(new Set(phases)).toEqual(new Set(['cancelled']));
    expect(readdirSync(dir)).toEqual([]);
  } finally {
    await backend.close?.();
  }
}

/**
 * Mistakes only the files tell (no schema declared, or a file that is not there): `check` cannot see them, `check
 * --bind` must — each backend binds every flow in order, reading file schemas, writing nothing — with exit 2, the flow,
 * and the engine's own suggestion, per backend.
 */
const BIND_CASES: Readonly<Record<string, readonly [flow: string, native: RegExp, spark: RegExp]>> = {
  'bind/csv-misspelled-column.json': ['big', /"amout" not found.*Candidate bindings: "amount"/, /`amout` cannot be resolved\. Did you mean one of the following\? \[`amount`/],
  'bind/csv-column-downstream.json': ['totals', /"costumer" not found.*Candidate bindings: "customer"/, /`costumer` cannot be resolved\. Did you mean one of the following\? \[`customer`/],
  'bind/missing-input-file.json': ['copy', /orders\.parquet" does not exist/, /PATH_NOT_FOUND/],
  // Columns of a file without a schema that the target's declared schema leaves out: refused on both, never dropped.
  'bind/csv-declared-schema.json': ['amounts', /produces columns "order_id", "amount" not in the declared schema of "amounts"/, /produces columns "order_id", "amount" not in the declared schema of "amounts"/],
};

describe('mistakes only binding finds: check --bind', () => {
  it.each(Object.keys(BIND_CASES))('%s: check passes, check --bind exits 2 on native and Spark naming the flow, and the dry run writes nothing', async (file) => {
    const [flow, nativeSays, sparkSays] = BIND_CASES[file] as (typeof BIND_CASES)[string];
    const plain = captureIo(CORPUS);
    expect(await main(['check', file], plain), plain.err()).toBe(0);
    for (const [backend, says] of remote === undefined ? [['native', nativeSays] as const] : [['native', nativeSays] as const, ['spark', sparkSays] as const]) {
      const io = captureIo(CORPUS);
      const args = ['check', file, '--bind', '--backend', backend, ...(backend === 'spark' ? ['--remote', remote as string] : [])];
      expect(await main(args, io), `${backend}: ${io.err()}`).toBe(2);
      // The flow's line and its message's continuation lines (indented), as one text.
      const lines = io.err().split('\n');
      const at = lines.findIndex((l) => l.includes(`flow ${flow}:`));
      const block = at < 0 ? '' : [lines[at], ...lines.slice(at + 1).filter((_, i, rest) => rest.slice(0, i + 1).every((l) => l.startsWith('      ')))].map((l) => l?.trim()).join(' ');
      expect(block, io.err()).toMatch(says);
    }
    expect(readdirSync(join(CORPUS, 'bind')).sort()).toEqual([...Object.keys(BIND_CASES).map((f) => f.slice('bind/'.length)), 'data'].sort());
    expect(readdirSync(join(CORPUS, 'bind', 'data'))).toEqual(['orders.csv']);
  });

  it('a pipeline that binds: check --bind exits 0', async () => {
    const io = captureIo(CORPUS);
    expect(await main(['check', 'builder/shop-ok.ts', '--bind'], io), io.err()).toBe(0);
    expect(io.out()).toContain('all 2 flows bind on backend "native" (nothing written)');
  });
});

describe('the broken-pipeline corpus', () => {
  it('holds at least 40 pipelines, JSON and builder, each listed with its mistake', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(40);
    expect(FILES.filter((f) => f.endsWith('.json')).length).toBeGreaterThanOrEqual(20);
    expect(FILES.filter((f) => f.endsWith('.ts')).length).toBeGreaterThanOrEqual(20);
    expect(FILES).toEqual(Object.keys(CASES).sort());
  });

  it.each(FILES)('%s: check exits 2 at the mistake\'s path, saying what is wrong', async (file) => {
    const [code, path, says] = CASES[file] as (typeof CASES)[string];
    const io = captureIo(CORPUS);
    expect(await main(['check', file], io)).toBe(2);
    const line = io.err().split('\n').find((l) => l.includes(`(${code})`)) ?? '';
    expect(line, io.err()).toContain(`${path}: `);
    expect(line).toMatch(says);
    expect(io.err()).not.toMatch(/\n\s+at /);
  });

  it.each(FILES)('%s: thund run exits 2 on native and Spark, and the backends refuse it before any flow starts', async (file) => {
    for (const backend of remote === undefined ? ['native'] : ['native', 'spark']) {
      const io = captureIo(CORPUS);
      const args = ['run', file, '--backend', backend, ...(backend === 'spark' ? ['--remote', remote as string] : [])];
      expect(await main(args, io), `${backend}: ${io.err()}`).toBe(2);
    }
    await expectRefused((dir) => createNativeBackend({ baseDir: dir }), file);
    if (remote !== undefined) await expectRefused((dir) => createSparkBackend({ remote, baseDir: dir }), file);
  });
});
