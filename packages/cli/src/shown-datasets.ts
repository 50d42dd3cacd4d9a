import { type Pipeline, closestName } from '@thund/ir';
import { UsageError } from './usage-error.js';

/**
 * Checks that every dataset named to be shown (`run --show`, `thund show`)
 * is one a backend can read back — a table or materialized view of the
 * pipeline — before anything runs, so a typo costs no run. Sinks live in
 * their files and temporary views only during a run.
 */
export function checkShownDatasets(pipeline: Pipeline, names: readonly string[]): void {
  for (const name of names) {
    const dataset = pipeline.datasets.find((d) => d.name === name);
    if (dataset === undefined) {
      const readable = pipeline.datasets.filter((d) => d.type === 'table' || d.type === 'materialized_view').map((d) => d.name);
      const guess = closestName(name, readable);
      throw new UsageError(`pipeline "${pipeline.name}" has no dataset "${name}"${guess === undefined ? ` (its tables and views: ${readable.join(', ')})` : `; did you mean "${guess}"?`}`);
    }
    if (dataset.type === 'sink') throw new UsageError(`"${name}" is a sink: its rows are in its files${dataset.location === undefined ? '' : ` at ${dataset.location}`}, not in the backend; show a table or view instead`);
    if (dataset.type === 'temporary_view') throw new UsageError(`"${name}" is a temporary view: it exists only while the pipeline runs, so nothing can be read back; make it a materialized view to keep its rows`);
  }
}
