import { type Pipeline, ThundError, ThundErrorCode } from '@thund/ir';
import type { SparkConnectSession } from '../connect/session.js';
import type { PipelinePlace } from '../lower/flow-plan.js';
import type { GraphFlow, GraphOutput } from '../lower/graph-flows.js';
import { asPlan, createGraph, defineFlow, defineOutput, dropGraph } from './graph-commands.js';

/**
 * Creates `pipeline`'s dataflow graph on the server and defines its
 * outputs, then its flows (an output must exist before a flow writes it).
 * Returns the graph's id; a graph whose definition fails is dropped. Both
 * a run and the tests' Spark dry run define graphs through this.
 */
export async function defineGraph(
  session: SparkConnectSession,
  pipeline: Pipeline,
  graph: { readonly place: PipelinePlace; readonly outputs: readonly GraphOutput[]; readonly flows: readonly GraphFlow[]; readonly baseDir: string },
  signal?: AbortSignal,
): Promise<string> {
  const options = signal === undefined ? {} : { signal };
  const graphId = await createGraphId(session, pipeline, graph.place, options);
  try {
    for (const output of graph.outputs) await session.drain(asPlan(defineOutput(graphId, { ...output.dataset, type: output.sdpType }, graph.baseDir)), options);
    for (const flow of graph.flows) await session.drain(asPlan(defineFlow(graphId, flow.name, flow.target, flow.relation)), options);
    return graphId;
  } catch (reason) {
    await session.drain(asPlan(dropGraph(graphId))).catch(() => undefined);
    throw reason;
  }
}

async function createGraphId(session: SparkConnectSession, pipeline: Pipeline, place: PipelinePlace, options: { signal?: AbortSignal }): Promise<string> {
  for (const response of await session.drain(asPlan(createGraph(pipeline, place)), options)) {
    if (response.responseType.case === 'pipelineCommandResult' && response.responseType.value.resultType.case === 'createDataflowGraphResult') {
      const id = response.responseType.value.resultType.value.dataflowGraphId;
      if (id !== undefined) return id;
    }
  }
  throw new ThundError(ThundErrorCode.Internal, 'Spark did not return a dataflow graph id', { backend: 'spark' });
}
