import type { Expression } from '../plan/expr/expression.js';

/** What happens to a row that fails an expectation. */
export type ExpectationAction = 'warn' | 'drop' | 'fail';

export const EXPECTATION_ACTIONS: readonly ExpectationAction[] = ['warn', 'drop', 'fail'];

/** A named data-quality rule checked on every row a flow writes. */
export interface Expectation {
  readonly name: string;
  /** True for a good row. A null result counts as a failure. */
  readonly predicate: Expression;
  readonly action: ExpectationAction;
}
