import { type AggregateNode, type Expression, outputName } from '@thund/ir';
import { ExpressionCompiler } from '../compile/expression-compiler.js';
import { quoteIdentifier } from '../compile/sql-text.js';

/**
 * An aggregate split into partial aggregates computed per micro-batch and
 * a merge over the partials of all micro-batches (e.g. `avg` = merged sum /
 * merged count). Only functions whose result does not depend on how rows
 * were split qualify.
 */
export interface DecomposedAggregate {
  /** Partial columns: `[name, SQL over input rows]`. */
  readonly partials: readonly (readonly [string, string])[];
  /** The final value over the partial columns of the state table, with its output alias. */
  readonly merge: string;
}

export interface DecomposedAggregation {
  /** Group keys as `[state column, SQL over input rows, output name]`. */
  readonly keys: readonly (readonly [string, string, string])[];
  readonly aggregates: readonly DecomposedAggregate[];
}

const q = quoteIdentifier;

/** The aggregation split into partials, or `undefined` if some aggregate cannot be (then rows are buffered). */
export function decomposeAggregation(node: AggregateNode): DecomposedAggregation | undefined {
  const compiler = new ExpressionCompiler();
  const keys: (readonly [string, string, string])[] = [];
  for (const [i, key] of node.groupBy.entries()) {
    const name = outputName(key);
    if (name === undefined) return undefined;
    keys.push([`__g${i}`, compiler.compileUnaliased(key), name]);
  }
  const aggregates: DecomposedAggregate[] = [];
  for (const [i, aggregate] of node.aggregates.entries()) {
    const decomposed = decompose(aggregate, `__p${i}`, compiler);
    if (decomposed === undefined) return undefined;
    aggregates.push(decomposed);
  }
  return { keys, aggregates };
}

function decompose(node: Expression, prefix: string, compiler: ExpressionCompiler): DecomposedAggregate | undefined {
  const name = outputName(node);
  const call = node.kind === 'alias' ? node.expr : node;
  if (name === undefined || call.kind !== 'call' || call.args.some((a) => a.kind === 'star' && call.name !== 'count')) return undefined;
  const args = call.args.filter((a) => a.kind !== 'star').map((a) => compiler.compile(a));
  const p = q(prefix);
  const as = `AS ${q(name)}`;
  switch (call.name) {
    case 'count':
      return { partials: [[prefix, args.length === 0 ? 'count(*)' : `count(${args.join(', ')})`]], merge: `CAST(coalesce(sum(${p}), 0) AS BIGINT) ${as}` };
    case 'sum':
      return args.length === 1 ? { partials: [[prefix, `sum(${args[0]})`]], merge: `sum(${p}) ${as}` } : undefined;
    case 'min':
    case 'max':
      return args.length === 1 ? { partials: [[prefix, `${call.name}(${args[0]})`]], merge: `${call.name}(${p}) ${as}` } : undefined;
    case 'avg':
      return args.length === 1
        ? { partials: [[`${prefix}s`, `sum(${args[0]})`], [`${prefix}c`, `count(${args[0]})`]], merge: `CAST(sum(${q(`${prefix}s`)}) AS DOUBLE) / nullif(sum(${q(`${prefix}c`)}), 0) ${as}` }
        : undefined;
    default:
      return undefined;
  }
}
