import type { ConformanceCase } from '../conformance-case.js';
import { BATCH_CASES } from './batch-cases.js';
import { CDC_CASES } from './cdc-cases.js';
import { EVENT_TIME_CASES, PACED_EVENT_TIME_CASES } from './event-time-cases.js';
import { EXPECTATION_CASES } from './expectation-cases.js';
import { CAST_CASES } from './cast-cases.js';
import { FUNCTION_CASES } from './function-cases.js';
import { NESTED_CASES } from './nested-cases.js';
import { NESTED_FUNCTION_CASES } from './nested-function-cases.js';
import { SINK_CASES } from './sink-cases.js';
import { SCHEMA_CASES } from './schema-cases.js';
import { SELECTION_CASES } from './selection-cases.js';
import { STREAMING_CASES } from './streaming-cases.js';

export { BATCH_CASES, CDC_CASES, EVENT_TIME_CASES, EXPECTATION_CASES, FUNCTION_CASES, SCHEMA_CASES, SELECTION_CASES, SINK_CASES, STREAMING_CASES };

/** Every conformance case, in a stable order. */
export const ALL_CASES: readonly ConformanceCase[] = [
  ...BATCH_CASES, ...EXPECTATION_CASES, ...STREAMING_CASES, ...EVENT_TIME_CASES, ...PACED_EVENT_TIME_CASES, ...CDC_CASES, ...FUNCTION_CASES, ...CAST_CASES, ...NESTED_CASES, ...NESTED_FUNCTION_CASES, ...SINK_CASES, ...SCHEMA_CASES, ...SELECTION_CASES,
];
