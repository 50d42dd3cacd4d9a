export { datasetId, flowId, pipelineGraph, type GraphEdge, type GraphNode, type GraphNodeKind, type PipelineGraph } from './pipeline-graph.js';
export { layoutGraph, type GraphLayout, type LaidOutEdge, type LaidOutNode } from './layout.js';
export { ViewerModel, type NodeView } from './viewer-model.js';
export { startViewer, type LoweredText, type ViewerHandle, type ViewerOptions } from './viewer-server.js';
