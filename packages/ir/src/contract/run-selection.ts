import { ThundError } from '../errors/thund-error.js';
import { ThundErrorCode } from '../errors/error-code.js';
import type { Flow } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { planFacts } from '../plan/plan-facts.js';
import { closestName } from '../validate/closest-name.js';
import type { FlowOutcome, RunOptions } from './run-handle.js';
import type { EmittedEvent } from './start-run.js';
import { expandSelector, parseSelector } from './selector-expansion.js';

/**
 * Which flows a run runs and which datasets it recomputes from scratch,
 * from `RunOptions.refresh` and `RunOptions.fullRefresh` (SDP's
 * `refresh_selection`, `full_refresh_selection` and `full_refresh_all`).
 */
export interface RunSelection {
  /** Every flow runs (no selection was given). */
  readonly all: boolean;
  /** The flows that run, in pipeline order. */
  readonly flows: ReadonlySet<string>;
  /** The flows left out, in pipeline order: their datasets keep what they hold. */
  readonly excluded: readonly string[];
  /** The datasets emptied and recomputed from their sources (tables, checkpoints, sinks' output). */
  readonly resets: ReadonlySet<string>;
}

/** How the options are spelled in messages: the API's names by default, a CLI's flags when it passes its own. */
export interface SelectionOptionNames {
  /** How the `refresh` option is spelled, e.g. `refresh` or `--refresh`. */
  readonly refresh: string;
  /** How a `fullRefresh` list is spelled. */
  readonly fullRefresh: string;
  /** How `fullRefresh` for every dataset is spelled, e.g. `fullRefresh: true`. */
  readonly fullRefreshAll: string;
}

const API_NAMES: SelectionOptionNames = { refresh: 'refresh', fullRefresh: 'fullRefresh', fullRefreshAll: 'fullRefresh: true' };

/**
 * Resolves a run's selection. Without `refresh` or a `fullRefresh` list
 * every flow runs; with them, only the flows writing the named datasets
 * (with dbt's graph operators: `+name` adds every dataset it reads,
 * directly or not, `name+` every dataset that reads it)
 * run (plus the flows of the temporary views they read, which hold nothing
 * between runs), and every other flow is excluded. Throws a
 * `THUND_VALIDATION` error naming the option for SDP's conflicts: a full
 * refresh of everything together with a selection, a dataset named twice,
 * a name that is not a dataset the pipeline writes, a temporary view.
 */
export function selectRun(pipeline: Pipeline, options: Pick<RunOptions, 'refresh' | 'fullRefresh'>, names: SelectionOptionNames = API_NAMES): RunSelection {
  const refresh = options.refresh ?? [];
  const fullRefresh = options.fullRefresh ?? false;
  const named = Array.isArray(fullRefresh) ? fullRefresh : [];
  if (refresh.length === 0 && named.length === 0) {
    const everyFlow = pipeline.flows.map((flow) => flow.name);
    const resets = fullRefresh === true ? pipeline.datasets.map((dataset) => dataset.name) : [];
    return { all: true, flows: new Set(everyFlow), excluded: [], resets: new Set(resets) };
  }
  if (fullRefresh === true) {
    throw selectionError(`a full refresh of every dataset (${names.fullRefreshAll}) cannot be combined with a selection (${names.refresh}, or ${names.fullRefresh} with names): drop one of them`);
  }
  const refreshSelectors = refresh.map(parseSelector);
  const fullSelectors = named.map(parseSelector);
  assertSelectable(pipeline, names.refresh, refreshSelectors.map((s) => s.name));
  assertSelectable(pipeline, names.fullRefresh, fullSelectors.map((s) => s.name));
  const twice = refreshSelectors.map((s) => s.name).filter((name) => fullSelectors.some((s) => s.name === name));
  if (twice.length > 0) {
    throw selectionError(`${quoted(twice)} ${twice.length === 1 ? 'is' : 'are'} named by both ${names.refresh} and ${names.fullRefresh}: a full refresh already refreshes a dataset, so name each dataset once`);
  }
  // Graph operators (`+name`, `name+`) widen each selector; a dataset both refreshed and fully refreshed is fully refreshed.
  const resets = new Set(fullSelectors.flatMap((s) => expandSelector(pipeline, s)));
  const chosen = new Set([...refreshSelectors.flatMap((s) => expandSelector(pipeline, s)), ...resets]);
  const flows = withTemporaryViewInputs(pipeline, new Set(pipeline.flows.filter((flow) => chosen.has(flow.target)).map((flow) => flow.name)));
  return {
    all: false,
    flows,
    excluded: pipeline.flows.filter((flow) => !flows.has(flow.name)).map((flow) => flow.name),
    resets,
  };
}

/** Every name must be a dataset some flow writes, and not a temporary view. */
function assertSelectable(pipeline: Pipeline, option: string, names: readonly string[]): void {
  const written = new Set(pipeline.flows.map((flow) => flow.target));
  const candidates = pipeline.datasets.filter((dataset) => dataset.type !== 'temporary_view' && written.has(dataset.name)).map((dataset) => dataset.name);
  for (const name of names) {
    const dataset = pipeline.datasets.find((d) => d.name === name);
    if (dataset?.type === 'temporary_view') {
      throw selectionError(`${option} names temporary view "${name}", which holds nothing between runs: select the datasets that read it instead`);
    }
    if (dataset === undefined || !written.has(name)) {
      const near = closestName(name, candidates);
      const what = dataset === undefined ? `not a dataset of pipeline "${pipeline.name}"` : 'a dataset no flow writes';
      throw selectionError(`${option} names "${name}", ${what}${near === undefined ? '' : `; did you mean "${near}"?`} (datasets: ${candidates.join(', ')})`);
    }
  }
}

/** Adds, transitively, the flows of the temporary views the selected flows read. */
function withTemporaryViewInputs(pipeline: Pipeline, selected: Set<string>): Set<string> {
  const views = new Set(pipeline.datasets.filter((dataset) => dataset.type === 'temporary_view').map((dataset) => dataset.name));
  const pending = [...selected];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const flow = pipeline.flows.find((f) => f.name === name);
    if (flow === undefined) continue;
    for (const read of planFacts(flow).reads) {
      if (!views.has(read)) continue;
      for (const writer of pipeline.flows) {
        if (writer.target === read && !selected.has(writer.name)) {
          selected.add(writer.name);
          pending.push(writer.name);
        }
      }
    }
  }
  // Back into pipeline order.
  return new Set(pipeline.flows.filter((flow) => selected.has(flow.name)).map((flow) => flow.name));
}

const EXCLUDED_REASON = 'not selected: the run refreshes only the datasets it was given';

/** The event every backend emits, once, for a flow its run's selection left out (its terminal phase). */
export function excludedFlowEvent(flow: Flow): EmittedEvent {
  return {
    element: { kind: 'flow', name: flow.name },
    phase: 'excluded',
    message: `flow "${flow.name}" is excluded (${EXCLUDED_REASON}); "${flow.target}" keeps what it holds`,
    details: { reason: EXCLUDED_REASON },
  };
}

/** The result's outcome of an excluded flow. */
export function excludedOutcome(flow: Flow): FlowOutcome {
  return { name: flow.name, phase: 'excluded' };
}

function quoted(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

function selectionError(message: string): ThundError {
  return new ThundError(ThundErrorCode.Validation, `run selection: ${message}`);
}
