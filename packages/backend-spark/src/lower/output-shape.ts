import type { Dataset } from '@thund/ir';
import type { RelationInit } from '../connect/session.js';
import { alias, attribute, call, cast, literalString } from './expr-init.js';
import { quoteIdentifier, sparkType } from './spark-types.js';

const MARKER = /thund schema: column "((?:[^"\\]|\\.)*)" of dataset "((?:[^"\\]|\\.)*)" is NOT NULL/;

/**
 * Shapes a flow's result to its dataset's declared schema, as native does:
 * each declared column cast to its type, in order; a NULL in a NOT NULL
 * column raises an error naming the column (recognised by
 * `schemaViolation`). The schema given to SDP therefore declares every
 * column nullable: Spark would otherwise refuse a query whose inferred
 * nullability differs (USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE).
 */
export function shapeToSchema(relation: RelationInit, dataset: Dataset): RelationInit {
  if (dataset.schema === undefined) return relation;
  const expressions = dataset.schema.map((field) => {
    const value = cast(attribute(quoteIdentifier(field.name)), sparkType(field.type));
    const checked = field.nullable === false
      ? call('when', [call('isnull', [value]), call('raise_error', [literalString(`thund schema: column "${field.name}" of dataset "${dataset.name}" is NOT NULL but a row has NULL`)]), value])
      : value;
    return alias(checked, field.name);
  });
  return { relType: { case: 'project', value: { input: relation, expressions } } };
}

/** The dataset and column a Spark error says broke a NOT NULL column, if it is one of ours. */
export function schemaViolation(message: string): { readonly column: string; readonly dataset: string } | undefined {
  const match = MARKER.exec(message);
  return match === null ? undefined : { column: match[1] as string, dataset: match[2] as string };
}
