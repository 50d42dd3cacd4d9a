import type { SparkText } from './spark-text.js';

/** The column of an expectation count (`expectationCounts`, `observeExpectations`) holding the rows counted. */
export const TOTAL_COUNT_COLUMN = '__total';

/**
 * The column of an expectation count holding the rows failing the
 * expectation at `index` of the flow's list; Spark hands it back as a key
 * of each micro-batch's observed metrics.
 */
export const failedCountColumn: SparkText<number> = {
  format: (index) => `__failed_${index}`,
  parse: (text) => {
    const index = /^__failed_(\d+)$/.exec(text)?.[1];
    return index === undefined ? undefined : Number(index);
  },
};
