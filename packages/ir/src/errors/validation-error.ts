import type { ElementRef } from '../model/element-ref.js';
import { ThundErrorCode } from './error-code.js';
import { ThundError } from './thund-error.js';

/** Stable codes of the individual problems a ValidationError lists. */
export type ValidationIssueCode =
  | 'invalid_json'
  | 'inexact_number'
  | 'duplicate_key'
  | 'invalid_document'
  | 'unsupported_version'
  | 'duplicate_dataset'
  | 'duplicate_flow'
  | 'duplicate_field'
  | 'duplicate_expectation'
  | 'unknown_target'
  | 'unknown_read'
  | 'read_from_sink'
  | 'cycle'
  | 'dataset_without_flow'
  | 'multiple_flows_into_view'
  | 'streaming_into_materialized_view'
  | 'append_once_into_non_table'
  | 'cdc_without_spec'
  | 'cdc_without_keys'
  | 'cdc_spec_on_non_cdc_flow'
  | 'cdc_into_non_table'
  | 'cdc_columns_conflict'
  | 'window_without_event_time'
  | 'window_zero_duration'
  | 'window_slide_longer_than_size'
  | 'append_without_watermark'
  | 'streaming_option_on_batch_flow'
  | 'complete_without_aggregation'
  | 'unknown_partition_column'
  | 'unknown_schema_column'
  | 'unknown_column'
  | 'unknown_field'
  | 'nested_access'
  | 'generator_input'
  | 'range_bounds'
  | 'schema_columns'
  | 'non_boolean_predicate'
  | 'argument_type'
  | 'function_argument'
  | 'operand_type'
  | 'case_types'
  | 'union_shape'
  | 'window_order_required'
  | 'event_time_type'
  | 'schema_types'
  | 'nested_aggregate'
  | 'ungrouped_column'
  | 'ambiguous_column'
  | 'duplicate_output_column'
  | 'sql_reads_unlisted'
  | 'sql_not_a_query'
  | 'invalid_name'
  | 'sink_without_location'
  | 'sink_without_format'
  | 'unknown_function'
  | 'function_arity'
  | 'aggregate_outside_aggregation'
  | 'window_function_outside_window'
  | 'unnamed_column'
  | 'invalid_duration'
  | 'reserved_name'
  | 'literal_value'
  | 'plan_too_deep'
  | 'views_too_deep'
  | 'views_too_large';

/** One problem in a pipeline, with the JSON path where it was found. */
export interface ValidationIssue {
  /** Stable code of the problem. */
  readonly code: ValidationIssueCode;
  /** JSON path into the pipeline document, e.g. `$.flows[2].target`. */
  readonly path: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** The dataset or flow the problem concerns, when there is one. */
  readonly element?: ElementRef;
}

/** A pipeline is malformed. `issues` lists every problem found, not just the first. */
export class ValidationError extends ThundError {
  /** Always `ValidationError`. */
  override name = 'ValidationError';
  /** Every problem found, in document order. */
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], subject = 'pipeline') {
    super(ThundErrorCode.Validation, summarize(subject, issues));
    this.issues = issues;
  }
}

function summarize(subject: string, issues: readonly ValidationIssue[]): string {
  const lines = issues.map((issue) => `  - ${issue.path}: ${issue.message} (${issue.code})`);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `The ${subject} has ${count}:\n${lines.join('\n')}`;
}
