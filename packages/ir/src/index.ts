// Errors
export { ThundErrorCode, isThundErrorCode } from './errors/error-code.js';
export { ThundError, type ThundErrorOptions } from './errors/thund-error.js';
export { ValidationError, type ValidationIssue, type ValidationIssueCode } from './errors/validation-error.js';

// Pipeline model
export type { ElementKind, ElementRef } from './model/element-ref.js';
export { elementLabel } from './model/element-ref.js';
export {
  PRIMITIVE_TYPES, dataTypeLabel, isNestedType, type DataType, type DecimalType, type Field, type ListType, type MapType, type NestedType, type PrimitiveType,
  type StructField, type StructType, type TimestampType,
} from './model/data-type.js';
export { durationToMs, isDuration, type Duration } from './model/duration.js';
export { DATASET_TYPES, type Dataset, type DatasetType } from './model/dataset.js';
export { EXPECTATION_ACTIONS, type Expectation, type ExpectationAction } from './model/expectation.js';
export { FILE_FORMATS, type FileFormat } from './model/file-format.js';
export { FLOW_KINDS, isIncremental, type Flow, type FlowKind } from './model/flow.js';
export { isStreamingTable } from './model/streaming-table.js';
export { streamingInputs, type StreamingInputs } from './plan/streaming-inputs.js';
export { CDC_END_AT, CDC_START_AT, SCD_TYPES, type CdcSpec, type ScdType } from './model/cdc.js';
export { cdcStoredColumns, cdcTrackedColumns, resolveChanges } from './cdc/resolve-changes.js';
export { staticColumns } from './cdc/static-columns.js';
export { schemaResolver, datasetSchemas, flowOutputSchema, scopeOf, joinScope, WINDOW_BOUNDS, type ColumnScope, type InferredField, type InferredSchema } from './infer/plan-schema.js';
export { expressionType, type ColumnTypes } from './infer/expression-type.js';
export { generatedColumns, type GeneratedColumn } from './infer/generated-columns.js';
export { commonType, sameType, widensTo } from './infer/type-algebra.js';
export { parseJsonPath, type JsonPathStep } from './catalog/json-path.js';
export { closestName } from './validate/closest-name.js';
export {
  OUTPUT_MODES, TRIGGER_KINDS, WINDOW_KINDS,
  type OutputMode, type Trigger, type TriggerKind, type Watermark, type WindowKind, type WindowSpec,
} from './model/streaming.js';
export { PIPELINE_DOCUMENT_VERSION, type Pipeline } from './model/pipeline.js';

// Plan: expression nodes
export { AliasNode } from './plan/expr/alias.js';
export { BINARY_OPERATORS, BinaryNode, type BinaryOperator } from './plan/expr/binary.js';
export { CallNode } from './plan/expr/call.js';
export { CaseNode, type CaseBranch } from './plan/expr/case.js';
export { CastNode } from './plan/expr/cast.js';
export { ColumnNode } from './plan/expr/column.js';
export { FieldNode } from './plan/expr/field.js';
export { InListNode } from './plan/expr/in-list.js';
export { LiteralNode, type LiteralValue } from './plan/expr/literal.js';
export { INTEGER_RANGES, integerLiteral, integerLiteralType } from './plan/expr/integer-literal.js';
export { StarNode } from './plan/expr/star.js';
export { SubscriptNode } from './plan/expr/subscript.js';
export { UNARY_OPERATORS, UnaryNode, type UnaryOperator } from './plan/expr/unary.js';
export { WindowCallNode, type RowsFrame } from './plan/expr/window-call.js';
export { effectiveNulls, type SortKey } from './plan/expr/sort-key.js';
export {
  EXPRESSION_FIELDS, EXPRESSION_KINDS, childExpressions, outputName, walkExpression,
  type Expression, type ExpressionFields, type ExpressionKind,
} from './plan/expr/expression.js';

// Plan: relation nodes
export { AggregateNode } from './plan/rel/aggregate.js';
export { DeduplicateNode } from './plan/rel/deduplicate.js';
export { FilterNode } from './plan/rel/filter.js';
export { JOIN_TYPES, JoinNode, type JoinType } from './plan/rel/join.js';
export { LimitNode } from './plan/rel/limit.js';
export { ProjectNode } from './plan/rel/project.js';
export { ReadFilesNode } from './plan/rel/read-files.js';
export { RANGE_COLUMN, RangeNode, rangeRowCount } from './plan/rel/range.js';
export { ReadNode } from './plan/rel/read.js';
export { SortNode } from './plan/rel/sort.js';
export { SqlNode } from './plan/rel/sql.js';
export { UnionNode } from './plan/rel/union.js';
export { WindowNode } from './plan/rel/window.js';
export { GENERATORS, GenerateNode, type Generator } from './plan/rel/generate.js';
export {
  RELATION_FIELDS, RELATION_KINDS, childRelations, walkRelation,
  type RelationFields, type RelationKind, type RelationNode,
} from './plan/rel/relation.js';
export type { ChildSlot } from './plan/node-fields.js';
export { visitExpression, visitRelation, type ExpressionVisitor, type RelationVisitor } from './plan/visitor.js';
export { walkPlan, type ExpressionContext, type PlanVisitor } from './plan/plan-walk.js';
export { planFacts, type PlanFacts } from './plan/plan-facts.js';
export { MAX_PLAN_DEPTH } from './plan/plan-depth.js';
export { MAX_INLINED_DEPTH } from './validate/view-chain-rules.js';

