export { main, USAGE } from './main.js';
export { ExitCode, processIo, type CliIo } from './io.js';
export { loadPipeline } from './load-pipeline.js';
export type { BackendOptions } from './backends.js';
