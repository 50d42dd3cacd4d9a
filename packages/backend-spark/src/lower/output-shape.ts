import type { Dataset } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { alias, attribute, call, cast, literalString } from './expr-init.js';
import { quoteIdentifier, sparkType } from './spark-types.js';
import { notNullMarker } from '../signals/not-null-marker.js';

/**
 * Shapes a flow's result to its dataset's declared schema, as native does:
 * each declared column cast to its type, in order; a NULL in a NOT NULL
 * column raises an error naming the column (`notNullMarker`, which the
 * run reads back). The schema given to SDP therefore declares every
 * column nullable: Spark would otherwise refuse a query whose inferred
 * nullability differs (USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE).
 */
export function shapeToSchema(relation: RelationInit, dataset: Dataset): RelationInit {
  if (dataset.schema === undefined) return relation;
  const expressions = dataset.schema.map((field) => {
    const value = cast(attribute(quoteIdentifier(field.name)), sparkType(field.type));
    const checked = field.nullable === false
      ? call('when', [call('isnull', [value]), call('raise_error', [literalString(notNullMarker.format({ column: field.name, dataset: dataset.name }))]), value])
      : value;
    return alias(checked, field.name);
  });
  return { relType: { case: 'project', value: { input: relation, expressions } } };
}
