import { type InferredSchema, type WrittenField, dataTypeLabel, sameType } from '@thund/ir';

/**
 * How the schema a backend wrote differs from the one `@thund/ir` infers
 * for the dataset: column names and order, and the type of every column
 * whose type the pipeline tells, and that a column stored NOT NULL is
 * declared so. Nothing is claimed where inference cannot know (`undefined`
 * schema, a field without a type).
 */
export function schemaDifferences(inferred: InferredSchema, written: readonly WrittenField[]): string[] {
  if (inferred === undefined) return [];
  const names = (fields: readonly { readonly name: string }[]): string => fields.map((f) => f.name).join(', ');
  if (inferred.length !== written.length || inferred.some((f, i) => f.name.toLowerCase() !== written[i]?.name.toLowerCase())) {
    return [`columns: inferred (${names(inferred)}), written (${names(written)})`];
  }
  const differences: string[] = [];
  inferred.forEach((field, i) => {
    const actual = written[i] as WrittenField;
    // Engines store columns nullable (Spark's file tables, DuckDB's CREATE TABLE AS); one stored NOT NULL must be declared so.
    if (!actual.nullable && field.nullable !== false) differences.push(`column ${field.name}: stored NOT NULL, but the pipeline does not declare it so`);
    if (field.type === undefined) return;
    if (actual.type === undefined || !sameType(field.type, actual.type)) {
      differences.push(`column ${field.name}: inferred ${dataTypeLabel(field.type)}, written ${actual.type === undefined ? `(${actual.engineType})` : dataTypeLabel(actual.type)}`);
    }
  });
  return differences;
}
