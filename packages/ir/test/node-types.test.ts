import { describe, expectTypeOf, it } from 'vitest';
import type { DataTypeDocument, ExpressionDocument, RelationDocument } from '../src/document/schema.js';
import type { DataType, EXPRESSION_FIELDS, Expression, ExpressionKind, RELATION_FIELDS, RelationKind, RelationNode } from '../src/index.js';
import type { ChildFieldKeys } from '../src/plan/node-fields.js';

// Type-level tests: `pnpm typecheck` compiles them (vitest runs them as no-ops).

/** Zod's output with its arrays made readonly, as the IR types declare them (property readonly-ness does not affect assignability). */
type ReadonlyArrays<T> = T extends readonly (infer E)[] ? readonly ReadonlyArrays<E>[]
  : T extends RelationNode | Expression ? T
    : T extends object ? { [K in keyof T]: ReadonlyArrays<T[K]> }
      : T;
type Frozen<T> = T extends unknown ? { [K in keyof T]: ReadonlyArrays<T[K]> } : never;

/** Each kind's field names, so a field one side lacks (even an optional one) is caught. */
type KeysByKind<U extends { kind: string }> = { [K in U['kind']]: keyof Extract<U, { kind: K }> };

describe('the zod schema and the IR node types agree, both ways', () => {
  it('relations', () => {
    expectTypeOf<RelationDocument>().toExtend<RelationNode>();
    expectTypeOf<RelationNode>().toExtend<Frozen<RelationDocument>>();
    expectTypeOf<KeysByKind<RelationDocument>>().toEqualTypeOf<KeysByKind<RelationNode>>();
  });

  it('expressions', () => {
    expectTypeOf<ExpressionDocument>().toExtend<Expression>();
    expectTypeOf<Expression>().toExtend<Frozen<ExpressionDocument>>();
    expectTypeOf<KeysByKind<ExpressionDocument>>().toEqualTypeOf<KeysByKind<Expression>>();
  });

  it('data types', () => {
    expectTypeOf<DataTypeDocument>().toExtend<DataType>();
    expectTypeOf<DataType>().toExtend<Frozen<DataTypeDocument>>();
  });
});

type Described<D> = D extends readonly (infer S)[] ? (S extends { readonly field: infer F } ? F : never) : never;
type Relation<K extends RelationKind> = Extract<RelationNode, { kind: K }>;
type ExpressionOf<K extends ExpressionKind> = Extract<Expression, { kind: K }>;

/** Per kind, the fields holding child nodes that the description leaves out (`never` when none). */
type UndescribedRelationFields = {
  [K in RelationKind]: Exclude<
    ChildFieldKeys<Relation<K>, RelationNode> | ChildFieldKeys<Relation<K>, Expression>,
    Described<(typeof RELATION_FIELDS)[K]['inputs']> | Described<(typeof RELATION_FIELDS)[K]['expressions']>
  >;
};
type UndescribedExpressionFields = {
  [K in ExpressionKind]: Exclude<ChildFieldKeys<ExpressionOf<K>, Expression>, Described<(typeof EXPRESSION_FIELDS)[K]>>;
};

describe('every field holding child nodes is described', () => {
  it('relations', () => {
    expectTypeOf<UndescribedRelationFields[RelationKind]>().toEqualTypeOf<never>();
    expectTypeOf<keyof typeof RELATION_FIELDS>().toEqualTypeOf<RelationKind>();
  });

  it('expressions', () => {
    expectTypeOf<UndescribedExpressionFields[ExpressionKind]>().toEqualTypeOf<never>();
    expectTypeOf<keyof typeof EXPRESSION_FIELDS>().toEqualTypeOf<ExpressionKind>();
  });
});
