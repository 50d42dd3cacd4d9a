export type { ViewerEvent } from './viewer-event.js';
export { toViewerEvent } from './to-viewer-event.js';
export { EMPTY_RUN_STATE, RunStateFolder, foldRunEvent, foldRunEvents, initialRunState, type FlowState, type RunState } from './run-state.js';
export { JsonlEventWriter, readJsonlEvents } from './jsonl.js';
