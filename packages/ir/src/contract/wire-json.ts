import { ThundErrorCode, isThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';
import type { Capabilities } from './capabilities.js';
import { defineCapabilities } from './capabilities.js';
import type { RunEvent, RunEventDetails } from './run-event.js';

// The JSON forms of Capabilities and RunEvent keep the snake_case field
// names of the original Rust contract, so events from either world
// interoperate. Conversion is key renaming only.

const CAPABILITY_KEYS = {
  name: 'name',
  version: 'version',
  batch: 'batch',
  streaming: 'streaming',
  eventTime: 'event_time',
  windowKinds: 'window_kinds',
  outputModes: 'output_modes',
  triggers: 'triggers',
  cdcScdTypes: 'cdc_scd_types',
  expectations: 'expectations',
  datasetTypes: 'dataset_types',
  relations: 'relations',
  functions: 'functions',
  sqlDialects: 'sql_dialects',
  fileFormats: 'file_formats',
  batchSinks: 'batch_sinks',
  nestedTypes: 'nested_types',
  selectiveRefresh: 'selective_refresh',
  limits: 'limits',
} as const satisfies Record<keyof Capabilities, string>;

const DETAIL_KEYS = {
  rowsRead: 'rows_read',
  rowsWritten: 'rows_written',
  durationMs: 'duration_ms',
  expectations: 'expectations',
  epoch: 'epoch',
  watermark: 'watermark',
  lateRows: 'late_rows',
  stateRows: 'state_rows',
  reason: 'reason',
  error: 'error',
} as const satisfies Record<keyof RunEventDetails, string>;

const ERROR_KEYS = { code: 'code', message: 'message', engineClass: 'engine_class', sample: 'sample' } as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object: the snake_case wire form of capabilities and run events. */
export type JsonObject = { [key: string]: Json };

function rename(value: object, keys: Readonly<Record<string, string>>): JsonObject {
  const out: JsonObject = {};
  for (const [from, to] of Object.entries(keys)) {
    const v = (value as Record<string, unknown>)[from];
    if (v !== undefined) out[to] = v as Json;
  }
  return out;
}

function unrename(value: JsonObject, keys: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [to, from] of Object.entries(keys)) if (value[from] !== undefined) out[to] = value[from];
  return out;
}

/** Capabilities in their snake_case JSON form, for other languages and processes. */
export function capabilitiesToJson(capabilities: Capabilities): JsonObject {
  return rename(capabilities, CAPABILITY_KEYS);
}

/**
 * Reads capabilities from their snake_case JSON form, defaulting absent fields; throws a ThundError when `name`
 * is missing.
 */
export function capabilitiesFromJson(json: JsonObject): Capabilities {
  const value = unrename(json, CAPABILITY_KEYS);
  if (typeof value['name'] !== 'string') {
    throw new ThundError(ThundErrorCode.Validation, 'capabilities JSON has no "name": every backend must name itself');
  }
  return defineCapabilities(value as Pick<Capabilities, 'name'> & Partial<Capabilities>);
}

/** A run event in its snake_case JSON form (the JSONL event log's line format). */
export function runEventToJson(event: RunEvent): JsonObject {
  const out: JsonObject = {
    timestamp: event.timestamp,
    run_id: event.runId,
    element: { kind: event.element.kind, name: event.element.name },
    level: event.level,
    message: event.message,
  };
  if (event.phase !== undefined) out['phase'] = event.phase;
  if (event.details !== undefined) {
    const details = rename(event.details, DETAIL_KEYS);
    if (event.details.error !== undefined) details['error'] = rename(event.details.error, ERROR_KEYS);
    out['details'] = details;
  }
  return out;
}

/** Reads a RunEvent from its snake_case JSON form; throws a ThundError naming what is missing. */
export function runEventFromJson(json: JsonObject): RunEvent {
  const element = json['element'];
  if (typeof json['timestamp'] !== 'string' || typeof json['run_id'] !== 'string' || typeof json['message'] !== 'string' ||
    typeof element !== 'object' || element === null || Array.isArray(element) ||
    typeof element['kind'] !== 'string' || typeof element['name'] !== 'string') {
    throw new ThundError(ThundErrorCode.Validation, 'run event JSON needs "timestamp", "run_id", "message" and "element": {"kind","name"}');
  }
  const event: Record<string, unknown> = {
    timestamp: json['timestamp'],
    runId: json['run_id'],
    element: { kind: element['kind'], name: element['name'] },
    level: typeof json['level'] === 'string' ? json['level'] : 'info',
    message: json['message'],
  };
  if (typeof json['phase'] === 'string') event['phase'] = json['phase'];
  const details = json['details'];
  if (typeof details === 'object' && details !== null && !Array.isArray(details)) {
    const parsed = unrename(details, DETAIL_KEYS);
    const error = details['error'];
    if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
      const e = unrename(error, ERROR_KEYS);
      parsed['error'] = { ...e, code: isThundErrorCode(e['code']) ? e['code'] : ThundErrorCode.Internal };
    }
    event['details'] = parsed;
  }
  return event as unknown as RunEvent;
}
