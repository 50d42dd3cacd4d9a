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
    [['check'], '"thund check" needs a pipeline file'],
    [['check', 'a.json', 'b.json'], 'unexpected argument: b.json'],
    [['check', 'a.json', '--colour'], "Unknown option '--colour'"],
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
});
