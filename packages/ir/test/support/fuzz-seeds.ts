/**
 * The seeds property tests run with. A copy of `fuzzSeeds` in
 * @thund/backend-testkit (src/generate/fuzz-seeds.ts), which this package
 * cannot depend on (the testkit depends on it); keep the two alike.
 */

/** The seed property tests use by default, so CI and a fresh clone run the same cases. */
export const FIXED_FUZZ_SEED = 20261203;

/** Where `fuzzSeeds` reads its switches; `process.env` by default. */
export type FuzzEnv = Readonly<Record<string, string | undefined>>;

/**
 * The seeds a property test runs with (pass each to fast-check as `seed`).
 * Always `fixed`, so the default run is deterministic. Opt in to more:
 *
 * - `THUND_FUZZ_RANDOM=1` adds a random seed, printed with `console.log`
 *   so a failure it finds can be replayed;
 * - `THUND_FUZZ_SEED=<n>` adds seed `n` (the replay).
 *
 * A failure a seed finds is a bug to fix, never a seed to change.
 */
export function fuzzSeeds(fixed: number = FIXED_FUZZ_SEED, env: FuzzEnv = process.env): number[] {
  const replay = env['THUND_FUZZ_SEED'];
  if (replay !== undefined && replay !== '') {
    const seed = Number(replay);
    if (!Number.isSafeInteger(seed)) throw new Error(`THUND_FUZZ_SEED must be an integer seed, got "${replay}"`);
    return [fixed, seed];
  }
  if (env['THUND_FUZZ_RANDOM'] !== '1') return [fixed];
  const seed = Math.floor(Math.random() * 2 ** 31);
  console.log(`fuzz: random seed ${seed} (replay a failure with THUND_FUZZ_SEED=${seed})`);
  return [fixed, seed];
}
