import type { ValidationIssue } from '../errors/validation-error.js';
import { durationToMs } from '../model/duration.js';
import type { WindowSpec } from '../model/streaming.js';
import { type Rule, flowRef, issue } from './context.js';

/** Which flow kinds may write which dataset types. */
export const targetMatchesKind: Rule = ({ pipeline, datasets }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const target = datasets.get(flow.target);
    if (target === undefined) return;
    const at = ['flows', i, 'kind'];
    if (flow.kind === 'streaming' && target.type === 'materialized_view') {
      issues.push(issue('streaming_into_materialized_view', at, `streaming flow "${flow.name}" writes to materialized view "${target.name}": a materialized view is recomputed whole; make "${target.name}" a table (a streaming table) or make the flow batch`, flowRef(flow)));
    }
    if (flow.kind === 'append_once' && target.type !== 'table') {
      issues.push(issue('append_once_into_non_table', at, `append_once flow "${flow.name}" writes to ${target.type} "${target.name}": a one-time backfill can only append to a table`, flowRef(flow)));
    }
    if (flow.kind === 'cdc' && target.type !== 'table') {
      issues.push(issue('cdc_into_non_table', at, `cdc flow "${flow.name}" writes to ${target.type} "${target.name}": changes can only be applied to a table`, flowRef(flow)));
    }
  });
  return issues;
};

/** The CDC spec rules live in `cdc-rules.ts`. */
export { cdcSpec } from './cdc-rules.js';

export const streamingSemantics: Rule = ({ pipeline, facts }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const ref = flowRef(flow);
    const streams = flow.kind === 'streaming' || flow.kind === 'cdc';
    const aggregates = facts.get(flow)?.hasAggregation ?? false;
    if (!streams) {
      for (const option of ['trigger', 'outputMode'] as const) {
        if (flow[option] !== undefined) {
          issues.push(issue('streaming_option_on_batch_flow', ['flows', i, option], `${flow.kind} flow "${flow.name}" sets "${option}", which only applies to streaming flows: remove it or make the flow streaming`, ref));
        }
      }
    }
    if (flow.window !== undefined) issues.push(...windowSizeIssues(flow.window, flow.name, ['flows', i, 'window'], ref));
    if (flow.window !== undefined && flow.window.column === undefined && flow.watermark === undefined) {
      issues.push(issue('window_without_event_time', ['flows', i, 'window'], `flow "${flow.name}" has a ${flow.window.kind} window but no event time: set the window's "column" or the flow's "watermark"`, ref));
    }
    if (streams && flow.kind === 'streaming' && aggregates && (flow.outputMode ?? 'append') === 'append' && flow.watermark === undefined) {
      issues.push(issue('append_without_watermark', ['flows', i], `streaming flow "${flow.name}" aggregates in append mode without a watermark, so no result could ever be final: add a "watermark", or use outputMode "update" or "complete"`, ref));
    }
    if (flow.outputMode === 'complete' && !aggregates) {
      issues.push(issue('complete_without_aggregation', ['flows', i, 'outputMode'], `flow "${flow.name}" uses outputMode "complete" without an aggregation: complete mode rewrites an aggregated result; use "append" for row-by-row output`, ref));
    }
  });
  return issues;
};

/**
 * A window's durations must be positive, and a hopping window may not slide
 * further than its size (Spark's own rules for `window` and
 * `session_window`): a zero size assigns no row to any window, so the rows
 * would vanish without a word; a zero slide makes infinitely many windows.
 */
function windowSizeIssues(window: WindowSpec, flow: string, at: readonly (string | number)[], ref: ReturnType<typeof flowRef>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const durations = window.kind === 'session' ? { gap: window.gap } : window.kind === 'hopping' ? { size: window.size, slide: window.slide } : { size: window.size };
  for (const [key, value] of Object.entries(durations)) {
    if (durationToMs(value) === 0) {
      issues.push(issue('window_zero_duration', [...at, key], `flow "${flow}" has a ${window.kind} window whose ${key} is "${value}": a window's ${key} must be longer than zero (for example "1m")`, ref));
    }
  }
  if (window.kind === 'hopping') {
    const size = durationToMs(window.size);
    const slide = durationToMs(window.slide);
    if (size !== undefined && slide !== undefined && slide > size) {
      issues.push(issue('window_slide_longer_than_size', [...at, 'slide'], `flow "${flow}" has a hopping window that slides by "${window.slide}", longer than its size "${window.size}": rows between windows would belong to none; make the slide at most the size (equal: a tumbling window)`, ref));
    }
  }
  return issues;
}

export const uniqueExpectations: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const seen = new Set<string>();
    (flow.expectations ?? []).forEach((expectation, j) => {
      if (seen.has(expectation.name)) {
        issues.push(issue('duplicate_expectation', ['flows', i, 'expectations', j, 'name'], `flow "${flow.name}" has two expectations named "${expectation.name}": expectation names must be unique per flow`, flowRef(flow)));
      }
      seen.add(expectation.name);
    });
  });
  return issues;
};
