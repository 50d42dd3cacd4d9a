import type { Expectation, ExpectationAction } from '../model/expectation.js';
import { type ExprInput, toExpression } from '../plan/builder/expr.js';

/** `expect('positive_amount', col('amount').gt(0), 'drop')`. Default action is `warn`. */
export function expect(name: string, predicate: ExprInput, action: ExpectationAction = 'warn'): Expectation {
  return Object.freeze({ name, predicate: toExpression(predicate), action });
}
