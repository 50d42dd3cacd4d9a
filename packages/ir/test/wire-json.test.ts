import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../src/index.js';
import { ThundError, capabilitiesFromJson, capabilitiesToJson, defineCapabilities, runEventFromJson, runEventToJson } from '../src/index.js';

describe('snake_case JSON forms of the contract', () => {
  it('Capabilities use the original contract field names and round-trip', () => {
    const capabilities = defineCapabilities({ name: 'x', eventTime: true, outputModes: ['append', 'update'], cdcScdTypes: [1], batchSinks: true });
    const json = capabilitiesToJson(capabilities);
    expect(json).toMatchObject({ name: 'x', event_time: true, output_modes: ['append', 'update'], cdc_scd_types: [1], batch_sinks: true });
    expect(Object.keys(json).every((k) => /^[a-z_]+$/.test(k))).toBe(true);
    expect(capabilitiesFromJson(JSON.parse(JSON.stringify(json)))).toEqual(capabilities);
  });

  it('a capabilities document without a name is a clear error', () => {
    expect(() => capabilitiesFromJson({ batch: true })).toThrow(ThundError);
  });

  it('RunEvent uses snake_case details and round-trips', () => {
    const event: RunEvent = {
      timestamp: '2026-12-02T10:00:00.000Z',
      runId: 'r1',
      element: { kind: 'flow', name: 'clean' },
      phase: 'completed',
      level: 'info',
      message: 'Flow clean completed',
      details: {
        rowsRead: 10,
        rowsWritten: 8,
        durationMs: 12.5,
        expectations: [{ name: 'pos', action: 'drop', passed: 8, failed: 2 }],
        epoch: 3,
        watermark: '2026-12-02T09:59:00.000Z',
        lateRows: 1,
        stateRows: 4,
        error: { code: 'THUND_ENGINE', message: 'x', engineClass: 'UNRESOLVED_COLUMN' },
      },
    };
    const json = runEventToJson(event);
    expect(json).toMatchObject({
      run_id: 'r1',
      details: { rows_read: 10, rows_written: 8, duration_ms: 12.5, late_rows: 1, state_rows: 4, error: { engine_class: 'UNRESOLVED_COLUMN' } },
    });
    expect(runEventFromJson(JSON.parse(JSON.stringify(json)))).toEqual(event);
  });

  it('an unknown error code from another world becomes THUND_INTERNAL, not a crash', () => {
    const event = runEventFromJson({ timestamp: 't', run_id: 'r', message: 'm', element: { kind: 'flow', name: 'f' }, details: { error: { code: 'E42', message: 'x' } } });
    expect(event.details?.error?.code).toBe('THUND_INTERNAL');
    expect(() => runEventFromJson({ message: 'm' })).toThrow(/run_id/);
  });
});
