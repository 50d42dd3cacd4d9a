import type { Expression } from '../plan/expr/expression.js';

/** What happens to a row that fails an expectation. */
export type ExpectationAction = 'warn' | 'drop' | 'fail';

/** Every {@link ExpectationAction}. */
export const EXPECTATION_ACTIONS: readonly ExpectationAction[] = ['warn', 'drop', 'fail'];

/** A named data-quality rule checked on every row a flow writes. */
export interface Expectation {
  /** Name of the rule, unique within its flow; reported in events and errors. */
  readonly name: string;
  /** True for a good row. A null result counts as a failure. */
  readonly predicate: Expression;
  /** `warn` keeps failing rows and counts them, `drop` removes them, `fail` stops the flow. */
  readonly action: ExpectationAction;
}
