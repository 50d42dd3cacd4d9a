/**
 * Where a plan node keeps its child nodes, described once per node kind
 * (`RELATION_FIELDS` in `rel/relation.ts`, `EXPRESSION_FIELDS` in
 * `expr/expression.ts`) and read generically: child lists, walks and their
 * JSON paths all follow from those descriptions.
 */

/** Where an expression sits, which decides whether aggregates or window calls may appear. */
export type ExpressionContext = 'row' | 'aggregate' | 'window';

/** Keys of `N` whose value is one `C` (possibly optional). */
type SingleKeys<N, C> = { [K in keyof N]-?: [NonNullable<N[K]>] extends [C] ? K : never }[keyof N];

/** Keys of `N` whose value is a list of `C`. */
type ListKeys<N, C> = { [K in keyof N]-?: [NonNullable<N[K]>] extends [readonly C[]] ? K : never }[keyof N];

/** Slots for lists of records holding `C`s in some of their fields (`case` branches, sort keys). */
type NestedSlots<N, C> = {
  [K in keyof N]-?: NonNullable<N[K]> extends readonly (infer E)[]
    ? [E] extends [C] ? never
      : E extends object
        ? [SingleKeys<E, C>] extends [never] ? never : { readonly field: K; readonly each: readonly SingleKeys<E, C>[] }
        : never
    : never;
}[keyof N];

/**
 * One field of a node of type `N` holding child nodes of type `C`: a single
 * child (skipped when absent), a list (`each: true`), or a list of records
 * with children in the named fields (`each: ['when', 'then']`).
 */
export type ChildSlot<N, C> =
  | {
      /** Field holding one child. */
      readonly field: SingleKeys<N, C>;
    }
  | {
      /** Field holding a list of children. */
      readonly field: ListKeys<N, C>;
      /** Marks a list. */
      readonly each: true;
    }
  | NestedSlots<N, C>;

/** Every key of `N` that holds `C`s, described or not (a type test checks they all are). */
export type ChildFieldKeys<N, C> = SingleKeys<N, C> | ListKeys<N, C> | NestedSlots<N, C>['field'];

/** A child node with its path relative to its parent. */
export interface ChildAt<C> {
  readonly node: C;
  readonly path: readonly PropertyKey[];
}

/** Any slot, as the generic readers see it. */
export interface AnySlot {
  readonly field: string;
  readonly each?: true | readonly string[];
}

/** The children `slots` describe in `node`, in order, with their paths. */
export function slotChildren<C, S extends AnySlot>(node: object, slots: readonly S[]): (ChildAt<C> & { readonly slot: S })[] {
  const out: (ChildAt<C> & { readonly slot: S })[] = [];
  const record = node as Readonly<Record<string, unknown>>;
  for (const slot of slots) {
    const value = record[slot.field];
    if (value === undefined) continue;
    const { each } = slot;
    if (each === undefined) {
      out.push({ node: value as C, path: [slot.field], slot });
      continue;
    }
    (value as readonly unknown[]).forEach((item, i) => {
      if (each === true) {
        out.push({ node: item as C, path: [slot.field, i], slot });
        return;
      }
      const fields = item as Readonly<Record<string, unknown>>;
      for (const sub of each) out.push({ node: fields[sub] as C, path: [slot.field, i, sub], slot });
    });
  }
  return out;
}

/** Freezes a description and everything in it (descriptions are public and shared). */
export function frozenFields<T extends object>(fields: T): T {
  for (const value of Object.values(fields)) {
    if (typeof value === 'object' && value !== null) frozenFields(value);
  }
  return Object.freeze(fields);
}

/** The kinds a description names, in its order. */
export function kindsOf<K extends string>(fields: { readonly [P in K]: unknown }): readonly K[] {
  return Object.freeze(Object.keys(fields) as K[]);
}
