import type { DataType } from '../model/data-type.js';
import { isNestedType } from '../model/data-type.js';
import type { ElementRef } from '../model/element-ref.js';
import type { Pipeline } from '../model/pipeline.js';
import { walkPlan } from '../plan/plan-walk.js';

/** Where a pipeline uses a list, struct or map type: the element and the JSON path of the type. */
export interface NestedTypeUse {
  /** The dataset or flow using it. */
  readonly element: ElementRef;
  /** Path of the type (or of the node that needs one) from the document root. */
  readonly path: readonly PropertyKey[];
}

/**
 * Every place a pipeline names a nested type (a declared column, a
 * `read_files` schema, a cast, a typed literal) or reads inside one (a
 * field access, a subscript), for backends without the `nestedTypes`
 * capability. One use per element and place.
 */
export function nestedTypeUses(pipeline: Pipeline): NestedTypeUse[] {
  const uses: NestedTypeUse[] = [];
  const nested = (type: DataType | undefined): boolean => type !== undefined && isNestedType(type);
  pipeline.datasets.forEach((dataset, i) => {
    (dataset.schema ?? []).forEach((field, j) => {
      if (nested(field.type)) uses.push({ element: { kind: 'dataset', name: dataset.name }, path: ['datasets', i, 'schema', j, 'type'] });
    });
  });
  pipeline.flows.forEach((flow, i) => {
    const element: ElementRef = { kind: 'flow', name: flow.name };
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind !== 'read_files') return;
        (node.schema ?? []).forEach((field, j) => {
          if (nested(field.type)) uses.push({ element, path: ['flows', i, 'query', ...path, 'schema', j, 'type'] });
        });
      },
      expression(node, path) {
        if ((node.kind === 'cast' && nested(node.to)) || (node.kind === 'literal' && nested(node.type))) {
          uses.push({ element, path: ['flows', i, 'query', ...path, node.kind === 'cast' ? 'to' : 'type'] });
        } else if (node.kind === 'field' || node.kind === 'subscript') {
          uses.push({ element, path: ['flows', i, 'query', ...path] });
        }
      },
    });
  });
  return uses;
}
