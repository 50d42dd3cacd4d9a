import type { Dataset, FileFormat } from '@thund/ir';
import { optionValue, quoteIdentifier, quoteString } from './sql-text.js';

/** `COPY (query) TO 'path' (FORMAT …)`, with the sink's options. */
export function copyStatement(
  query: string, path: string, dataset: Pick<Dataset, 'format' | 'options' | 'partitionColumns'>, extra: { readonly filenamePattern?: string } = {},
): string {
  const format: FileFormat = dataset.format ?? 'parquet';
  const options = new Map<string, string>(format === 'csv' ? [['HEADER', 'true']] : []);
  for (const [key, value] of Object.entries(dataset.options ?? {})) {
    if (key.toUpperCase() !== 'FORMAT') options.set(key.toUpperCase(), value);
  }
  const parts = [`FORMAT ${format}`];
  for (const [key, value] of options) {
    const option = optionValue(key, value);
    parts.push(`${option.key} ${option.value}`);
  }
  if (dataset.partitionColumns !== undefined && dataset.partitionColumns.length > 0) {
    parts.push(`PARTITION_BY (${dataset.partitionColumns.map(quoteIdentifier).join(', ')})`);
    if (extra.filenamePattern !== undefined) parts.push(`FILENAME_PATTERN ${quoteString(extra.filenamePattern)}`);
  }
  return `COPY (${query}) TO ${quoteString(path)} (${parts.join(', ')})`;
}

/** The statement that writes a flow's result into its dataset, as `run` executes it. */
export function writeStatement(dataset: Dataset, target: string, query: string, sinkPath: string | undefined): string {
  switch (dataset.type) {
    case 'materialized_view':
      return `CREATE OR REPLACE TABLE ${target} AS ${query}`;
    case 'table':
      return `INSERT INTO ${target} BY NAME ${query}`;
    case 'temporary_view':
      return `CREATE OR REPLACE VIEW ${target} AS ${query}`;
    case 'sink':
      return copyStatement(query, sinkPath ?? dataset.location ?? '', dataset);
  }
}
