import { type Dataset, type DatasetType, isStreamingTable, type Pipeline } from '@thund/ir';

/** How a card names each dataset type; a table gets its own word when it is a streaming table. */
const TYPE_LABELS: Readonly<Record<DatasetType, string>> = {
  table: 'table',
  materialized_view: 'materialized view',
  temporary_view: 'temporary view',
  sink: 'sink',
};

/**
 * What a dataset is, as its card and panel name it: `streaming table` for a
 * table only streaming and append-once flows write (`isStreamingTable`:
 * only ever appended to), else its type in words (`table`, `materialized
 * view`, `temporary view`, `sink`).
 */
export function datasetLabel(pipeline: Pipeline, dataset: Dataset): string {
  return dataset.type === 'table' && isStreamingTable(pipeline, dataset.name) ? 'streaming table' : TYPE_LABELS[dataset.type];
}
