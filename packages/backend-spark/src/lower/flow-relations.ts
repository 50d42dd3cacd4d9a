import { create, toJsonString } from '@bufbuild/protobuf';
import { type Pipeline, assertPlanDepth } from '@thund/ir';
import { RelationSchema } from '../gen/spark/connect/relations_pb.js';
import { lowerFlowForGraph } from './flow-plan.js';

/** One flow's lowered Spark Connect `Relation`, as protobuf JSON (for `thund plan`). */
export interface FlowRelation {
  /** The flow's name. */
  readonly flow: string;
  /** The flow's `Relation` as protobuf JSON, indented by two spaces. */
  readonly relationJson: string;
}

/**
 * Each flow's query as the Relation proto DefineFlow sends (expectations
 * included). Lowering recurses over plans, so a plan deeper than
 * MAX_PLAN_DEPTH is refused first with a ValidationError.
 */
export function flowRelations(pipeline: Pipeline, baseDir: string): FlowRelation[] {
  assertPlanDepth(pipeline);
  return pipeline.flows.map((flow) => ({
    flow: flow.name,
    relationJson: toJsonString(RelationSchema, create(RelationSchema, lowerFlowForGraph(flow, baseDir, pipeline)), { prettySpaces: 2 }),
  }));
}
