import { type RecordBatch, Table, tableFromIPC } from 'apache-arrow';
import type { ExecutePlanResponse } from '../gen/spark/connect/base_pb.js';

/**
 * Collects a plan's Arrow batches into one table. Each ArrowBatch carries
 * a complete Arrow IPC stream (schema + batches); batches of one result
 * share a schema.
 */
export async function collectArrow(responses: AsyncIterable<ExecutePlanResponse>): Promise<Table> {
  const batches: RecordBatch[] = [];
  let schemaOnly: Table | undefined;
  for await (const response of responses) {
    if (response.responseType.case !== 'arrowBatch') continue;
    const table = tableFromIPC(response.responseType.value.data);
    if (table.batches.length === 0) schemaOnly ??= table;
    batches.push(...table.batches);
  }
  if (batches.length === 0) return schemaOnly ?? new Table();
  return new Table(batches);
}
