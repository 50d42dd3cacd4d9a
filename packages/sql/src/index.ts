export { SqlError, formatProblem, type SqlProblem } from './sql-error.js';
export { pipelineFromSql, type SqlPipelineSettings, type SqlSource } from './lower/lower-pipeline.js';
export { findSpecFile, isSpecFileName, type LoadSqlProjectOptions, loadSqlProject, type SqlProject } from './project/load-project.js';
export { SPEC_FILE_NAMES, parsePipelineSpec, type PipelineSpec } from './project/spec-file.js';
export { queryFromSql } from './lower/query-from-sql.js';
export { printPipelineSql } from './print/print-pipeline.js';
export { printQuery, type PrintContext } from './print/print-query.js';
export { SqlPrintError } from './print/print-expression.js';
