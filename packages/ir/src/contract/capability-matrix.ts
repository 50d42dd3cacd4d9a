import { FUNCTION_CATALOG } from '../catalog/function-catalog.js';
import { SCD_TYPES } from '../model/cdc.js';
import { DATASET_TYPES } from '../model/dataset.js';
import { EXPECTATION_ACTIONS } from '../model/expectation.js';
import { FILE_FORMATS } from '../model/file-format.js';
import { OUTPUT_MODES, TRIGGER_KINDS, WINDOW_KINDS } from '../model/streaming.js';
import { RELATION_KINDS } from '../plan/rel/relation.js';
import type { Capabilities } from './capabilities.js';

/** One backend's answer for one feature: whether it runs it, and if not, why (from its `limits`). */
export interface MatrixCell {
  /** Whether the backend runs the feature. */
  readonly supported: boolean;
  /** Why not, from the backend's `limits`; absent when supported or when the backend gives no reason. */
  readonly reason?: string;
}

/** One feature of the capability matrix, with one cell per backend. */
export interface MatrixRow {
  /** Heading the feature is listed under, e.g. `dataset types`. */
  readonly group: string;
  /** The feature's name as shown, e.g. a dataset type or function name. */
  readonly feature: string;
  /** The `limits` key of this feature. */
  readonly key: string;
  /** One cell per backend, in the order given. */
  readonly cells: readonly MatrixCell[];
}

type ListField = 'windowKinds' | 'outputModes' | 'triggers' | 'cdcScdTypes' | 'expectations' | 'datasetTypes' | 'relations' | 'functions' | 'sqlDialects' | 'fileFormats';

/** The list capabilities, each with every value it may hold (raw SQL dialects: every one some backend names). */
function listFields(backends: readonly Capabilities[]): readonly { readonly group: string; readonly field: ListField; readonly values: readonly (string | number)[] }[] {
  return [
    { group: 'dataset types', field: 'datasetTypes', values: DATASET_TYPES },
    { group: 'expectations', field: 'expectations', values: EXPECTATION_ACTIONS },
    { group: 'event-time windows', field: 'windowKinds', values: WINDOW_KINDS },
    { group: 'output modes', field: 'outputModes', values: OUTPUT_MODES },
    { group: 'triggers', field: 'triggers', values: TRIGGER_KINDS },
    { group: 'CDC (SCD type)', field: 'cdcScdTypes', values: SCD_TYPES },
    { group: 'file formats', field: 'fileFormats', values: FILE_FORMATS },
    { group: 'plan nodes', field: 'relations', values: RELATION_KINDS },
    { group: 'raw SQL dialects', field: 'sqlDialects', values: [...new Set(backends.flatMap((b) => b.sqlDialects))].sort() },
    { group: 'functions', field: 'functions', values: FUNCTION_CATALOG.map((f) => f.name) },
  ];
}

const FLAGS: readonly { readonly group: string; readonly feature: string; readonly field: 'batch' | 'streaming' | 'eventTime' | 'batchSinks' | 'nestedTypes' | 'selectiveRefresh' }[] = [
  { group: 'flows', feature: 'batch', field: 'batch' },
  { group: 'flows', feature: 'streaming and append-once', field: 'streaming' },
  { group: 'flows', feature: 'watermarks and windows', field: 'eventTime' },
  { group: 'flows', feature: 'sinks fed by batch flows', field: 'batchSinks' },
  { group: 'types', feature: 'lists, structs and maps', field: 'nestedTypes' },
  { group: 'runs', feature: 'refreshing a selection of datasets', field: 'selectiveRefresh' },
];

/**
 * What each backend runs, feature by feature, from `capabilities()` alone:
 * every flag, every value each list capability may hold, and for each
 * "no" the reason the backend gives in its `limits` (undefined when it
 * gives none: a gap to fill).
 */
export function capabilityMatrix(backends: readonly Capabilities[]): MatrixRow[] {
  const cell = (b: Capabilities, supported: boolean, key: string): MatrixCell =>
    supported ? { supported } : { supported, ...(b.limits[key] === undefined ? {} : { reason: b.limits[key] }) };
  const rows: MatrixRow[] = FLAGS.map(({ group, feature, field }) => ({ group, feature, key: field, cells: backends.map((b) => cell(b, b[field], field)) }));
  for (const { group, field, values } of listFields(backends)) {
    for (const value of values) {
      const key = `${field}:${value}`;
      rows.push({ group, feature: String(value), key, cells: backends.map((b) => cell(b, (b[field] as readonly (string | number)[]).includes(value), key)) });
    }
  }
  return rows;
}

/** The matrix as a Markdown table: ✓, or ✗ with the reason. */
export function capabilityMatrixMarkdown(backends: readonly Capabilities[]): string {
  const cellText = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const header = `| feature | ${backends.map((b) => `${b.name}${b.version === undefined ? '' : ` (${b.version})`}`).join(' | ')} |`;
  const rule = `| --- | ${backends.map(() => '---').join(' | ')} |`;
  const lines = capabilityMatrix(backends).map((row) =>
    `| ${cellText(row.group)}: \`${cellText(row.feature)}\` | ${row.cells.map((c) => (c.supported ? '✓' : `✗ ${cellText(c.reason ?? '(no reason given)')}`)).join(' | ')} |`);
  return [header, rule, ...lines].join('\n');
}
