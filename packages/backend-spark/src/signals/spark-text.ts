/**
 * A text Þund writes into what Spark runs and reads back out of what Spark
 * returns: a `raise_error` message, a column name. `format` and `parse`
 * stand side by side, the lowering calls one and the run's readers the
 * other, so the two cannot drift apart.
 */
export interface SparkText<Written, Read = Written> {
  /** The text for `fields`, as Þund has Spark raise or name it. */
  format(fields: Written): string;
  /** The fields a text Spark returned carries, or `undefined` when it is not this text. */
  parse(text: string): Read | undefined;
}
