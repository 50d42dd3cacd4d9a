/**
 * Everything that reads datasets back, in one module that is loaded only
 * when something is read: reading turns DuckDB results into Arrow, and
 * apache-arrow (~150 modules) is about 80 ms of start-up a run does not
 * need (see `loadReads` in native-backend.ts).
 */
export { readQuery, readTable, streamBatches } from './read-dataset.js';
export { readRows } from './read-rows.js';
