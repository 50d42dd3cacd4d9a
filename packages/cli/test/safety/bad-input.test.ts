import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runThund } from '../support/spawn-thund.js';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples');

/**
 * Every command under bad paths, ports, logs and connection strings, each in
 * a real `thund` process: one line on stderr saying what was wrong, exit 1
 * or 2, no stack trace, no internal error — and no data written.
 */
describe('thund on bad input: one clear line, exit 1 or 2, never a stack trace', () => {
  let dir = '';
  let busy: Server;
  let busyPort = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'thund-bad-input-'));
    cpSync(join(examples, 'orders'), join(dir, 'orders'), { recursive: true, filter: (src) => !src.includes('/out') });
    writeFileSync(join(dir, 'garbage.jsonl'), 'this is not JSON\n{"neither":"is this"}\n');
    writeFileSync(join(dir, 'not-events.jsonl'), '{"hello":"world"}\n');
    writeFileSync(join(dir, 'array.jsonl'), '[1,2,3]\n');
    writeFileSync(join(dir, 'binary.jsonl'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x1b, 0x5b, 0x32, 0x4a, 0x00, 0x0a, 0xff, 0xfe]));
    writeFileSync(join(dir, 'empty.jsonl'), '');
    writeFileSync(join(dir, 'good.jsonl'), `${JSON.stringify({ timestamp: '2026-12-01T00:00:00Z', run_id: 'r1', message: 'run started', element: { kind: 'pipeline', name: 'orders' }, level: 'info', phase: 'running' })}\n`);
    writeFileSync(join(dir, 'bad.json'), '{ "version": 1, ');
    mkdirSync(join(dir, 'a-directory'));
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
  });

  const pipeline = 'orders/pipeline.json';
  const cases: readonly (readonly [label: string, args: () => readonly string[], message: RegExp | (() => RegExp)])[] = [
    ['events on a garbage log', () => ['events', 'garbage.jsonl'], /garbage\.jsonl:1 is not valid JSON.*thund run --events/],
    ['events on a log of JSON that is not events', () => ['events', 'not-events.jsonl'], /not-events\.jsonl:1: run event JSON needs/],
    ['events on a log of arrays', () => ['events', 'array.jsonl'], /array\.jsonl:1 is not a JSON object/],
    ['events on a binary file', () => ['events', 'binary.jsonl'], /binary\.jsonl:1 is not valid JSON/],
    ['events on an empty log', () => ['events', 'empty.jsonl'], /empty\.jsonl holds no run events/],
    ['events on a missing log', () => ['events', 'missing.jsonl'], /cannot read the event log .*missing\.jsonl: ENOENT/],
    ['events on a directory', () => ['events', 'a-directory'], /a-directory: it is not a regular file/],
    ['view --events on a garbage log', () => ['view', pipeline, '--events', 'garbage.jsonl'], /garbage\.jsonl:1 is not valid JSON/],
    ['view --events on a missing log', () => ['view', pipeline, '--events', 'missing.jsonl'], /missing\.jsonl: ENOENT/],
    ['view --events on a directory', () => ['view', pipeline, '--events', 'a-directory'], /it is not a regular file/],
    ['view --events on a port in use', () => ['view', pipeline, '--events', 'good.jsonl', '--port', String(busyPort)], () => new RegExp(`port ${busyPort} is already in use; pick another with --port`)],
    ['view --live on a port in use', () => ['view', pipeline, '--live', '--port', String(busyPort)], () => new RegExp(`port ${busyPort} is already in use`)],
    ['view --port that is not a port', () => ['view', pipeline, '--live', '--port', 'http'], /--port must be a port number from 0 to 65535 in decimal digits, got "http"/],
    ['run --events into a missing directory', () => ['run', pipeline, '--events', '/nonexistent-thund-dir/x.jsonl'], /cannot write the event log \/nonexistent-thund-dir\/x\.jsonl: ENOENT .*existing, writable directory/],
    ['run --events onto a directory', () => ['run', pipeline, '--events', 'a-directory'], /cannot write the event log .*a-directory: EISDIR/],
    ['run --events onto the pipeline document itself', () => ['run', pipeline, '--events', pipeline], /refusing to overwrite .*pipeline\.json with the event log: it holds something other than run events/],
    ['run --events onto a data file', () => ['run', pipeline, '--events', 'orders/data/orders.csv'], /refusing to overwrite .*orders\.csv/],
    ['check a missing pipeline', () => ['check', 'missing.json'], /cannot read pipeline file .*missing\.json: ENOENT/],
    ['run a folder that is not a SQL project', () => ['run', 'a-directory'], /a-directory holds no pipeline: add a pipeline document \(pipeline\.json\) or a SQL project/],
    ['plan a truncated document', () => ['plan', 'bad.json'], /THUND_VALIDATION/],
    ['check --remote with a malformed percent escape', () => ['check', pipeline, '--backend', 'spark', '--remote', 'sc://h:1/;user_id=%zz'], /invalid Spark Connect connection string .*malformed percent escape/],
    ['plan --remote with a port that is not a number', () => ['plan', pipeline, '--backend', 'spark', '--remote', 'sc://h:port'], /port "port" is not a number/],
    ['run --remote with another scheme', () => ['run', pipeline, '--backend', 'spark', '--remote', 'http://h:15002'], /must start with sc:\/\//],
    ['view --remote with an unterminated IPv6 address', () => ['view', pipeline, '--live', '--backend', 'spark', '--remote', 'sc://[::1'], /invalid Spark Connect connection string/],
    ['an unknown command', () => ['frobnicate', pipeline], /unknown command "frobnicate" \(run `thund help` for usage\)/],
    ['an unknown backend', () => ['check', pipeline, '--backend', 'flink'], /unknown backend "flink"/],
  ];

  for (const [label, args, message] of cases) {
    it.concurrent(label, async () => {
      const result = await runThund(args(), { cwd: dir });
      expect([1, 2], `exit code; stderr: ${result.stderr}`).toContain(result.code);
      expect(result.stderr).toMatch(typeof message === 'function' ? message() : message);
      expect(result.stderr.endsWith('\n')).toBe(true);
      expect(result.stderr.trimEnd().split('\n'), 'exactly one line on stderr').toHaveLength(1);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stderr).not.toMatch(/internal error|node:internal|Node\.js v\d/);
      // No data moved: the example's Parquet export was never written, and no input was overwritten.
      expect(existsSync(join(dir, 'orders', 'out'))).toBe(false);
      expect(readFileSync(join(dir, 'orders', 'pipeline.json'), 'utf8')).toBe(readFileSync(join(examples, 'orders', 'pipeline.json'), 'utf8'));
      expect(readFileSync(join(dir, 'orders', 'data', 'orders.csv'), 'utf8')).toBe(readFileSync(join(examples, 'orders', 'data', 'orders.csv'), 'utf8'));
    }, 90_000);
  }
});
