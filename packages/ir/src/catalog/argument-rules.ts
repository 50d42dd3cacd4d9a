import { isFloat } from '../infer/type-algebra.js';
import { dataTypeLabel } from '../model/data-type.js';
import type { ArgumentRule, CallArgument } from './function-signature.js';

/** The literal string of an argument, or `undefined` when it is not a plain string literal. */
export function literalString(arg: CallArgument | undefined): string | undefined {
  return arg !== undefined && arg.node.kind === 'literal' && arg.node.type === undefined && typeof arg.node.value === 'string' ? arg.node.value : undefined;
}

/** Refuses a literal argument at `index` whose value `accept` turns down, saying which values it takes. */
export function literalIn(index: number, accept: (value: string) => boolean, what: string): ArgumentRule {
  return (args) => {
    const value = literalString(args[index]);
    if (value === undefined || accept(value)) return undefined;
    return `${JSON.stringify(value)} is not ${what}`;
  };
}

/**
 * Refuses float and double arguments of a function that turns its
 * arguments into text: Spark prints a double with Java's Double.toString
 * (1.0E-10, 9.007199254740992E15), which no other engine reproduces.
 */
export const noFloatText: ArgumentRule = (args) => {
  const float = args.findIndex((a) => a.type !== null && a.type !== undefined && (isFloat(a.type) || a.type === 'binary'));
  if (float < 0) return undefined;
  const type = args[float]?.type;
  return `argument ${float + 1} is ${type === null || type === undefined ? '' : dataTypeLabel(type)}, which Spark turns into text its own way (Java's Double.toString, raw bytes): cast it to a decimal or a string first`;
};
