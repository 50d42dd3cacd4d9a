import type { Expression } from '../expr/expression.js';
import type { RelationNode } from './relation.js';

/**
 * Spark's generators, each a table of rows made from one value:
 * `explode` (a list's elements, or a map's keys and values), `posexplode`
 * (the same with each element's 0-based position first), `inline` (a list
 * of structs, one column per field).
 */
export type Generator = 'explode' | 'posexplode' | 'inline';

/** Every {@link Generator}. */
export const GENERATORS: readonly Generator[] = ['explode', 'posexplode', 'inline'];

/**
 * Spark's Generate (`LATERAL VIEW`, a generator in a SELECT list): every
 * input row joined with the rows its generator makes of `expr`, the input's
 * columns first, then the generated ones. A row whose list or map is NULL
 * or empty makes no rows, unless `outer` (`explode_outer`, `LATERAL VIEW
 * OUTER`) keeps it once with the generated columns NULL.
 */
export interface GenerateNode {
  /** Discriminant: `generate`. */
  readonly kind: 'generate';
  /** The rows each generator runs on. */
  readonly input: RelationNode;
  /** Which generator. */
  readonly generator: Generator;
  /** The list (or map, for `explode`/`posexplode`) it runs on, over the input's columns. */
  readonly expr: Expression;
  /** Keep rows whose list or map is NULL or empty, once, with NULL generated columns. Default `false`. */
  readonly outer?: boolean;
  /**
   * Names of the generated columns, in order. Default: Spark's (`col`, or
   * `key` and `value` for a map; `pos` first for `posexplode`; the struct's
   * field names for `inline`).
   */
  readonly names?: readonly string[];
}

/** Type guard and factory for {@link GenerateNode} plan nodes. */
export const GenerateNode = Object.freeze({
  /** Whether a relation node is a generate relation (by its `kind`); narrows the type. */
  is(node: { readonly kind: string }): node is GenerateNode {
    return node.kind === 'generate';
  },
  /** A frozen generate relation node. */
  create(input: RelationNode, generator: Generator, expr: Expression, options: { readonly outer?: boolean; readonly names?: readonly string[] } = {}): GenerateNode {
    return Object.freeze({
      kind: 'generate',
      input,
      generator,
      expr,
      ...(options.outer === true ? { outer: true } : {}),
      ...(options.names === undefined ? {} : { names: Object.freeze([...options.names]) }),
    });
  },
});
