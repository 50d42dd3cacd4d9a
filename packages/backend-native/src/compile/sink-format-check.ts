import { type Pipeline, type Violation, jsonPath } from '@thund/ir';

/**
 * Sink shapes DuckDB cannot write: `COPY … (FORMAT JSON, PARTITION_BY …)`
 * is an unknown option in DuckDB 1.5 (CSV and Parquet partition fine), so a
 * partitioned JSON sink is refused up front instead of failing its run.
 */
export function sinkFormatViolations(pipeline: Pipeline, backend: string): Violation[] {
  return pipeline.datasets.flatMap((dataset, i) => {
    if (dataset.type !== 'sink' || dataset.format !== 'json' || (dataset.partitionColumns ?? []).length === 0) return [];
    return [{
      backend, element: { kind: 'dataset' as const, name: dataset.name }, feature: 'dataset_type' as const, value: 'partitioned_json_sink', path: jsonPath(['datasets', i, 'partitionColumns']),
      message: `backend "${backend}" cannot write sink "${dataset.name}" as JSON partitioned by ${(dataset.partitionColumns ?? []).join(', ')}: DuckDB partitions only CSV and Parquet output; use format "parquet" or "csv", or drop partitionColumns`,
    }];
  });
}
