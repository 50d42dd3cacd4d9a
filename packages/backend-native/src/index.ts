export { NativeBackend, createNativeBackend } from './native-backend.js';
export type { NativeBackendConfig, ResolvedNativeConfig } from './native-config.js';
export type { NativeRunOptions } from './native-backend.js';
export type { MemoryBatch, MemorySources } from './stream/memory-rows.js';
export { streamingViolations } from './stream/stream-check.js';
export { CHECKPOINT_FORMAT, CHECKPOINT_SCHEMA } from './stream/checkpoint-store.js';
export { DUCKDB_VERSION, createNativeCapabilities } from './native-capabilities.js';
export type { FlowPlan } from './compile/flow-plan.js';
export { planPipeline } from './compile/flow-plan.js';
export { RelationCompiler, type CompileContext } from './compile/relation-compiler.js';
export { ExpressionCompiler } from './compile/expression-compiler.js';
export { FUNCTION_LOWERING, LOWERED_FUNCTIONS } from './compile/function-lowering.js';
export { duckdbType } from './compile/duckdb-types.js';
export { quoteIdentifier, quoteString } from './compile/sql-text.js';
export { thundErrorFromDuckDB } from './duckdb/engine-error.js';
export { ExpectationFailedError } from './run/expectations.js';
// Rows by the rules both backends share (exact decimals, UTC dates, bigint).
export { scaleDecimal, tableToRows, type PlainRow, type PlainValue } from '@thund/arrow-rows';
export { nativeBackendFactory } from './native-factory.js';
// How `thund --backend native` (and any tool) creates this backend.
export { nativeBackendFactory as default } from './native-factory.js';
