import type * as arrow from 'apache-arrow';

/** One arrival of an in-memory source: plain rows, or Arrow data. */
export type MemoryBatch =
  | readonly Readonly<Record<string, unknown>>[]
  | arrow.RecordBatch
  | arrow.Table;

/**
 * In-memory streaming sources, keyed by the `path` of the `read_files` node
 * they stand in for (`readFiles('json', 'clicks')` reads source `clicks`).
 * Each item the iterable yields is one arrival, like one new file; its
 * offset (items committed) is checkpointed, so after a restart the first
 * committed items of a fresh iterable are skipped: for exactly-once across
 * restarts the iterable must replay the same items from the start.
 */
export type MemorySources = Readonly<Record<string, AsyncIterable<MemoryBatch>>>;

/** Rows of a memory batch as JSON-safe objects (bigints as numbers when safe, dates as ISO strings). */
export function memoryBatchRows(batch: MemoryBatch): Record<string, unknown>[] {
  if (Array.isArray(batch)) return (batch as readonly Readonly<Record<string, unknown>>[]).map(plainRow);
  const table = batch as arrow.RecordBatch | arrow.Table;
  return table.toArray().map((row: { toJSON(): Record<string, unknown> }) => plainRow(row.toJSON()));
}

function plainRow(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = plainValue(value);
  return out;
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}
