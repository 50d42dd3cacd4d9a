import type { Flow } from '@thund/ir';
import { quoteIdentifier } from '../compile/sql-text.js';
import { stateTableName } from './checkpoint-store.js';

/**
 * An in-memory database attached to the run's database, seen by all its
 * connections (a temporary table is seen only by the connection that made
 * it). It holds what is recomputed when lost, never state: a micro-batch's
 * partial aggregates, which one connection may reduce ahead while another
 * writes and commits the epoch before it. Nothing here is durable.
 */
export const SCRATCH = quoteIdentifier('__thund_scratch');

/** Attaches the scratch database; idempotent, once per run before streaming flows start. */
export const ATTACH_SCRATCH = `ATTACH IF NOT EXISTS ':memory:' AS ${SCRATCH}`;

/**
 * The scratch table holding `flow`'s reduction of epoch `epoch`. Two per
 * flow, alternating by epoch: the next epoch's table is written while this
 * epoch's is still read, and a table is replaced only once its epoch ended.
 */
export function scratchTable(flow: Pick<Flow, 'name'>, epoch: number): string {
  return `${SCRATCH}.${quoteIdentifier(`${stateTableName(flow, 'reduced')}_${epoch % 2}`)}`;
}

/** Both scratch tables of `flow`, for cleaning up when its run ends. */
export function scratchTables(flow: Pick<Flow, 'name'>): string[] {
  return [scratchTable(flow, 0), scratchTable(flow, 1)];
}