// Plan builder
export { Expr, type ExprInput, type OverSpec } from './plan/builder/expr.js';
export * from './plan/builder/functions.js';
export { Frame, GroupedFrame, from, range, readFiles, sql, type GenerateOptions, type JoinOptions } from './plan/builder/frame.js';
export { PipelineBuilder, pipeline, type DefiningFlowOptions, type FlowOptions } from './builder/pipeline-builder.js';
export { expect } from './builder/expect.js';

// Function catalog
export {
  ALL_FUNCTION_NAMES, FUNCTION_CATALOG, functionForSparkName, functionTable, lookupFunction,
  type FunctionName, type FunctionTable, type SharedFunctionName,
} from './catalog/function-catalog.js';
export {
  arityLabel, type ArgumentClass, type ArgumentRule, type CallArgument, type EntryOptions, type FunctionKind, type FunctionSignature,
  type SharedFunctionSignature,
} from './catalog/function-signature.js';
export type { ArgumentFacts, TypeRule } from './catalog/type-rule.js';
export { type DollarUse, JavaRegexProblem, type Re2Pattern, javaRegexProblem, javaRegexToRe2 } from './catalog/java-regex.js';
export { DATE_PART_FIELDS, DATE_TRUNC_SPELLINGS, DAY_OF_WEEK_NAMES, INTERVAL_UNITS, type IntervalUnit, TIMESTAMPDIFF_UNITS, TRUNC_UNITS, dateTruncUnit } from './catalog/datetime-units.js';
export { parseDatetimePattern, type ParsedPattern, type PatternToken, type PatternUse } from './catalog/datetime-pattern.js';

// Document
export { parsePipeline, safeParsePipeline, type ParseResult } from './document/parse.js';
export { serializePipeline } from './document/serialize.js';
export { PipelineSchema } from './document/schema.js';
export { jsonPath } from './document/json-path.js';
export { validatePipeline } from './validate/validate-pipeline.js';
export { assertPlanDepth, planDepthIssues } from './validate/depth-limit.js';

// Backend contract
export { DEFAULT_CAPABILITIES, defineCapabilities, type Capabilities } from './contract/capabilities.js';
export type { CheckReport, Feature, Violation } from './contract/check-report.js';
export { checkAgainst } from './contract/check-against.js';
export { outputLocationViolations, type OutputLocationContext } from './contract/output-locations.js';
export { UnsupportedError } from './contract/unsupported-error.js';
export { beginRun, preflight, refuseRun, type RunBeginning } from './contract/refuse-run.js';
export { finishRun, type RunEnding } from './contract/finish-run.js';
export { excludedFlowEvent, excludedOutcome, selectRun, type RunSelection, type SelectionOptionNames } from './contract/run-selection.js';
export {
  RUN_PHASES, TERMINAL_PHASES, sumExpectations,
  type EventLevel, type ExpectationResult, type RunEvent, type RunEventDetails, type RunEventError, type RunPhase,
} from './contract/run-event.js';
export type { FlowOutcome, RunHandle, RunOptions, RunResult } from './contract/run-handle.js';
export type { DatasetRows, ExecBackend, ExplainedFlow, ReadRowsOptions, WrittenField } from './contract/exec-backend.js';
export { type BackendFactory, type BackendSettings, type ScratchBackend, defineBackend, isBackendFactory } from './contract/backend-factory.js';
export { startRun, type EmittedEvent, type RunContext } from './contract/start-run.js';
export { capabilityMatrix, capabilityMatrixMarkdown, type MatrixCell, type MatrixRow } from './contract/capability-matrix.js';
export { capabilitiesFromJson, capabilitiesToJson, runEventFromJson, runEventToJson, type JsonObject } from './contract/wire-json.js';

// Graph helpers for backends
export { downstreamFlows, flowStages } from './graph/flow-stages.js';
export { indexPipeline, type PipelineIndex } from './graph/pipeline-index.js';
export { pipelinePaths, type PathRules, type PipelinePaths } from './graph/pipeline-paths.js';
