import { create, toJsonString } from '@bufbuild/protobuf';
import type { Pipeline } from '@thund/ir';
import { RelationSchema } from '../gen/spark/connect/relations_pb.js';
import { lowerFlowForGraph } from './flow-plan.js';

/** One flow's lowered Spark Connect `Relation`, as protobuf JSON (for `thund plan`). */
export interface FlowRelation {
  readonly flow: string;
  readonly relationJson: string;
}

/** Each flow's query as the Relation proto DefineFlow sends (expectations included). */
export function flowRelations(pipeline: Pipeline, baseDir: string): FlowRelation[] {
  return pipeline.flows.map((flow) => ({
    flow: flow.name,
    relationJson: toJsonString(RelationSchema, create(RelationSchema, lowerFlowForGraph(flow, baseDir, pipeline)), { prettySpaces: 2 }),
  }));
}
