import { type InferredSchema, dataTypeLabel } from '@thund/ir';

/** An inferred schema as one line: `order_id int64, customer utf8, note ?` (`?`: only a run tells the type). */
export function formatSchema(schema: InferredSchema): string {
  if (schema === undefined) return 'columns known when it runs (a file without a declared schema, or raw SQL)';
  return schema.map((field) => `${field.name} ${field.type === undefined ? '?' : dataTypeLabel(field.type)}`).join(', ');
}
