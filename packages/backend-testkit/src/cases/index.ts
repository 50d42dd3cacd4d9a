import type { ConformanceCase } from '../conformance-case.js';
import { BATCH_CASES } from './batch-cases.js';
import { EXPECTATION_CASES } from './expectation-cases.js';
import { FUNCTION_CASES } from './function-cases.js';

export { BATCH_CASES, EXPECTATION_CASES, FUNCTION_CASES };

/** Every conformance case, in a stable order. */
export const ALL_CASES: readonly ConformanceCase[] = [...BATCH_CASES, ...EXPECTATION_CASES, ...FUNCTION_CASES];
