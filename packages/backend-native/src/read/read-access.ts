/**
 * The Arrow read paths, in one module that is loaded only when something
 * is read as Arrow: apache-arrow (~150 modules) is about 120 ms of start-up
 * a run does not need (see `loadArrowReads` in native-backend.ts). Plain
 * rows (`read-rows.ts`) need no Arrow.
 */
export { readTable, streamBatches } from './read-dataset.js';
