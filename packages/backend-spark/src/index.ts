export { SparkBackend, createSparkBackend } from './spark-backend.js';
export { DEFAULT_REMOTE, type ResolvedSparkConfig, type SparkBackendConfig } from './spark-config.js';
export { SPARK_VERSION, createSparkCapabilities, type SparkServerFacts } from './spark-capabilities.js';
export { checkForSpark } from './spark-check.js';
export { DEFAULT_SPARK_PORT, parseConnectionString, type SparkRemote } from './connect/connection-string.js';
export { SparkConnectSession, type ExecuteOptions, type PlanInit, type RelationInit, type SessionOptions } from './connect/session.js';
export { GrpcTransport, MAX_RECEIVE_MESSAGE_BYTES, type ConnectTransport, type ResponseStream } from './connect/transport.js';
export { SparkError, conciseSparkMessage, errorClassOf, sparkFacts, thundErrorFromSpark, type GrpcErrorLike, type SparkErrorFacts } from './connect/spark-error.js';
export { SparkErrorCode } from './connect/spark-error-code.js';
export { DEFAULT_CONNECT_TIMEOUTS, type ConnectTimeouts } from './connect/connect-timeouts.js';
export { SparkDeadlineError, type DeadlineFacts, type DeadlinePhase, type DeadlineSetting } from './connect/deadline-error.js';
export { connectionFailureOf, type ConnectionFailure } from './connect/connection-failure.js';
export { decodeStatusDetails, type SparkErrorInfo, type StatusDetails } from './connect/status-details.js';
export { collectArrow } from './connect/arrow-result.js';
export { ExpressionLowering } from './lower/expression-lowering.js';
export { RelationLowering, SPARK_SQL_DIALECTS, type LoweringContext } from './lower/relation-lowering.js';
export { SPARK_FUNCTIONS, sparkFunctionsFor, type SparkFunction } from './lower/function-lowering.js';
export { applyExpectations, expectationCounts, failedExpectation } from './lower/expectations.js';
export { lowerFlowForGraph, outsideLowering, type PipelinePlace } from './lower/flow-plan.js';
export { schemaDdl, sparkType } from './lower/spark-types.js';
export { FlowNames, unresolvedFlows } from './run/flow-names.js';
export { fromSdpEvent, parseSdpMessage, type SdpContext, type SdpError, type SdpEvent, type SdpMessage } from './events/sdp-event.js';
export { storageUri } from './run/run-pipeline.js';
// Rows by the rules both backends share (exact decimals, UTC dates, bigint).
export { scaleDecimal, tableToRows, type PlainRow, type PlainValue } from '@thund/arrow-rows';
export { flowRelations, type FlowRelation } from './lower/flow-relations.js';
export { sparkBackendFactory } from './spark-factory.js';
// How `thund --backend spark` (and any tool) creates this backend.
export { sparkBackendFactory as default } from './spark-factory.js';
