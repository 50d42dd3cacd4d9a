import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { type Dataset, type DatasetType, type Flow, type Pipeline, assertPlanDepth, schemaResolver } from '@thund/ir';
import { type CompileContext, RelationCompiler } from './relation-compiler.js';
import { qualifiedName } from './sql-text.js';
import { writeStatement } from './write-statements.js';

/** One flow lowered to DuckDB, for `thund plan` and for the runner. */
export interface FlowPlan {
  /** The flow's name. */
  readonly flow: string;
  /** The name of the dataset the flow writes. */
  readonly target: string;
  /** The target's type (`table` when the pipeline does not declare the target). */
  readonly datasetType: DatasetType;
  /** The flow's query as one DuckDB SELECT (before expectations and schema casts). */
  readonly sql: string;
  /** How the result is written. */
  readonly write: string;
}

/** Resolves paths against `baseDir`; a directory stands for every file in it. */
export function compileContext(pipeline: Pipeline, baseDir: string): CompileContext {
  return {
    schema: pipeline.database,
    schemaOf: schemaResolver(pipeline),
    resolvePath(path) {
      const absolute = isAbsolute(path) ? path : resolve(baseDir, path);
      return existsSync(absolute) && statSync(absolute).isDirectory() ? join(absolute, '*') : absolute;
    },
  };
}

export function resolveLocation(baseDir: string, location: string): string {
  return isAbsolute(location) ? location : resolve(baseDir, location);
}

export function compileFlowQuery(flow: Flow, context: CompileContext): string {
  return new RelationCompiler(context).compile(flow.query);
}

export function targetName(pipeline: Pipeline, dataset: Pick<Dataset, 'name'>): string {
  return qualifiedName(pipeline.database, dataset.name);
}

/**
 * Every flow of `pipeline` lowered to DuckDB SQL. Pure: opens no database.
 * The compiler recurses over plans, so a plan deeper than MAX_PLAN_DEPTH is
 * refused first with a ValidationError.
 */
export function planPipeline(pipeline: Pipeline, baseDir: string): FlowPlan[] {
  assertPlanDepth(pipeline);
  const context = compileContext(pipeline, baseDir);
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  return pipeline.flows.map((flow) => {
    const dataset = datasets.get(flow.target) ?? { name: flow.target, type: 'table' as const };
    const sql = compileFlowQuery(flow, context);
    const location = dataset.location === undefined ? undefined : resolveLocation(baseDir, dataset.location);
    return Object.freeze({
      flow: flow.name,
      target: flow.target,
      datasetType: dataset.type,
      sql,
      write: writeStatement(dataset, targetName(pipeline, dataset), sql, location),
    });
  });
}
