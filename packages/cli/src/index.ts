export { main, USAGE } from './main.js';
export { ExitCode, processIo, type CliIo } from './io.js';
export { loadPipeline } from './load-pipeline.js';
/** @deprecated The settings a backend is created with are `BackendSettings` in `@thund/ir`, which every backend factory takes. */
export type { BackendSettings as BackendOptions } from '@thund/ir';
