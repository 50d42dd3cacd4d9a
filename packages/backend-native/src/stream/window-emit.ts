import type { Flow } from '@thund/ir';
import type { FlowSession } from '../run/flow-session.js';
import { stateTable } from './checkpoint-store.js';
import type { WriteMode } from './stream-output.js';

/** The aggregated result over the operator's state: `where` filters state rows, `having` groups. */
export type AggregateSql = (where: string, having: string) => string;

/** Column of state tables naming the epoch that added a row (update mode emits groups changed by this epoch). */
export const EPOCH_STATE_COLUMN = '"__thund_epoch"';

/**
 * What a windowed aggregation emits in a micro-batch, per output mode:
 * append, the windows that became final (`newlyFinal`); update, the groups
 * this epoch changed, replacing their rows (session windows by overlap,
 * since a session can grow); complete, everything: the final windows kept
 * in a results table plus the open ones.
 */
export async function windowResult(
  session: FlowSession,
  flow: Flow,
  epoch: number,
  when: { readonly final: string; readonly newlyFinal: string },
  aggregateSql: AggregateSql,
  groupNames: readonly string[],
): Promise<{ readonly query: string; readonly mode: WriteMode }> {
  switch (flow.outputMode ?? 'append') {
    case 'append':
      return { query: aggregateSql(`WHERE ${when.newlyFinal}`, ''), mode: { kind: 'append' } };
    case 'update': {
      const session_ = flow.window?.kind === 'session';
      const keys = [...(flow.window !== undefined && !session_ ? ['window_start', 'window_end'] : []), ...groupNames];
      return { query: aggregateSql('', `HAVING max(${EPOCH_STATE_COLUMN}) = ${epoch}`), mode: { kind: 'upsert', keys, overlap: session_ } };
    }
    case 'complete': {
      const results = stateTable(flow, 'final');
      await session.run(`CREATE TABLE IF NOT EXISTS ${results} AS SELECT * FROM (${aggregateSql('', '')}) AS "_q" LIMIT 0`);
      if (when.final !== 'FALSE') await session.run(`INSERT INTO ${results} BY NAME ${aggregateSql(`WHERE ${when.newlyFinal}`, '')}`);
      return { query: `SELECT * FROM ${results} UNION ALL BY NAME (${aggregateSql(`WHERE NOT (${when.final})`, '')})`, mode: { kind: 'replace' } };
    }
  }
}

/** Final windows end at or before the watermark; those ending after the previous watermark became final in this epoch. */
export function finality(windowed: boolean, previousUs: number | undefined, watermarkUs: number | undefined): { final: string; newlyFinal: string } {
  const final = !windowed || watermarkUs === undefined ? 'FALSE' : `"__we" <= ${watermarkUs}`;
  const newlyFinal = final === 'FALSE' || previousUs === undefined ? final : `${final} AND "__we" > ${previousUs}`;
  return { final, newlyFinal };
}
