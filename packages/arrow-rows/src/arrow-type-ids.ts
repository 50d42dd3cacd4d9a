/**
 * The Arrow format's type ids and time units (its Schema.fbs), the values
 * of apache-arrow's `Type` and `TimeUnit` enums that this package reads.
 * Held here so that importing this package does not load apache-arrow
 * (~150 modules, about 80 ms of a command's start-up): whoever hands it a
 * table has loaded apache-arrow already. `arrow-type-ids.test.ts` checks
 * each value against apache-arrow's own enums.
 */
export const ArrowType = {
  Int: 2, Float: 3, Binary: 4, Utf8: 5, Bool: 6, Decimal: 7, Date: 8, Timestamp: 10, List: 12, Struct: 13, FixedSizeList: 16, Map: 17, LargeBinary: 19,
  LargeUtf8: 20, LargeList: 21,
} as const;

/** Arrow's time units, as apache-arrow's `TimeUnit` enum numbers them. */
export const ArrowTimeUnit = { SECOND: 0, MILLISECOND: 1, MICROSECOND: 2, NANOSECOND: 3 } as const;

/** One of {@link ArrowTimeUnit}'s values. */
export type ArrowTimeUnitId = (typeof ArrowTimeUnit)[keyof typeof ArrowTimeUnit];
