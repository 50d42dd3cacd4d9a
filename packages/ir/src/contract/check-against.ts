import type { ElementRef } from '../model/element-ref.js';
import type { Pipeline } from '../model/pipeline.js';
import { jsonPath } from '../document/json-path.js';
import { planFacts } from '../plan/plan-facts.js';
import { nestedTypeUses } from './nested-type-uses.js';
import { assertPlanDepth } from '../validate/depth-limit.js';
import type { Capabilities } from './capabilities.js';
import type { CheckReport, Feature, Violation } from './check-report.js';

const FEATURE_LABEL: Readonly<Record<Feature, string>> = {
  batch: 'batch flows',
  streaming: 'streaming flows',
  event_time: 'event time (watermarks and windows)',
  window_kind: 'window kind',
  output_mode: 'output mode',
  trigger: 'trigger',
  cdc: 'CDC flows',
  cdc_scd_type: 'CDC SCD type',
  expectation_action: 'expectation action',
  dataset_type: 'dataset type',
  relation: 'plan node',
  function: 'function',
  sql_dialect: 'SQL dialect',
  file_format: 'file format',
  batch_sink: 'sinks written by batch flows',
  nested_type: 'lists, structs and maps',
  output_location: 'sink output location',
  raw_sql: 'raw SQL other than a single query',
  sandbox_path: 'paths outside the sandbox',
};

/**
 * Every way `pipeline` exceeds `capabilities`, all at once. Assumes a
 * pipeline that passed validation. Backends' `check` delegates here and
 * adds engine-specific rules of its own. Throws a ValidationError for a
 * plan nested deeper than `MAX_PLAN_DEPTH`, before walking any plan (so an
 * unvalidated pipeline fails cleanly, and backends' own recursive checks
 * after this one only ever see bounded plans).
 */
export function checkAgainst(pipeline: Pipeline, capabilities: Capabilities): CheckReport {
  assertPlanDepth(pipeline);
  const violations: Violation[] = [];
  const backend = capabilities.name;
  const add = (element: ElementRef, feature: Feature, value: string, path: readonly PropertyKey[]): void => {
    const what = value === '' ? FEATURE_LABEL[feature] : `${FEATURE_LABEL[feature]} "${value}"`;
    violations.push({
      backend,
      element,
      feature,
      value,
      path: jsonPath(path),
      message: `backend "${backend}" does not support ${what}, used by ${element.kind} "${element.name}"`,
    });
  };
  const supports = <T>(list: readonly T[], value: T): boolean => list.includes(value);

  pipeline.datasets.forEach((dataset, i) => {
    const element: ElementRef = { kind: 'dataset', name: dataset.name };
    if (!supports(capabilities.datasetTypes, dataset.type)) add(element, 'dataset_type', dataset.type, ['datasets', i, 'type']);
    if (dataset.type === 'sink' && dataset.format !== undefined && !supports(capabilities.fileFormats, dataset.format)) {
      add(element, 'file_format', dataset.format, ['datasets', i, 'format']);
    }
  });

  const sinks = new Set(pipeline.datasets.filter((d) => d.type === 'sink').map((d) => d.name));
  pipeline.flows.forEach((flow, i) => {
    const element: ElementRef = { kind: 'flow', name: flow.name };
    const at = (...rest: PropertyKey[]): PropertyKey[] => ['flows', i, ...rest];
    if (flow.kind === 'batch' && !capabilities.batch) add(element, 'batch', '', at('kind'));
    if ((flow.kind === 'streaming' || flow.kind === 'append_once') && !capabilities.streaming) add(element, 'streaming', '', at('kind'));
    if (flow.kind === 'cdc') {
      if (capabilities.cdcScdTypes.length === 0) add(element, 'cdc', '', at('kind'));
      else if (flow.cdc !== undefined && !supports(capabilities.cdcScdTypes, flow.cdc.scdType)) {
        add(element, 'cdc_scd_type', String(flow.cdc.scdType), at('cdc', 'scdType'));
      }
    }
    if ((flow.watermark !== undefined || flow.window !== undefined) && !capabilities.eventTime) {
      add(element, 'event_time', '', at(flow.watermark !== undefined ? 'watermark' : 'window'));
    }
    if (flow.window !== undefined && !supports(capabilities.windowKinds, flow.window.kind)) {
      add(element, 'window_kind', flow.window.kind, at('window', 'kind'));
    }
    if (flow.outputMode !== undefined && !supports(capabilities.outputModes, flow.outputMode)) {
      add(element, 'output_mode', flow.outputMode, at('outputMode'));
    }
    if (flow.trigger !== undefined && !supports(capabilities.triggers, flow.trigger.kind)) {
      add(element, 'trigger', flow.trigger.kind, at('trigger', 'kind'));
    }
    const actions = new Set((flow.expectations ?? []).map((e) => e.action));
    for (const action of actions) {
      if (!supports(capabilities.expectations, action)) add(element, 'expectation_action', action, at('expectations'));
    }
    if (sinks.has(flow.target) && flow.kind !== 'streaming' && !capabilities.batchSinks) {
      add(element, 'batch_sink', '', at('kind'));
    }
    const facts = planFacts(flow);
    for (const kind of facts.relationKinds) if (!supports(capabilities.relations, kind)) add(element, 'relation', kind, at('query'));
    for (const name of facts.functions) if (!supports(capabilities.functions, name)) add(element, 'function', name, at('query'));
    for (const dialect of facts.sqlDialects) if (!supports(capabilities.sqlDialects, dialect)) add(element, 'sql_dialect', dialect, at('query'));
    for (const format of facts.fileFormats) if (!supports(capabilities.fileFormats, format)) add(element, 'file_format', format, at('query'));
  });

  if (!capabilities.nestedTypes) for (const use of nestedTypeUses(pipeline)) add(use.element, 'nested_type', '', use.path);

  return { backend, ok: violations.length === 0, violations };
}
