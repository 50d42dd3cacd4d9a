export { SqlError, formatProblem, type SqlProblem } from './sql-error.js';
export { pipelineFromSql, type SqlPipelineSettings, type SqlSource } from './lower/lower-pipeline.js';
export { findSpecFile, isSpecFileName, loadSqlProject, type SqlProject } from './project/load-project.js';
export { SPEC_FILE_NAMES, parsePipelineSpec, type PipelineSpec } from './project/spec-file.js';
