import type { DataType, StructField } from '../model/data-type.js';
import type { FieldNode } from '../plan/expr/field.js';
import type { SubscriptNode } from '../plan/expr/subscript.js';

/** `null` is an untyped NULL; `undefined` unknown. */
type Inferred = DataType | null | undefined;

/** The field of a struct type a name selects, case-insensitively as Spark resolves it; `undefined` when none does. */
export function structField(type: DataType, name: string): StructField | undefined {
  if (typeof type === 'string' || type.type !== 'struct') return undefined;
  return type.fields.find((f) => f.name === name) ?? type.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
}

/**
 * The type of `expr.name` or `expr[index]` given the type of `expr`: the
 * field's type (a list of them for a list of structs), a list's element
 * type, a map's value type; `undefined`
 * when the container's type is unknown or has no such part (validation
 * reports that), `null` for a NULL container.
 */
export function nestedAccessType(node: FieldNode | SubscriptNode, container: Inferred): Inferred {
  if (container === null || container === undefined || typeof container === 'string') return container === null ? null : undefined;
  if (node.kind === 'field') {
    // A field of a list of structs is the list of that field of each (Spark's GetArrayStructFields).
    if (container.type === 'list') {
      const element = structField(container.element, node.name)?.type;
      return element === undefined ? undefined : { type: 'list', element };
    }
    return structField(container, node.name)?.type;
  }
  if (container.type === 'list') return container.element;
  if (container.type === 'map') return container.value;
  return undefined;
}
