import { describe, expect, it } from 'vitest';
import type { Capabilities, Feature } from '../src/index.js';
import { DEFAULT_CAPABILITIES, checkAgainst, defineCapabilities, validatePipeline } from '../src/index.js';
import { everyFeaturePipeline, fullCapabilities } from './support/full-pipeline.js';

interface Toggle {
  readonly feature: Feature;
  readonly off: Partial<Capabilities>;
  /** Every unsupported value that must be reported, and the elements reporting it. */
  readonly expected: readonly (readonly [value: string, element: string])[];
}

const without = <T>(list: readonly T[], value: T): T[] => list.filter((x) => x !== value);
const full = fullCapabilities();

const TOGGLES: readonly Toggle[] = [
  { feature: 'batch', off: { batch: false }, expected: [['', 'lookup'], ['', 'codes'], ['', 'summary'], ['', 'export']] },
  { feature: 'streaming', off: { streaming: false }, expected: [['', 'events'], ['', 'tumbling'], ['', 'hopping'], ['', 'session'], ['', 'backfill']] },
  { feature: 'event_time', off: { eventTime: false }, expected: [['', 'tumbling'], ['', 'hopping'], ['', 'session']] },
  { feature: 'window_kind', off: { windowKinds: without(full.windowKinds, 'session') }, expected: [['session', 'session']] },
  { feature: 'window_kind', off: { windowKinds: without(full.windowKinds, 'hopping') }, expected: [['hopping', 'hopping']] },
  { feature: 'window_kind', off: { windowKinds: without(full.windowKinds, 'tumbling') }, expected: [['tumbling', 'tumbling']] },
  { feature: 'output_mode', off: { outputModes: without(full.outputModes, 'append') }, expected: [['append', 'tumbling']] },
  { feature: 'output_mode', off: { outputModes: without(full.outputModes, 'update') }, expected: [['update', 'hopping']] },
  { feature: 'output_mode', off: { outputModes: without(full.outputModes, 'complete') }, expected: [['complete', 'session']] },
  { feature: 'trigger', off: { triggers: without(full.triggers, 'available_now') }, expected: [['available_now', 'events']] },
  { feature: 'trigger', off: { triggers: without(full.triggers, 'once') }, expected: [['once', 'tumbling']] },
  { feature: 'trigger', off: { triggers: without(full.triggers, 'processing_time') }, expected: [['processing_time', 'hopping']] },
  { feature: 'cdc', off: { cdcScdTypes: [] }, expected: [['', 'apply_scd1'], ['', 'apply_scd2']] },
  { feature: 'cdc_scd_type', off: { cdcScdTypes: [1] }, expected: [['2', 'apply_scd2']] },
  { feature: 'cdc_scd_type', off: { cdcScdTypes: [2] }, expected: [['1', 'apply_scd1']] },
  { feature: 'expectation_action', off: { expectations: without(full.expectations, 'warn') }, expected: [['warn', 'summary']] },
  { feature: 'expectation_action', off: { expectations: without(full.expectations, 'drop') }, expected: [['drop', 'summary']] },
  { feature: 'expectation_action', off: { expectations: without(full.expectations, 'fail') }, expected: [['fail', 'summary']] },
  { feature: 'dataset_type', off: { datasetTypes: without(full.datasetTypes, 'materialized_view') }, expected: [['materialized_view', 'summary']] },
  { feature: 'dataset_type', off: { datasetTypes: without(full.datasetTypes, 'temporary_view') }, expected: [['temporary_view', 'codes']] },
  { feature: 'dataset_type', off: { datasetTypes: without(full.datasetTypes, 'sink') }, expected: [['sink', 'export']] },
  { feature: 'sql_dialect', off: { sqlDialects: [] }, expected: [['duckdb', 'summary']] },
  { feature: 'function', off: { functions: without(full.functions, 'row_number') }, expected: [['row_number', 'summary']] },
  { feature: 'function', off: { functions: without(full.functions, 'sum') }, expected: [['sum', 'hopping']] },
  { feature: 'file_format', off: { fileFormats: without(full.fileFormats, 'parquet') }, expected: [['parquet', 'lookup']] },
  { feature: 'file_format', off: { fileFormats: without(full.fileFormats, 'csv') }, expected: [['csv', 'codes'], ['csv', 'export']] },
  { feature: 'batch_sink', off: { batchSinks: false }, expected: [['', 'export']] },
  ...(['join', 'union', 'window', 'deduplicate', 'limit', 'sort', 'filter', 'project', 'aggregate', 'read', 'read_files', 'sql'] as const).map(
    (kind): Toggle => ({
      feature: 'relation',
      off: { relations: without(full.relations, kind) },
      expected: ({
        join: [['join', 'summary']], union: [['union', 'summary']], window: [['window', 'summary']], deduplicate: [['deduplicate', 'summary']],
        limit: [['limit', 'summary']], sort: [['sort', 'summary']], filter: [['filter', 'summary']], project: [['project', 'summary']],
        aggregate: [['aggregate', 'tumbling'], ['aggregate', 'hopping'], ['aggregate', 'session']], sql: [['sql', 'summary']],
        read: [['read', 'summary'], ['read', 'tumbling'], ['read', 'hopping'], ['read', 'session'], ['read', 'apply_scd1'], ['read', 'apply_scd2'], ['read', 'export']],
        read_files: [['read_files', 'events'], ['read_files', 'lookup'], ['read_files', 'codes'], ['read_files', 'backfill']],
      } as const)[kind],
    }),
  ),
];

describe('checkAgainst with a fake backend', () => {
  const pipeline = everyFeaturePipeline();

  it('uses a valid pipeline that the full capabilities accept', () => {
    expect(validatePipeline(pipeline)).toEqual([]);
    expect(checkAgainst(pipeline, full)).toEqual({ backend: 'fake', ok: true, violations: [] });
  });

  for (const toggle of TOGGLES) {
    it(`reports ${toggle.feature} ${JSON.stringify(toggle.off)}`, () => {
      const report = checkAgainst(pipeline, { ...full, ...toggle.off });
      expect(report.ok).toBe(false);
      expect(report.violations.map((v) => [v.value, v.element.name]).sort()).toEqual([...toggle.expected].map((e) => [...e]).sort());
      for (const violation of report.violations) {
        expect(violation.feature).toBe(toggle.feature);
        expect(violation.backend).toBe('fake');
        expect(violation.message).toContain('backend "fake" does not support');
        expect(violation.message).toContain(violation.element.name);
        expect(violation.path).toMatch(/^\$\.(flows|datasets)\[\d+\]/);
      }
    });
  }

  it('reports every violation at once when everything is off', () => {
    const report = checkAgainst(pipeline, defineCapabilities({ name: 'nothing' }));
    const features = new Set(report.violations.map((v) => v.feature));
    // cdc_scd_type is not reported when CDC as a whole is missing: one reason per flow is enough.
    const expected: Feature[] = [
      'batch', 'streaming', 'event_time', 'window_kind', 'output_mode', 'trigger', 'cdc', 'expectation_action',
      'dataset_type', 'relation', 'function', 'sql_dialect', 'file_format', 'batch_sink',
    ];
    expect([...features].sort()).toEqual(expected.sort());
  });

  it('fills defaults so a backend declares only what it supports', () => {
    const minimal = defineCapabilities({ name: 'tiny', batch: true });
    expect(minimal).toEqual({ ...DEFAULT_CAPABILITIES, name: 'tiny', batch: true });
    expect(Object.isFrozen(minimal)).toBe(true);
  });
});
