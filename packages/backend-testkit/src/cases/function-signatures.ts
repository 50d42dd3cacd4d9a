import { type ArgumentClass, type DataType, FUNCTION_CATALOG, type FunctionName, type FunctionSignature, type LiteralValue, dataTypeLabel } from '@thund/ir';
import type fc from 'fast-check';
import { FUNCTION_INPUTS } from './function-input-specs.js';
import { type InputValue, edgesOf, moderateValuesOf, valuesOf } from './function-inputs.js';

/** One argument of a signature under test: a column of generated values, or a literal written in the plan. */
export type ArgumentSpec =
  | {
      /** The column's type. */
      readonly column: DataType;
      /** Its values (default: every value of the type, edges first; see `valuesOf`). */
      readonly values?: fc.Arbitrary<InputValue>;
      /** Values tried before random ones (default: the type's edges, or only NULL with custom `values`). */
      readonly edges?: readonly InputValue[];
    }
  | {
      /** The literal's value. */
      readonly literal: LiteralValue;
      /** Its type, when it is a typed literal. */
      readonly type?: DataType;
    };

/** One signature of a function under test: concrete argument types (and literals). */
export interface SignatureUnderTest {
  /** The function. */
  readonly name: FunctionName;
  /** Where it is called: a projection, an aggregation or a window. */
  readonly kind: FunctionSignature['kind'];
  /** Its arguments. */
  readonly args: readonly ArgumentSpec[];
  /** `name(int32, 'yyyy-MM-dd')`: the signature as the test names it. */
  readonly label: string;
  /** Windows: order by a column with ties (`peers`, for ranks) or by a unique key (`unique`, default). */
  readonly order: 'peers' | 'unique';
}

/**
 * How a function's signatures are tested, where the catalog's argument
 * classes do not say it all: the literals to try (by argument position),
 * values for a column (by position), or the whole list of signatures.
 */
export interface FunctionInputs {
  /** Replaces the signatures derived from the catalog. */
  readonly signatures?: readonly (readonly ArgumentSpec[])[];
  /** Literal values for a literal argument, by position (default: 0, 1 and 2 for integers). */
  readonly literals?: Readonly<Record<number, readonly LiteralValue[]>>;
  /** Values for a column argument, by position (default: every value of its type). */
  readonly values?: Readonly<Record<number, fc.Arbitrary<InputValue>>>;
  /** Edge values for a column argument, by position, tried first. */
  readonly edges?: Readonly<Record<number, readonly InputValue[]>>;
  /** Column types for an argument, by position, in place of its class's. */
  readonly types?: Readonly<Record<number, readonly DataType[]>>;
  /** Windows: whether the order has ties. */
  readonly order?: 'peers' | 'unique';
  /** Numbers of moderate size only (floating-point sums, whose result depends on the order of rows, stay within rounding). */
  readonly moderate?: true;
  /** Arities to test (default: the fewest, and each more up to two beyond). */
  readonly arities?: readonly number[];
}

const DECIMAL: DataType = { type: 'decimal', precision: 10, scale: 2 };
const ZONED: DataType = { type: 'timestamp', unit: 'us', timezone: 'UTC' };

/** The column types each argument class is tested with. */
export const CLASS_TYPES: Readonly<Record<Exclude<ArgumentClass, `${string}_literal`>, readonly DataType[]>> = {
  any: ['int32', 'float64', 'utf8', 'date32', 'timestamp', ZONED, 'bool'],
  numeric: ['int32', 'int64', 'float64', DECIMAL],
  integer: ['int32', 'int64'],
  string: ['utf8'],
  string_or_binary: ['utf8', 'binary'],
  boolean: ['bool'],
  temporal: ['date32', 'timestamp', ZONED],
  temporal_or_string: ['date32', 'timestamp', ZONED, 'utf8'],
};

const DEFAULT_LITERALS: Readonly<Partial<Record<ArgumentClass, readonly LiteralValue[]>>> = {
  integer_literal: [0, 1, 2],
  numeric_literal: [0.5],
};

