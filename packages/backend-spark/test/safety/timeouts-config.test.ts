import { describe, expect, it } from 'vitest';
import { ThundError } from '@thund/ir';
import { DEFAULT_CONNECT_TIMEOUTS } from '../../src/index.js';
import { resolveConfig } from '../../src/spark-config.js';

describe('backend config: timeouts', () => {
  it('defaults: connect 30 s, unary calls 60 s, a keepalive ping every 30 s answered within 20 s', () => {
    expect(resolveConfig({}).timeouts).toEqual({ connectMs: 30_000, unaryMs: 60_000, keepaliveMs: 30_000, keepaliveTimeoutMs: 20_000 });
    expect(DEFAULT_CONNECT_TIMEOUTS).toEqual(resolveConfig({}).timeouts);
  });

  it('each value can be set alone; the others keep their defaults', () => {
    expect(resolveConfig({ timeouts: { connectMs: 500 } }).timeouts).toEqual({ ...DEFAULT_CONNECT_TIMEOUTS, connectMs: 500 });
    expect(resolveConfig({ timeouts: { unaryMs: 1_000, keepaliveMs: 60_000 } }).timeouts).toMatchObject({ unaryMs: 1_000, keepaliveMs: 60_000, connectMs: 30_000 });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])('a value that is not a usable number of milliseconds (%s) is THUND_VALIDATION naming the option', (value) => {
    const error = (() => {
      try {
        resolveConfig({ timeouts: { connectMs: value } });
        return undefined;
      } catch (reason) {
        return reason;
      }
    })();
    expect(error).toBeInstanceOf(ThundError);
    expect((error as ThundError).code).toBe('THUND_VALIDATION');
    expect((error as ThundError).message).toMatch(/timeouts\.connectMs: .*positive number of milliseconds/);
  });
});
