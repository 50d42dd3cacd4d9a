export type { BackendFactory, BackendUnderTest, Row } from './backend-under-test.js';
export type { CaseContext, ConformanceCase, Rerun } from './conformance-case.js';
export { PACED_EVENT_TIME_CASES } from './cases/event-time-cases.js';
export { ALL_CASES, BATCH_CASES, CDC_CASES, EVENT_TIME_CASES, EXPECTATION_CASES, FUNCTION_CASES, SINK_CASES, STREAMING_CASES } from './cases/index.js';
export { diffRows, normalizeValue, valuesEqual } from './compare-rows.js';
export { contractViolations } from './contract-checks.js';
export { describeBackend, runCase, writeCaseFiles, type CaseRun, type DescribeBackendOptions, type SkipEntry } from './run-conformance.js';
export { GENERATED_CASES_SEED, generatedCases, type GeneratedCase } from './generate/random-plans.js';
export { FIXED_FUZZ_SEED, fuzzSeeds, type FuzzEnv } from './generate/fuzz-seeds.js';
