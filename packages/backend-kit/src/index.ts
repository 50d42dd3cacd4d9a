export { OUTPUT_MARKER, markerText, readMarker, sidecarMarkerPath, writeMarker, type OutputMarker, type OutputOwner } from './output/output-marker.js';
export { assertOwned, claimOutputDirectory, notOwnedError, refusal, removeOutputDirectory } from './output/output-ownership.js';
export { recoverOutput, replaceOutput, type ReplaceRequest } from './output/replace-output.js';
export { nodeSinkFs, type PathEntry, type SinkFs } from './output/sink-fs.js';
