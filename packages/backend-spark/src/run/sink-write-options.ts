import type { Dataset } from '@thund/ir';

/**
 * The writer options of a sink: the dataset's own, over Þund's defaults.
 * JSON sinks write NULL fields (Spark leaves them out by default), so a
 * column that is NULL in every row still exists when the files are read
 * back, as native's JSON writer keeps it.
 */
export function sinkWriteOptions(dataset: Dataset): Record<string, string> {
  const defaults: Record<string, string> = (dataset.format ?? 'parquet') === 'json' ? { ignoreNullFields: 'false' } : {};
  return { ...defaults, ...dataset.options };
}
