import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeForTerminal } from '../escape-for-terminal.js';
import { type CliIo, ExitCode } from '../io.js';
import { UsageError } from '../usage-error.js';
import { isolateFlow } from '../unit-test/isolate-flow.js';
import { renderOutcome } from '../unit-test/render-test.js';
import { type TestOutcome, runFlowTest } from '../unit-test/run-flow-test.js';
import { type TestFile, readTestFile } from '../unit-test/test-file.js';
import type { CommandInput } from './command-input.js';

/**
 * `thund test <pipeline> [--backends native,spark]`: the unit tests in the
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
  // Every test is checked against the pipeline before anything runs: a typo fails fast, with every test's problem.
  const tests = files.flatMap((file) => file.tests.map((test) => ({ file, test, isolated: isolateFlow(pipeline, test) })));
  const totals = { passed: 0, failed: 0 };
  for (const { file, test, isolated } of tests) {
    for (const backend of input.backends) {
      const outcome: TestOutcome = await runFlowTest(backend, input.backendOptions, isolated, test);
      totals[outcome.status === 'passed' ? 'passed' : 'failed']++;
      io.stdout.write(renderOutcome(`${file.path.slice(folder.length + 1)} › ${test.name}`, backend, outcome));
    }
  }
  const runs = totals.passed + totals.failed;
  io.stdout.write(`\n${totals.failed === 0 ? '✓' : '✗'} ${tests.length} test${tests.length === 1 ? '' : 's'} on ${input.backends.join(', ')}: ${totals.passed} of ${runs} passed${totals.failed === 0 ? '' : `, ${totals.failed} failed`}\n`);
  return totals.failed === 0 ? ExitCode.Success : ExitCode.RunFailed;
}

/** The `*.test.json` files in the pipeline's folder, by name. */
async function testFiles(dir: string, pipelineFile: string): Promise<TestFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.test.json')).sort();
  if (names.length === 0) {
    throw new UsageError(`no tests next to ${escapeForTerminal(pipelineFile)}: write a <name>.test.json there, e.g. { "tests": [{ "name": "…", "flow": "<flow>", "given": { "<dataset it reads>": [rows] }, "expect": { "rows": [rows] } }] }`);
  }
  return Promise.all(names.map((n) => readTestFile(join(dir, n))));
}
