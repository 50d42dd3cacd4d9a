import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Pipeline } from '@thund/ir';
import type { SparkConnectSession } from '../../src/connect/session.js';
import { batchSinkFlows } from '../../src/lower/batch-sinks.js';
import { outsideLowering, resolvePath } from '../../src/lower/flow-plan.js';
import { type LoweringContext, RelationLowering, subqueryAlias } from '../../src/lower/relation-lowering.js';
import { graphOutputs } from '../../src/lower/graph-flows.js';
import { defineGraph } from '../../src/run/define-graph.js';
import { asPlan, dropGraph, startRunCommand } from '../../src/run/graph-commands.js';
import { StagingRefused, stagedSchemas } from '../../src/run/stage-append-once.js';

/**
 * Whether Spark itself refuses a pipeline, with Þund's validation and check
 * out of the way: the pipeline lowered to a dataflow graph as a run lowers
 * it, then SDP's own dry run (every flow resolved and analysed by Spark,
 * nothing written), and each batch sink's query (written outside the graph)
 * analysed by Spark. Returns Spark's reason, or `undefined` when Spark
 * accepts it all. A pipeline that does not even lower (a read of a
 * dataset that is not there, say) is refused before Spark sees it.
 */
export async function sparkDryRunRefuses(session: SparkConnectSession, pipeline: Pipeline, dir: string, database: string): Promise<string | undefined> {
  await session.sql(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
  const place = { catalog: 'spark_catalog', database };
  let outputs: ReturnType<typeof graphOutputs>;
  try {
    // As a dry run does: each append-once flow's query analysed by Spark, the graph given its staged rows' schema.
    const staged = await stagedSchemas(session, pipeline, outsideLowering(pipeline, place, dir), new AbortController().signal);
    outputs = graphOutputs(pipeline, dir, join(dir, 'storage'), staged);
  } catch (error) {
    return error instanceof StagingRefused ? error.message : `the flows do not lower: ${String(error)}`;
  }
  // Batch sinks are written outside the graph, after it (batch-sinks.ts): Spark analyses each one's query, with the
  // graph's datasets it reads inlined as their flows' queries (the graph is not written by a dry run).
  for (const flow of batchSinkFlows(pipeline)) {
    const refused = await session.table({ relType: { case: 'limit', value: { input: inliningLowering(pipeline, dir).lower(flow.query), limit: 0 } } })
      .then(() => undefined, (error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (refused !== undefined) return refused;
  }
  if (!outputs.some((o) => o.dataset.type !== 'temporary_view' && o.flows.length > 0)) return undefined;
  let graphId: string | undefined;
  try {
    graphId = await defineGraph(session, pipeline, { place, outputs, flows: outputs.flatMap((o) => o.flows), baseDir: dir });
    await session.drain(asPlan(startRunCommand(graphId, { storage: pathToFileURL(join(dir, 'storage')).href, fullRefreshAll: false, refresh: [], fullRefresh: [], dryRun: true })));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    if (graphId !== undefined) await session.drain(asPlan(dropGraph(graphId))).catch(() => undefined);
  }
}

/** Reads of a pipeline's datasets become their (single) flow's query, as outsideLowering does for temporary views. */
function inliningLowering(pipeline: Pipeline, dir: string): RelationLowering {
  const definingFlow = new Map(pipeline.flows.map((f) => [f.target, f]));
  const context: LoweringContext = {
    streaming: false,
    resolvePath: (p) => resolvePath(dir, p),
    readDataset(name) {
      const flow = definingFlow.get(name);
      return flow === undefined ? undefined : subqueryAlias(new RelationLowering(context).lower(flow.query), name);
    },
  };
  return new RelationLowering(context);
}
