import type { Cursor } from './cursor.js';

const UNIT_MS: Readonly<Record<string, number>> = {
  MILLISECOND: 1, MILLISECONDS: 1,
  SECOND: 1_000, SECONDS: 1_000,
  MINUTE: 60_000, MINUTES: 60_000,
  HOUR: 3_600_000, HOURS: 3_600_000,
  DAY: 86_400_000, DAYS: 86_400_000,
  WEEK: 604_800_000, WEEKS: 604_800_000,
};

/** `INTERVAL 10 SECONDS`, `INTERVAL '10' SECOND`, `INTERVAL '10 seconds'`, `INTERVAL 1 MINUTE 30 SECONDS`: milliseconds. */
export function parseIntervalMs(cursor: Cursor): number {
  const start = cursor.peek();
  cursor.expectKeyword('INTERVAL');
  if (cursor.peek().kind === 'string' && !isUnit(cursor.peek(1).value)) {
    const text = cursor.next().value;
    const ms = intervalTextMs(text);
    if (ms === undefined) throw cursor.error(`'${text}' is not an interval: write it as '10 seconds' or '5 minutes'`, start);
    return ms;
  }
  let total = 0;
  do {
    const amount = cursor.next();
    if ((amount.kind !== 'number' && amount.kind !== 'string') || !/^\d+$/.test(amount.value)) throw cursor.error('expected a whole number of units in the interval', amount);
    const unit = cursor.next();
    const ms = UNIT_MS[unit.value.toUpperCase()];
    if (unit.kind !== 'word' || ms === undefined) throw cursor.error(`expected an interval unit (SECONDS, MINUTES, HOURS, DAYS, WEEKS), found "${unit.value}"`, unit);
    total += Number(amount.value) * ms;
  } while (cursor.peek().kind === 'number');
  return total;
}

function isUnit(word: string): boolean {
  return UNIT_MS[word.toUpperCase()] !== undefined;
}

/** `'10 minutes'`, `'1 hour 30 minutes'`, as Spark reads a window size: milliseconds, or `undefined`. */
export function intervalTextMs(text: string): number | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || parts.length % 2 !== 0) return undefined;
  let total = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const unit = UNIT_MS[(parts[i + 1] as string).toUpperCase()];
    if (!/^\d+$/.test(parts[i] as string) || unit === undefined) return undefined;
    total += Number(parts[i]) * unit;
  }
  return total;
}

/** Milliseconds as an IR duration (`250ms`, `10s`, `5m`, `1h`, `1d`): the largest unit that divides it. */
export function msToDuration(ms: number): string {
  for (const [unit, size] of [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1_000]] as const) {
    if (ms % size === 0 && ms > 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** The units `x + INTERVAL n unit` adds (add_interval's), singular or plural as Spark reads them. */
const ADDED_UNITS: Readonly<Record<string, string>> = Object.fromEntries(
  ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'].flatMap((unit) => [[unit, unit], [`${unit}S`, unit]]),
);

/**
 * `INTERVAL n unit` or `INTERVAL 'n' unit` after `+` or `-`: a whole,
 * possibly negative number of one unit (Spark's one-field ANSI interval).
 */
export function parseAddedInterval(cursor: Cursor): { readonly amount: number; readonly unit: string } {
  const start = cursor.peek();
  cursor.expectKeyword('INTERVAL');
  const negative = cursor.acceptSymbol('-');
  const amount = cursor.next();
  const text = amount.kind === 'number' || amount.kind === 'string' ? amount.value.trim() : '';
  if (!/^-?\d+$/.test(text)) {
    throw cursor.error(`an interval added to a date or timestamp is a whole number of one unit, e.g. INTERVAL 1 DAY or INTERVAL '2' HOUR; found ${JSON.stringify(amount.value)}`, amount.kind === 'string' ? start : amount);
  }
  const unitToken = cursor.next();
  const unit = unitToken.kind === 'word' ? ADDED_UNITS[unitToken.value.toUpperCase()] : undefined;
  if (unit === undefined) throw cursor.error(`expected an interval unit (YEAR, MONTH, DAY, HOUR, MINUTE, SECOND), found "${unitToken.value}"`, unitToken);
  if (cursor.peek().kind === 'number' || cursor.isKeyword('TO')) throw cursor.error('an interval of several units is not supported here: add each unit on its own (x + INTERVAL 1 DAY + INTERVAL 2 HOUR)', start);
  const value = Number(text) * (negative ? -1 : 1);
  if (!Number.isSafeInteger(value)) throw cursor.error(`${text} is too large an interval`, amount);
  return { amount: value, unit };
}
