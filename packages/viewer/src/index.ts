export { datasetId, flowId, pipelineGraph, type GraphEdge, type GraphFlow, type GraphNode, type PipelineGraph } from './pipeline-graph.js';
export { datasetLabel } from './dataset-label.js';
export { layoutGraph, type GraphLayout, type LaidOutEdge, type LaidOutNode } from './layout.js';
export { NODE_GEOMETRY, nodeSize, type NodeGeometry } from './node-geometry.js';
export { expectationTotals, type ExpectationTotals } from './expectation-totals.js';
export type { LogMismatch } from './log-mismatch.js';
export { ViewerModel, type NodeView, type SchemaColumn } from './viewer-model.js';
export { runSummary, type RunSummary } from './run-summary.js';
export { startViewer, type LoweredText, type ViewerHandle, type ViewerOptions } from './viewer-server.js';
