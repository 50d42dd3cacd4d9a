import type { ValidationIssue } from '../errors/validation-error.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type Rule, datasetRef, flowRef, issue } from './context.js';
import type { ElementRef } from '../model/element-ref.js';

/**
 * No name may hold a NUL character: engines and file systems end strings
 * there, and it was found only when a run reached the engine. (Other
 * control characters are quoted and escaped everywhere, and round-trip on
 * native.) Checked for the pipeline,
 * database and catalog names, datasets, flows, schema fields, partition
 * columns, expectations, and every column named or defined in a plan.
 */
export const namesWithoutNul: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  const check = (what: string, name: string | undefined, path: readonly PropertyKey[], element?: ElementRef): void => {
    if (name === undefined) return;
    const at = name.indexOf('\u0000');
    if (at < 0) return;
    issues.push(issue('invalid_name', path, `${what} ${JSON.stringify(name)} holds a NUL character at position ${at}: engines and file systems end names there; rename it`, element));
  };
  check('pipeline name', pipeline.name, ['name']);
  check('database name', pipeline.database, ['database']);
  check('catalog name', pipeline.catalog, ['catalog']);
  pipeline.datasets.forEach((dataset, i) => {
    const element = datasetRef(dataset);
    check('dataset name', dataset.name, ['datasets', i, 'name'], element);
    for (const [j, field] of (dataset.schema ?? []).entries()) check('column name', field.name, ['datasets', i, 'schema', j, 'name'], element);
    for (const [j, column] of (dataset.partitionColumns ?? []).entries()) check('partition column', column, ['datasets', i, 'partitionColumns', j], element);
  });
  pipeline.flows.forEach((flow, i) => {
    const element = flowRef(flow);
    check('flow name', flow.name, ['flows', i, 'name'], element);
    for (const [j, e] of (flow.expectations ?? []).entries()) check('expectation name', e.name, ['flows', i, 'expectations', j, 'name'], element);
    walkPlan(flow.query, {
      expression(node, path) {
        if (node.kind === 'column' || node.kind === 'alias') check('column name', node.name, ['flows', i, 'query', ...path, 'name'], element);
      },
    });
  });
  return issues;
};
