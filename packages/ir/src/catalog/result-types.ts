import { boundedDecimal, commonType, isDecimal, isInteger, isNumeric } from '../infer/type-algebra.js';
import type { DataType } from '../model/data-type.js';
import { type ArgumentFacts, type TypeRule, typeRule } from './type-rule.js';

/** `null` is an untyped NULL: it takes any other type it meets. */
type Inferred = DataType | null | undefined;

const ordinal = (i: number): string => `argument ${i + 1}`;

/** Folds types with `combine`, NULLs taking the other side's type; `undefined` as soon as one is unknown. */
export function widenTypes(types: readonly Inferred[], combine: (a: DataType, b: DataType) => DataType | undefined): Inferred {
  let result: Inferred = null;
  for (const t of types) {
    if (t === undefined) return undefined;
    if (t === null) continue;
    result = result === null ? t : combine(result, t);
    if (result === undefined) return undefined;
  }
  return result;
}

/** The type of one argument (0-based). */
export function sameAs(index: number): TypeRule {
  return typeRule(`the type of ${ordinal(index)}`, (args) => args[index]?.type);
}

/** The common type of the arguments at these positions (0-based), or of every argument when none are given. */
export function commonOf(...indexes: number[]): TypeRule {
  const text = indexes.length === 0 ? 'the common type of its arguments' : `the common type of arguments ${indexes.map((i) => i + 1).join(' and ')}`;
  const rule = typeRule(text, (args) => widenTypes((indexes.length === 0 ? args : indexes.map((i) => args[i])).map((a) => a?.type), commonType));
  return Object.freeze({ ...rule, common: indexes.length === 0 ? 'all' as const : Object.freeze([...indexes]) });
}

/** A function of one numeric argument's type: `undefined` for an unknown or non-numeric type, `null` for NULL. */
function numericRule(text: string, of: (t: DataType) => DataType | undefined, index = 0): TypeRule {
  return typeRule(text, (args) => {
    const t = args[index]?.type;
    if (t === null || t === undefined) return t;
    return isNumeric(t) ? of(t) : undefined;
  });
}

/** `sum`: integers sum to int64, a decimal(p,s) to decimal(p+10,s), floats to float64. */
export const SUM_TYPE: TypeRule = numericRule('int64 for integers, decimal(p+10,s) for decimal(p,s), else float64', (t) => {
  if (isInteger(t)) return 'int64';
  if (isDecimal(t)) return boundedDecimal(Math.min(38, t.precision + 10), t.scale);
  return 'float64';
});

/** The digits a literal argument gives (an integer literal), else `fallback`. */
function literalDigits(arg: ArgumentFacts | undefined, fallback: number): number | undefined {
  if (arg === undefined) return fallback;
  return typeof arg.literal === 'number' && Number.isInteger(arg.literal) ? arg.literal : undefined;
}

/**
 * `round`/`bround`: an integer or float keeps its type; a decimal(p,s)
 * rounded to d digits is decimal(p-s+1+max(d,0) bounded, max(min(d,s),0))
 * (Spark: one more integral digit for the carry).
 */
export const ROUND_TYPE: TypeRule = typeRule('the type of argument 1; a decimal(p,s) rounded to d ≥ 0 digits is decimal(p-s+1+min(d,s), min(d,s)), to d < 0 digits decimal(max(p-s+1, 1-d), 0)', (args) => {
  const t = args[0]?.type;
  if (t === null || t === undefined) return t;
  if (!isNumeric(t)) return undefined;
  if (!isDecimal(t)) return t;
  const digits = literalDigits(args[1], 0);
  if (digits === undefined) return undefined;
  const integral = t.precision - t.scale + 1;
  if (digits < 0) return { type: 'decimal', precision: Math.min(38, Math.max(integral, 1 - digits)), scale: 0 };
  const scale = Math.min(digits, t.scale);
  return { type: 'decimal', precision: Math.min(38, integral + scale), scale };
});

/** `floor`/`ceil`: int64 for integers and floats, decimal(p-s+1,0) for decimal(p,s). */
export const FLOOR_TYPE: TypeRule = numericRule('int64; decimal(p-s+1,0) for decimal(p,s)', (t) => (isDecimal(t) ? { type: 'decimal', precision: Math.min(38, t.precision - t.scale + 1), scale: 0 } : 'int64'));

/** `avg`: float64; decimal(p+4,s+4) for decimal(p,s). */
export const AVG_TYPE: TypeRule = numericRule('float64; decimal(p+4,s+4) for decimal(p,s)', (t) => (isDecimal(t) ? boundedDecimal(t.precision + 4, t.scale + 4) : 'float64'));

/** A rule whose arguments must also share a type (validation refuses those that have none), though the result is not their common type. */
export function withCommonArguments(rule: TypeRule): TypeRule {
  return Object.freeze({ ...rule, common: 'all' as const });
}
