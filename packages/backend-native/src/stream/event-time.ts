import { type Duration, type ElementRef, type Flow, ThundError, ThundErrorCode, type Watermark, durationToMs } from '@thund/ir';
import { quoteIdentifier } from '../compile/sql-text.js';

/** Microseconds in a duration of the IR (`10s`, `5m`). */
export function durationUs(duration: Duration, element: ElementRef): number {
  const ms = durationToMs(duration);
  if (ms === undefined) throw new ThundError(ThundErrorCode.Validation, `"${duration}" is not a duration (e.g. 250ms, 10s, 5m, 1h, 1d)`, { backend: 'native', element });
  return ms * 1000;
}

/** An event-time column as µs since 1970 (BIGINT). */
export function eventTimeUs(column: string): string {
  return `epoch_us(CAST(${quoteIdentifier(column)} AS TIMESTAMP))`;
}

/** µs since 1970 back to a TIMESTAMP. */
export function timestampOfUs(sql: string): string {
  return `make_timestamp(${sql})`;
}

/** A watermark in µs as RFC 3339 (for events). */
export function watermarkText(us: number | undefined): string | undefined {
  return us === undefined ? undefined : new Date(Math.floor(us / 1000)).toISOString();
}

/**
 * The watermark after a micro-batch: the largest event time seen minus the
 * allowed lateness, never moving backwards. A flow reads one streaming
 * source, so the minimum across inputs is that source's watermark.
 */
export function advanceWatermark(previous: number | undefined, maxEventUs: number | undefined, watermark: Watermark | undefined, element: ElementRef): number | undefined {
  if (watermark === undefined || maxEventUs === undefined) return previous;
  const candidate = maxEventUs - durationUs(watermark.delay, element);
  return previous === undefined ? candidate : Math.max(previous, candidate);
}

/** The predicate keeping rows that are not late: event time known and not before the watermark. */
export function onTime(column: string, watermarkUs: number | undefined): string {
  return onTimeUs(eventTimeUs(column), watermarkUs);
}

/** `onTime` over an event time already in µs (SQL). */
export function onTimeUs(timeUs: string, watermarkUs: number | undefined): string {
  return watermarkUs === undefined ? `${timeUs} IS NOT NULL` : `${timeUs} >= ${watermarkUs}`;
}

/** Rows of a micro-batch table, how many are on time, and their largest event time. */
export async function batchStats(
  rowsJson: (sql: string) => Promise<Record<string, unknown>[]>,
  table: string,
  column: string,
  watermarkUs: number | undefined,
): Promise<{ readonly rowsRead: number; readonly accepted: number; readonly maxUs: number | undefined }> {
  const [row] = await rowsJson(`SELECT count(*) AS n, count(*) FILTER (WHERE ${onTime(column, watermarkUs)}) AS ok, max(${eventTimeUs(column)}) AS mx FROM ${table}`);
  const max = row?.['mx'];
  return { rowsRead: Number(row?.['n'] ?? 0), accepted: Number(row?.['ok'] ?? 0), maxUs: max === null || max === undefined ? undefined : Number(max) };
}

/** The column a flow's window is over: its own, else the watermark's; `undefined` without a window. */
export function windowColumnOf(flow: Flow): string | undefined {
  return flow.window === undefined ? undefined : (flow.window.column ?? flow.watermark?.column);
}
