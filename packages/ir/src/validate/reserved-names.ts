import type { ValidationIssue } from '../errors/validation-error.js';
import { type Rule, datasetRef, issue } from './context.js';

/**
 * The prefix of names Þund keeps for itself: the checkpoint schema
 * `__thund` (tables `checkpoint_flows`, `epochs`, `files_seen`, …), the
 * commit log schema `__thund_outputs`, staging tables `__thund_staged_*`.
 * Engines resolve names case-insensitively, so the check is too.
 */
export const RESERVED_NAME_PREFIX = '__thund';

function reserved(name: string): boolean {
  return name.toLowerCase().startsWith(RESERVED_NAME_PREFIX);
}

/** A database or dataset named `__thund…` would share (or shadow) Þund's checkpoint and staging tables. */
export const reservedNames: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  const why = `names starting with "${RESERVED_NAME_PREFIX}" are reserved for Þund's checkpoints, commit logs and staging tables (the "${RESERVED_NAME_PREFIX}" schema holds tables such as files_seen and epochs)`;
  if (pipeline.database !== undefined && reserved(pipeline.database)) {
    issues.push(issue('reserved_name', ['database'], `database "${pipeline.database}" cannot be used: ${why}; choose another database name`));
  }
  pipeline.datasets.forEach((dataset, i) => {
    if (reserved(dataset.name)) {
      issues.push(issue('reserved_name', ['datasets', i, 'name'], `dataset "${dataset.name}" cannot be named so: ${why}; rename the dataset`, datasetRef(dataset)));
    }
  });
  return issues;
};
