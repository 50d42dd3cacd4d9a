import type { Dataset, Flow, Pipeline, RunSelection } from '@thund/ir';
import { checkpointError } from './checkpoint-error.js';
import { EPOCHS_TABLE, checkpointIdentity } from './checkpoint-store.js';
import { type CommitEntry, commitLogFor, ensureCommitLogTable, entryOf } from './commit-log.js';
import { keepsCheckpoint } from './storage-root.js';

type Rows = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/**
 * At run start, after the checkpoint tables exist: the streaming tables'
 * commit log exists; the entries of the checkpointed flows writing a
 * dataset the selection resets are forgotten (their outputs are cleared),
 * and a checkpoint that lost track of the output of any other flow that
 * runs is refused.
 */
export async function guardCheckpointLoss(
  connection: { run(sql: string): Promise<unknown>; rowsJson(sql: string): Promise<readonly Record<string, unknown>[]> },
  pipeline: Pipeline,
  options: { readonly selection: RunSelection; readonly baseDir: string },
): Promise<void> {
  const run = (sql: string): Promise<unknown> => connection.run(sql);
  const rows: Rows = (sql) => connection.rowsJson(sql);
  const { resets, flows: running } = options.selection;
  await ensureCommitLogTable(run);
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  for (const flow of pipeline.flows.filter((f) => keepsCheckpoint(f.kind) && resets.has(f.target))) {
    const dataset = datasets.get(flow.target);
    if (dataset !== undefined) await commitLogFor(pipeline, dataset, options.baseDir).forget(flow.name, run);
  }
  const resumed = (flow: Flow): boolean => running.has(flow.name) && !resets.has(flow.target);
  if (pipeline.flows.some((f) => keepsCheckpoint(f.kind) && resumed(f))) await refuseLostCheckpoint(rows, pipeline, options.baseDir, await checkpointIdentity(rows), resumed);
}

/**
 * Refuses, before any flow runs, a run whose checkpoint has lost track of
 * a streaming output that holds data: the output's commit log names
 * another checkpoint, or epochs the checkpoint never committed, or there
 * is no log and the checkpoint is fresh. Resuming would read every input
 * again and duplicate the output, so only a full refresh (which clears the
 * outputs) or the restored checkpoint lets the run go on.
 */
export async function refuseLostCheckpoint(
  rows: Rows, pipeline: Pipeline, baseDir: string, checkpoint: string, considered: (flow: Flow) => boolean = () => true,
): Promise<void> {
  const committed = new Map((await rows(`SELECT flow, max(epoch) AS epoch FROM ${EPOCHS_TABLE} GROUP BY flow`)).map((r) => [String(r['flow']), Number(r['epoch'])]));
  const datasets = new Map(pipeline.datasets.map((d) => [d.name, d]));
  const lost: { readonly dataset: Dataset; readonly why: string }[] = [];
  for (const flow of pipeline.flows.filter((f) => keepsCheckpoint(f.kind) && considered(f))) {
    const dataset = datasets.get(flow.target);
    if (dataset === undefined) continue;
    const log = commitLogFor(pipeline, dataset, baseDir);
    if (!(await log.holdsData(rows))) continue;
    const entries = await log.entries(rows);
    const why = lostTrack(flow, entryOf(entries, flow), entries.length, committed.get(flow.name), checkpoint);
    if (why !== undefined) lost.push({ dataset, why: `${log.label} (${why})` });
  }
  const [first] = lost;
  if (first === undefined) return;
  const names = [...new Set(lost.map((l) => `"${l.dataset.name}"`))].join(', ');
  throw checkpointError(
    `the checkpoint is missing for streaming output ${names}, which already holds data: ${lost.map((l) => l.why).join('; ')}. `
      + 'Resuming would read every input again and duplicate the output. Restore the checkpoint (the storage root, or the __thund schema of the database), '
      + 'or start over with a full refresh, which clears the output and recomputes it: thund run --full-refresh <dataset> (RunOptions.fullRefresh: [dataset]), or --full-refresh-all',
    { kind: 'dataset', name: first.dataset.name },
  );
}

/** Why the checkpoint cannot resume `flow` over its output's log, or `undefined` when it can. */
function lostTrack(flow: Flow, entry: CommitEntry | undefined, logSize: number, committed: number | undefined, checkpoint: string): string | undefined {
  if (entry !== undefined) {
    if (entry.checkpoint !== checkpoint) {
      return `flow "${flow.name}" wrote it up to epoch ${entry.epoch} under checkpoint ${entry.checkpoint}, and the checkpoint now in use is another one, ${checkpoint}`;
    }
    if (entry.epoch > (committed ?? -1)) {
      return `flow "${flow.name}" wrote it up to epoch ${entry.epoch}, but the checkpoint ${committed === undefined ? 'has no epoch of that flow' : `ends at epoch ${committed}`}`;
    }
    return undefined;
  }
  // No entry of this flow: a flow new to an output other flows log into starts fresh; an output without any log is unknown data.
  if (logSize === 0 && committed === undefined) return `it has no commit log and the checkpoint has no epoch of flow "${flow.name}"`;
  return undefined;
}
