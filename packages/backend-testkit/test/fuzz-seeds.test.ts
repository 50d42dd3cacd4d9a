import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIXED_FUZZ_SEED, fuzzSeeds } from '../src/index.js';

describe('fuzzSeeds', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the fixed seed alone by default, in CI or not', () => {
    expect(fuzzSeeds(undefined, {})).toEqual([FIXED_FUZZ_SEED]);
    expect(fuzzSeeds(7, { CI: 'true' })).toEqual([7]);
    expect(fuzzSeeds(7, { THUND_FUZZ_RANDOM: '0' })).toEqual([7]);
  });

  it('adds a random seed with THUND_FUZZ_RANDOM=1 and prints it for a replay', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const seeds = fuzzSeeds(7, { THUND_FUZZ_RANDOM: '1' });
    expect(seeds).toHaveLength(2);
    expect(seeds[0]).toBe(7);
    expect(Number.isSafeInteger(seeds[1])).toBe(true);
    expect(log).toHaveBeenCalledWith(`fuzz: random seed ${seeds[1]} (replay a failure with THUND_FUZZ_SEED=${seeds[1]})`);
  });

  it('replays THUND_FUZZ_SEED after the fixed seed, and rejects a seed that is not an integer', () => {
    expect(fuzzSeeds(7, { THUND_FUZZ_SEED: '42', THUND_FUZZ_RANDOM: '1' })).toEqual([7, 42]);
    expect(() => fuzzSeeds(7, { THUND_FUZZ_SEED: 'abc' })).toThrow(/THUND_FUZZ_SEED must be an integer seed, got "abc"/);
  });
});
