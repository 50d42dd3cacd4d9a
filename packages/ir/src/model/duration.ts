/**
 * A duration written as a number and a unit, e.g. `250ms`, `10s`, `5m`,
 * `1h`, `1d`. Kept as a string in the IR so documents stay readable.
 */
export type Duration = string;

export const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Whether a string is a valid {@link Duration} (`<integer><ms|s|m|h|d>`). */
export function isDuration(value: string): boolean {
  return DURATION_PATTERN.test(value);
}

/** Milliseconds in a duration, or `undefined` if it is not one. */
export function durationToMs(value: Duration): number | undefined {
  const match = DURATION_PATTERN.exec(value);
  if (match === null) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}
