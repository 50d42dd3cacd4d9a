import type { Expression as IrExpression } from '@thund/ir';
import { type ExprInit, call } from '../expr-init.js';

/** Lowers the lowered arguments of one cataloged function to a Spark Connect expression. */
export type FunctionLowering = (args: readonly ExprInit[], nodes: readonly IrExpression[]) => ExprInit;

/** How one cataloged function maps to Spark, and the first Spark version that has it. */
export interface SparkFunction {
  /** Builds the Spark Connect expression of a call from its lowered arguments (and their IR nodes). */
  readonly lower: FunctionLowering;
  /** `major.minor`; the function is advertised only on servers at least this new. */
  readonly since: string;
  /**
   * The Spark type the result is cast to, where Spark's own result type is
   * not the catalog's.
   */
  readonly resultType?: string;
}

/** Spark's function of this name, arguments unchanged. */
export const same = (name: string, since = '3.0'): SparkFunction => ({ since, lower: (args) => call(name, args) });
/** A lowering of its own. */
export const as = (lower: FunctionLowering, since = '3.0'): SparkFunction => ({ since, lower });
