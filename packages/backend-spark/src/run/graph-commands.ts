import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Dataset, Pipeline } from '@thund/ir';
import type { PlanInit, RelationInit } from '../connect/session.js';
import { OutputType, type PipelineCommandSchema } from '../gen/spark/connect/pipelines_pb.js';
import type { PipelinePlace } from '../lower/flow-plan.js';
import { resolvePath } from '../lower/flow-plan.js';
import { sinkWriteOptions } from './sink-write-options.js';
import { schemaDdl } from '../lower/spark-types.js';

export type PipelineCommandInit = MessageInitShape<typeof PipelineCommandSchema>['commandType'];

/** SQL conf every graph gets: no flow retries (a failing flow would otherwise retry 3× with 6 s/11 s waits). */
/**
 * Defaults a pipeline's `configuration` may override: the IR's timestamps are
 * UTC, so the session time zone is too (casts between TIMESTAMP_NTZ and
 * TIMESTAMP, which watermarks need, keep the instant).
 */
export const GRAPH_DEFAULT_SQL_CONF: Readonly<Record<string, string>> = Object.freeze({ 'spark.sql.session.timeZone': 'UTC' });

export const GRAPH_SQL_CONF: Readonly<Record<string, string>> = Object.freeze({
  'spark.sql.pipelines.maxFlowRetryAttempts': '0',
  'spark.sql.streaming.schemaInference': 'true',
});

const OUTPUT_TYPE: Readonly<Record<Dataset['type'], OutputType>> = {
  materialized_view: OutputType.MATERIALIZED_VIEW,
  table: OutputType.TABLE,
  temporary_view: OutputType.TEMPORARY_VIEW,
  sink: OutputType.SINK,
};

export function asPlan(command: PipelineCommandInit): PlanInit {
  return { opType: { case: 'command', value: { commandType: { case: 'pipelineCommand', value: { commandType: command } } } } };
}

export function createGraph(pipeline: Pipeline, place: PipelinePlace): PipelineCommandInit {
  return {
    case: 'createDataflowGraph',
    value: { defaultCatalog: place.catalog, defaultDatabase: place.database, sqlConf: { ...GRAPH_DEFAULT_SQL_CONF, ...pipeline.configuration, ...GRAPH_SQL_CONF } },
  };
}

export function defineOutput(graphId: string, dataset: Dataset, baseDir: string): PipelineCommandInit {
  const base = {
    dataflowGraphId: graphId,
    outputName: dataset.name,
    outputType: OUTPUT_TYPE[dataset.type],
    ...(dataset.comment === undefined ? {} : { comment: dataset.comment }),
  };
  if (dataset.type === 'temporary_view') return { case: 'defineOutput', value: base };
  if (dataset.type === 'sink') {
    const options = sinkWriteOptions(dataset);
    if (dataset.location !== undefined) options['path'] = resolvePath(baseDir, dataset.location);
    return { case: 'defineOutput', value: { ...base, details: { case: 'sinkDetails', value: { options, ...(dataset.format === undefined ? {} : { format: dataset.format }) } } } };
  }
  return {
    case: 'defineOutput',
    value: {
      ...base,
      details: {
        case: 'tableDetails',
        value: {
          tableProperties: { ...dataset.properties },
          partitionCols: [...(dataset.partitionColumns ?? [])],
          ...(dataset.format === undefined ? {} : { format: dataset.format }),
          ...(dataset.schema === undefined ? {} : { schema: { case: 'schemaString' as const, value: schemaDdl(partitionColumnsLast(dataset).map((f) => ({ ...f, nullable: true }))) } }),
        },
      },
    },
  };
}

/**
 * The declared schema with the partition columns moved to its end: Spark's
 * file-based tables keep partition columns last, and a schema that does not
 * fails analysis ("Corrupted table metadata"). Rows are read by name, so the
 * order changes nothing else.
 */
function partitionColumnsLast(dataset: Dataset): NonNullable<Dataset['schema']> {
  const schema = dataset.schema ?? [];
  const partitions = dataset.partitionColumns ?? [];
  const last = partitions.flatMap((name) => schema.filter((f) => f.name === name));
  return [...schema.filter((f) => !partitions.includes(f.name)), ...last];
}

export function defineFlow(graphId: string, flowName: string, target: string, relation: RelationInit): PipelineCommandInit {
  return {
    case: 'defineFlow',
    value: { dataflowGraphId: graphId, flowName, targetDatasetName: target, details: { case: 'relationFlowDetails', value: { relation } } },
  };
}

export function startRunCommand(graphId: string, options: {
  readonly storage: string; readonly dryRun: boolean;
  /** Every dataset is recomputed from scratch. */
  readonly fullRefreshAll: boolean;
  /** SDP's selection, by graph table name: refreshed (`refresh`) and recomputed from scratch (`fullRefresh`); both empty for every flow. */
  readonly refresh: readonly string[];
  readonly fullRefresh: readonly string[];
}): PipelineCommandInit {
  return {
    case: 'startRun',
    value: {
      dataflowGraphId: graphId, storage: options.storage, fullRefreshAll: options.fullRefreshAll, dry: options.dryRun,
      refreshSelection: [...options.refresh], fullRefreshSelection: [...options.fullRefresh],
    },
  };
}

export function dropGraph(graphId: string): PipelineCommandInit {
  return { case: 'dropDataflowGraph', value: { dataflowGraphId: graphId } };
}
