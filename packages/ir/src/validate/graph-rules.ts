import { closestName } from './closest-name.js';
import type { ValidationIssue } from '../errors/validation-error.js';
import { type Rule, datasetRef, flowRef, issue } from './context.js';
import { findCycles } from './find-cycles.js';

export const uniqueNames: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  // Engines resolve table names case-insensitively (DuckDB, Spark), so "Orders" and "orders" would be one table.
  const seenDatasets = new Map<string, string>();
  pipeline.datasets.forEach((dataset, i) => {
    const previous = seenDatasets.get(dataset.name.toLowerCase());
    if (previous === dataset.name) {
      issues.push(issue('duplicate_dataset', ['datasets', i, 'name'], `dataset "${dataset.name}" is declared more than once: give each dataset its own name`, datasetRef(dataset)));
    } else if (previous !== undefined) {
      issues.push(issue('duplicate_dataset', ['datasets', i, 'name'], `dataset "${dataset.name}" differs from dataset "${previous}" only in letter case, and engines treat table names case-insensitively: rename one of them`, datasetRef(dataset)));
    }
    if (previous === undefined) seenDatasets.set(dataset.name.toLowerCase(), dataset.name);
  });
  const seenFlows = new Set<string>();
  pipeline.flows.forEach((flow, i) => {
    if (seenFlows.has(flow.name)) {
      issues.push(issue('duplicate_flow', ['flows', i, 'name'], `flow "${flow.name}" is declared more than once: give each flow its own name`, flowRef(flow)));
    }
    seenFlows.add(flow.name);
  });
  return issues;
};

export const knownTargetsAndReads: Rule = ({ pipeline, datasets, facts }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    if (!datasets.has(flow.target)) {
      issues.push(issue('unknown_target', ['flows', i, 'target'], `flow "${flow.name}" writes to "${flow.target}", which is not a declared dataset: declare it under "datasets" or fix the name`, flowRef(flow)));
    }
    for (const name of facts.get(flow)?.reads ?? []) {
      const dataset = datasets.get(name);
      if (dataset === undefined) {
        const guess = closestName(name, [...datasets.keys()]);
        const fix = guess === undefined ? 'declare it, fix the name, or read external files with read_files' : `did you mean "${guess}"?`;
        issues.push(issue('unknown_read', ['flows', i, 'query'], `flow "${flow.name}" reads "${name}", which is not a declared dataset: ${fix}`, flowRef(flow)));
      } else if (dataset.type === 'sink') {
        issues.push(issue('read_from_sink', ['flows', i, 'query'], `flow "${flow.name}" reads sink "${name}": sinks are write-only; read the dataset that feeds the sink instead`, flowRef(flow)));
      }
    }
  });
  return issues;
};

export const everyDatasetWritten: Rule = ({ pipeline, index }) => {
  const issues: ValidationIssue[] = [];
  pipeline.datasets.forEach((dataset, i) => {
    const flows = index.writersOf(dataset.name);
    if (flows.length === 0) {
      issues.push(issue('dataset_without_flow', ['datasets', i], `${dataset.type} "${dataset.name}" has no flow writing to it: add a flow whose target is "${dataset.name}" or remove the dataset`, datasetRef(dataset)));
    } else if ((dataset.type === 'materialized_view' || dataset.type === 'temporary_view') && flows.length > 1) {
      issues.push(issue('multiple_flows_into_view', ['datasets', i], `${dataset.type} "${dataset.name}" is written by ${flows.length} flows (${flows.map((f) => `"${f.name}"`).join(', ')}): a view is defined by exactly one query; union the inputs in one flow, or make it a table`, datasetRef(dataset)));
    }
  });
  return issues;
};

export const noCycles: Rule = ({ pipeline, facts }) => {
  const edges = new Map<string, Set<string>>();
  for (const flow of pipeline.flows) {
    for (const read of facts.get(flow)?.reads ?? []) {
      if (!edges.has(read)) edges.set(read, new Set());
      edges.get(read)?.add(flow.target);
    }
  }
  return findCycles(edges).map((cycle) => {
    const firstIndex = pipeline.flows.findIndex((f) => f.target === cycle[1] && (facts.get(f)?.reads ?? []).includes(cycle[0] as string));
    const flow = pipeline.flows[firstIndex];
    return issue(
      'cycle',
      firstIndex < 0 ? ['flows'] : ['flows', firstIndex],
      `datasets form a cycle: ${cycle.join(' → ')}; a dataset cannot depend on itself, break the cycle by removing one of these reads`,
      flow === undefined ? undefined : flowRef(flow),
    );
  });
};
