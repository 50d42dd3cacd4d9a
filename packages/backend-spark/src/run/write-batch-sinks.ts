import { replaceOutput } from '@thund/backend-kit';
import type { Dataset, ElementRef, Flow, Pipeline } from '@thund/ir';
import type { PlanInit, RelationInit, SparkConnectSession } from '../connect/session.js';
import { thundErrorFromSpark } from '../connect/spark-error.js';
import { WriteOperation_SaveMode } from '../gen/spark/connect/commands_pb.js';
import { applyExpectations } from '../lower/expectations.js';
import { type PipelinePlace, outsideLowering, resolvePath } from '../lower/flow-plan.js';
import { shapeToSchema } from '../lower/output-shape.js';
import { readPath } from '../lower/read-path.js';
import { unionByName } from '../lower/union-by-name.js';
import { countRelationRows } from '../read/count-rows.js';
import { flowFailureOf } from '../signals/flow-failure.js';
import { type SourceTotalsLedger, countExpectations, countFlowRows } from './flow-metrics.js';
import type { InferredSchemas } from './inferred-schemas.js';
import { sinkWriteOptions } from './sink-write-options.js';
import type { FlowTracker } from './flow-tracker.js';

export interface BatchSinkRun {
  readonly session: SparkConnectSession;
  readonly pipeline: Pipeline;
  readonly place: PipelinePlace;
  readonly baseDir: string;
  readonly tracker: FlowTracker;
  readonly ledger: SourceTotalsLedger;
  readonly runId: string;
  readonly signal: AbortSignal;
  /** Schemas Spark already inferred this run for the pipeline's file reads. */
  readonly inferred?: InferredSchemas;
}

/**
 * Writes each batch-fed sink once the graph run has completed (its inputs
 * are tables and views of the pipeline, read back qualified; temporary
 * views are inlined). The sink's flows are one query (UNION ALL BY NAME of
 * each flow with its expectations applied), written by a WriteOperation to
 * a staging path beside the location and moved into place whole by
 * `replaceOutput` of `@thund/backend-kit` (journal, recovery, only outputs
 * marked as Þund's replaced), so a failed write leaves the previous output
 * as it was — as on native. The move runs on the client, which must see
 * the sink's file system, as every path of this backend assumes.
 */
export async function writeBatchSinks(run: BatchSinkRun, sinks: readonly Dataset[]): Promise<void> {
  for (const dataset of sinks) {
    if (run.signal.aborted) return;
    await writeSink(run, dataset);
  }
}

async function writeSink(run: BatchSinkRun, dataset: Dataset): Promise<void> {
  const { session, pipeline, tracker, signal } = run;
  const flows = pipeline.flows.filter((f) => f.target === dataset.name);
  const lowering = outsideLowering(pipeline, run.place, run.baseDir, run.inferred?.schemaOf);
  const relations = new Map<Flow, RelationInit>(flows.map((f) => [f, shapeToSchema(applyExpectations(lowering.lower(f.query), f, lowering.expressions), dataset)]));
  for (const flow of flows) tracker.transition(flow.name, 'planning', `flow "${flow.name}" is planning a write of sink "${dataset.name}"`);
  const location = resolvePath(run.baseDir, dataset.location ?? dataset.name);
  for (const flow of flows) tracker.transition(flow.name, 'running', `flow "${flow.name}" is writing sink "${dataset.name}" to ${location}`);
  try {
    const written = await replaceOutput({
      location,
      kind: 'directory',
      owner: { pipeline: pipeline.name, dataset: dataset.name, backend: 'spark' },
      runId: run.runId,
      write: async (staged) => {
        await session.drain(writePlan(unionByName([...relations.values()]), dataset, staged), { signal });
        return countRelationRows(session, readPath(dataset.format ?? 'parquet', staged, dataset.options), { signal });
      },
    });
    await Promise.all(flows.map(async (flow) => {
      const [rowsWritten, expectations] = await Promise.all([
        flows.length === 1 ? written : countFlowRows(session, relations.get(flow) as RelationInit, flow, run.ledger, { signal }),
        countExpectations(session, lowering, flow, run.ledger, { signal }),
      ]);
      tracker.complete(flow.name, `flow "${flow.name}" completed${rowsWritten === undefined ? '' : `: ${rowsWritten} row${rowsWritten === 1 ? '' : 's'} written`}`, {
        ...(rowsWritten === undefined ? {} : { rowsWritten }),
        ...(expectations === undefined ? {} : { expectations }),
      });
    }));
  } catch (reason) {
    if (signal.aborted) return;
    await failFlows(run, flows, lowering, reason);
  }
}

async function failFlows(run: BatchSinkRun, flows: readonly Flow[], lowering: ReturnType<typeof outsideLowering>, reason: unknown): Promise<void> {
  const { tracker, session } = run;
  const element: ElementRef = { kind: 'dataset', name: flows[0]?.target ?? '' };
  const failure = flowFailureOf(thundErrorFromSpark(reason, { remote: session.remote.display, element }));
  for (const flow of flows) {
    // A failed expectation stops the write: the flow's failure carries the counts, as on native.
    const counts = failure.kind === 'ExpectationFailed' ? await countExpectations(session, lowering, flow, run.ledger, { signal: run.signal }) : undefined;
    tracker.fail(flow.name, failure, counts === undefined ? {} : { expectations: counts });
  }
}

function writePlan(input: RelationInit, dataset: Dataset, path: string): PlanInit {
  return {
    opType: {
      case: 'command',
      value: {
        commandType: {
          case: 'writeOperation',
          value: {
            input,
            source: dataset.format ?? 'parquet',
            saveType: { case: 'path', value: path },
            mode: WriteOperation_SaveMode.ERROR_IF_EXISTS,
            partitioningColumns: [...(dataset.partitionColumns ?? [])],
            options: sinkWriteOptions(dataset),
          },
        },
      },
    },
  };
}
