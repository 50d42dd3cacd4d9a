import type { SparkText } from './spark-text.js';

const MARKER = /thund expectation "((?:[^"\\]|\\.)*)" failed/;

/**
 * The `raise_error` message of a row failing a `fail` expectation
 * (`lower/expectations.ts`), and the expectation it names, read out of
 * Spark's USER_RAISED_EXCEPTION message.
 */
export const expectationMarker: SparkText<{ readonly expectation: string; readonly flow: string }, { readonly expectation: string }> = {
  format: ({ expectation, flow }) => `thund expectation "${expectation}" failed: a row written by flow "${flow}" does not satisfy it`,
  parse: (text) => {
    const expectation = MARKER.exec(text)?.[1];
    return expectation === undefined ? undefined : { expectation };
  },
};

/** The expectation a Spark error message says failed, if it is one of ours. */
export function failedExpectation(message: string): string | undefined {
  return expectationMarker.parse(message)?.expectation;
}
