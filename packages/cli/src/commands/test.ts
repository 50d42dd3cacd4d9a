import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import type { Pipeline } from '@thund/ir';
import { isSqlProject, loadPipeline, pipelineDocumentIn } from '../load-pipeline.js';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import { isolateFlow } from '../unit-test/isolate-flow.js';
import { renderOutcome } from '../unit-test/render-test.js';
import { type TestOutcome, runFlowTest } from '../unit-test/run-flow-test.js';
import { type TestFile, readTestFile } from '../unit-test/test-file.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund test <pipeline> [--backends a,b]`: the unit tests in the
 * `*.test.json` files next to the pipeline, each flow run alone from the
 * rows a test gives, on each backend, in a fresh directory and database.
 * Exit 0 when every test passes on every backend, 1 when one fails or
 * cannot run, 2 when a test file or the pipeline is invalid.
 */
export async function testCommand(input: CommandInput, io: CliIo): Promise<ExitCode> {
  const pipeline = await input.loadPipeline();
  // The pipeline's folder: a SQL project's own folder, or the folder a pipeline file is in.
  const folder = input.backendOptions.baseDir;
  const files = await testFiles(folder, input.file);
  // A test of a flow that only the folder's other form of the pipeline has (a sink: SDP SQL has no sink statement) is skipped, saying why.
  const elsewhere = await otherForm(input.file, pipeline);
  const skipped = files.flatMap((file) => file.tests.filter((test) => !hasFlow(pipeline, test.flow) && elsewhere !== undefined && hasFlow(elsewhere.pipeline, test.flow)).map((test) => ({ file, test })));
  // Every other test is checked against the pipeline before anything runs: a typo fails fast, with every test's problem.
  const tests = files.flatMap((file) => file.tests.filter((test) => !skipped.some((s) => s.test === test)).map((test) => ({ file, test, isolated: isolateFlow(pipeline, test) })));
  const totals = { passed: 0, failed: 0 };
  for (const { file, test } of skipped) {
    io.stdout.write(`- ${escapeForTerminal(`${file.path.slice(folder.length + 1)} › ${test.name}`)}: skipped, ${escapeForTerminal(whyNotHere(test.flow, elsewhere, io.cwd))}\n`);
  }
  for (const { file, test, isolated } of tests) {
    for (const backend of input.backends) {
      const outcome: TestOutcome = await runFlowTest(backend, input.backendOptions, isolated, test);
      totals[outcome.status === 'passed' ? 'passed' : 'failed']++;
      io.stdout.write(renderOutcome(`${file.path.slice(folder.length + 1)} › ${test.name}`, backend, outcome));
    }
  }
  const runs = totals.passed + totals.failed;
  const skippedNote = skipped.length === 0 ? '' : ` (${skipped.length} skipped: not in this form)`;
  io.stdout.write(`\n${totals.failed === 0 ? '✓' : '✗'} ${tests.length} test${tests.length === 1 ? '' : 's'} on ${input.backends.join(', ')}: ${totals.passed} of ${runs} passed${totals.failed === 0 ? '' : `, ${totals.failed} failed`}${skippedNote}\n`);
  return totals.failed === 0 ? ExitCode.Success : ExitCode.RunFailed;
}

function hasFlow(pipeline: Pipeline, flow: string): boolean {
  return pipeline.flows.some((f) => f.name === flow);
}

/** For a SQL project whose folder also holds a pipeline document (the examples keep both forms): that document, loaded. */
async function otherForm(file: string, loaded: Pipeline): Promise<{ readonly file: string; readonly pipeline: Pipeline } | undefined> {
  if (!(await isSqlProject(file))) return undefined;
  const document = await pipelineDocumentIn((await stat(file)).isDirectory() ? file : dirname(file));
  if (document === undefined) return undefined;
  const other = await loadPipeline(document, dirname(document)).catch(() => undefined);
  return other === undefined || other.name !== loaded.name ? undefined : { file: document, pipeline: other };
}

function whyNotHere(flow: string, elsewhere: { readonly file: string; readonly pipeline: Pipeline } | undefined, cwd: string): string {
  const target = elsewhere?.pipeline.flows.find((f) => f.name === flow)?.target;
  const sink = elsewhere?.pipeline.datasets.some((d) => d.name === target && d.type === 'sink') === true;
  return `flow "${flow}" is defined only in ${basename(elsewhere?.file ?? '')}${sink ? `, the form that can declare its sink "${String(target)}" (SDP SQL has no sink statement)` : ''}; run thund test ${relative(cwd, elsewhere?.file ?? '') || '.'} to test it`;
}

/** The `*.test.json` files in the pipeline's folder, by name. */
async function testFiles(dir: string, pipelineFile: string): Promise<TestFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.test.json')).sort();
  if (names.length === 0) {
    throw new UsageError(`no tests next to ${escapeForTerminal(pipelineFile)}: write a <name>.test.json there, e.g. { "tests": [{ "name": "…", "flow": "<flow>", "given": { "<dataset it reads>": [rows] }, "expect": { "rows": [rows] } }] }`);
  }
  return Promise.all(names.map((n) => readTestFile(join(dir, n))));
}
