import type { ValidationIssue } from '../errors/validation-error.js';
import type { Field } from '../model/data-type.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type Rule, datasetRef, flowRef, issue } from './context.js';

function duplicateFields(fields: readonly Field[], path: readonly PropertyKey[], owner: string): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  fields.forEach((field, i) => {
    if (seen.has(field.name)) {
      issues.push(issue('duplicate_field', [...path, i, 'name'], `${owner} declares column "${field.name}" twice: column names must be unique`));
    }
    seen.add(field.name);
  });
  return issues;
}

export const datasetSchemas: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  pipeline.datasets.forEach((dataset, i) => {
    const ref = datasetRef(dataset);
    if (dataset.schema !== undefined) {
      issues.push(...duplicateFields(dataset.schema, ['datasets', i, 'schema'], `dataset "${dataset.name}"`).map((x) => ({ ...x, element: ref })));
      const columns = new Set(dataset.schema.map((f) => f.name));
      (dataset.partitionColumns ?? []).forEach((column, j) => {
        if (!columns.has(column)) {
          issues.push(issue('unknown_partition_column', ['datasets', i, 'partitionColumns', j], `partition column "${column}" of dataset "${dataset.name}" is not in its schema: add it to the schema or fix the name`, ref));
        }
      });
    }
    if (dataset.type === 'sink') {
      if (dataset.location === undefined) {
        issues.push(issue('sink_without_location', ['datasets', i], `sink "${dataset.name}" has no "location": say where its files go`, ref));
      }
      if (dataset.format === undefined) {
        issues.push(issue('sink_without_format', ['datasets', i], `sink "${dataset.name}" has no "format": choose csv, json or parquet`, ref));
      }
    }
  });
  pipeline.flows.forEach((flow, i) => {
    walkPlan(
      flow.query,
      {
        relation(node, path) {
          if (node.kind === 'read_files' && node.schema !== undefined) {
            issues.push(...duplicateFields(node.schema, [...path, 'schema'], `read_files in flow "${flow.name}"`).map((x) => ({ ...x, element: flowRef(flow) })));
          }
        },
      },
      ['flows', i, 'query'],
    );
  });
  return issues;
};
