import type { SparkText } from './spark-text.js';

const MARKER = /thund schema: column "((?:[^"\\]|\\.)*)" of dataset "((?:[^"\\]|\\.)*)" is NOT NULL/;

/** A column declared NOT NULL, by dataset. */
export interface NotNullColumn {
  /** The column's name. */
  readonly column: string;
  /** The dataset that declares it. */
  readonly dataset: string;
}

/**
 * The `raise_error` message of a NULL in a column declared NOT NULL
 * (`lower/output-shape.ts`), and the column it names, read out of Spark's
 * USER_RAISED_EXCEPTION message.
 */
export const notNullMarker: SparkText<NotNullColumn> = {
  format: ({ column, dataset }) => `thund schema: column "${column}" of dataset "${dataset}" is NOT NULL but a row has NULL`,
  parse: (text) => {
    const match = MARKER.exec(text);
    return match === null ? undefined : { column: match[1] as string, dataset: match[2] as string };
  },
};