function arities(signature: FunctionSignature, inputs: FunctionInputs): number[] {
  if (inputs.arities !== undefined) return [...inputs.arities];
  const most = signature.maxArgs ?? signature.minArgs + 2;
  return Array.from({ length: Math.min(most, signature.minArgs + 2) - signature.minArgs + 1 }, (_, i) => signature.minArgs + i);
}

/** The candidates of each argument position: column specs or literal specs. */
function candidates(signature: FunctionSignature, inputs: FunctionInputs, arity: number): ArgumentSpec[][] {
  return Array.from({ length: arity }, (_, i) => {
    const cls = signature.args[Math.min(i, signature.args.length - 1)] ?? 'any';
    if (cls.endsWith('_literal')) {
      const values = inputs.literals?.[i] ?? DEFAULT_LITERALS[cls];
      if (values === undefined) throw new Error(`${signature.name}: argument ${i + 1} is a ${cls}; give its literals in FUNCTION_INPUTS`);
      return values.map((literal) => ({ literal }));
    }
    const types = inputs.types?.[i] ?? CLASS_TYPES[cls as keyof typeof CLASS_TYPES];
    const values = inputs.values?.[i];
    const edges = inputs.edges?.[i];
    if (values === undefined && inputs.moderate === true) return types.map((column) => ({ column, values: moderateValuesOf(column) }));
    return types.map((column) => ({ column, ...(values === undefined ? {} : { values }), ...(edges === undefined ? {} : { edges }) }));
  });
}

/**
 * Combinations of the candidates: every one while there are at most 16;
 * beyond, each candidate of each position once with the others at their
 * first, and arguments of the `any` class together (one type for all).
 */
function combinations(positions: readonly ArgumentSpec[][], sameType: boolean): ArgumentSpec[][] {
  if (positions.length === 0) return [[]];
  if (sameType) {
    const width = Math.max(...positions.map((p) => p.length));
    return Array.from({ length: width }, (_, k) => positions.map((p) => p[Math.min(k, p.length - 1)] as ArgumentSpec));
  }
  const all = positions.reduce<ArgumentSpec[][]>((acc, p) => acc.flatMap((prefix) => p.map((c) => [...prefix, c])), [[]]);
  if (all.length <= 16) return all;
  const first = positions.map((p) => p[0] as ArgumentSpec);
  return positions.flatMap((p, i) => p.map((c, k) => (k === 0 && i > 0 ? undefined : first.map((f, j) => (j === i ? c : f))))).filter((c): c is ArgumentSpec[] => c !== undefined);
}

function argumentLabel(arg: ArgumentSpec): string {
  if ('column' in arg) return dataTypeLabel(arg.column);
  return typeof arg.literal === 'string' ? `'${arg.literal}'` : String(arg.literal);
}

/** Every signature the differential tests of one function. */
export function signaturesOf(signature: FunctionSignature<FunctionName>): SignatureUnderTest[] {
  const inputs = FUNCTION_INPUTS[signature.name];
  const lists = inputs.signatures ?? arities(signature, inputs).flatMap((n) => {
    const sameType = signature.args.every((c) => c === 'any' || c.endsWith('_literal')) && signature.returns.common !== undefined;
    return combinations(candidates(signature, inputs, n), sameType);
  });
  return lists.map((args) => ({
    name: signature.name,
    kind: signature.kind,
    args,
    label: `${signature.name}(${args.map(argumentLabel).join(', ')})`,
    order: inputs.order ?? 'unique',
  }));
}

/** Every signature of every cataloged function. */
export function catalogSignatures(): SignatureUnderTest[] {
  return FUNCTION_CATALOG.flatMap((f) => signaturesOf(f));
}

/** The values of a column argument: its own, or every value of its type. */
export function argumentValues(arg: Extract<ArgumentSpec, { column: DataType }>): fc.Arbitrary<InputValue> {
  return arg.values ?? valuesOf(arg.column);
}

/** The edge values of a column argument, tried before random ones: its own `edges`, else its type's (none for custom values). */
export function argumentEdges(arg: Extract<ArgumentSpec, { column: DataType }>): readonly InputValue[] {
  return arg.edges ?? (arg.values === undefined ? edgesOf(arg.column) : [null]);
}
