import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE, main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

describe('thund usage errors', () => {
  it('prints usage for help with exit 0, and without a command with exit 2', async () => {
    const io = captureIo('/');
    expect(await main(['help'], io)).toBe(0);
    expect(io.out()).toBe(USAGE);
    expect(await main([], captureIo('/'))).toBe(2);
  });

  for (const [argv, message] of [
    [['frobnicate', 'x.json'], 'unknown command "frobnicate"'],
    [['check'], '/ holds no pipeline: add a pipeline document (pipeline.json) or a SQL project'],
    [['events'], '"thund events" needs an event log file'],
    [['check', 'a.json', 'b.json'], 'unexpected argument: b.json'],
    [['check', 'a.json', '--colour'], 'unknown option --colour; "thund check" takes --backend, --backend-option, --db, --remote, --sandbox, --bind'],
    [['rnu', 'x.json'], 'unknown command "rnu"; did you mean "run"?'],
    [['chek', 'x.json'], 'did you mean "check"?'],
    [['check', 'a.json', '--live'], '--live does not apply to "thund check" (see thund check --help)'],
    [['plan', 'a.json', '--show', 'x', '--port', '1'], '--show, --port do not apply to "thund plan"'],
    [['events', 'log.jsonl', '--backend', 'spark'], '--backend does not apply to "thund events"'],
  ] as const) {
    it(`${argv.join(' ')} → exit 2 with a clear message and no stack trace`, async () => {
      const io = captureIo('/');
      expect(await main(argv, io)).toBe(2);
      expect(io.err()).toContain(message);
      expect(io.err()).not.toMatch(/\n\s+at /);
    });
  }

  it('an invalid pipeline is exit 2 listing every problem', async () => {
    const io = captureIo('/');
    expect(await main(['check', '/definitely/missing.json'], io)).toBe(2);
    expect(io.err()).toContain('[THUND_SOURCE]');
  });

  it('--version, -v and version print the CLI package\'s version, exit 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const argv of [['--version'], ['-v'], ['version']]) {
      const io = captureIo('/');
      expect(await main(argv, io)).toBe(0);
      expect(io.out()).toBe(`thund ${version}\n`);
    }
  });

  it('<command> --help prints that command\'s usage with only its options, exit 0', async () => {
    const io = captureIo('/');
    expect(await main(['run', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: thund run <pipeline> [options]');
    expect(io.out()).toContain('--full-refresh');
    expect(io.out()).not.toContain('--port');
    const events = captureIo('/');
    expect(await main(['events', '-h'], events)).toBe(0);
    expect(events.out()).toBe('Usage: thund events <log>\n\nsummarise a JSONL event log written by run --events\n');
  });
});
