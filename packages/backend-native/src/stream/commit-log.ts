import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Dataset, Flow, Pipeline } from '@thund/ir';
import { resolveLocation, targetName } from '../compile/flow-plan.js';
import { quoteIdentifier, quoteString } from '../compile/sql-text.js';
import { checkpointError } from './checkpoint-error.js';
import { stateTableName } from './checkpoint-store.js';

/**
 * Schema of the commit log of streaming tables. It is not the checkpoint
 * schema (`__thund`) on purpose: the log outlives a dropped checkpoint,
 * which is how a lost checkpoint is noticed.
 */
export const OUTPUT_LOG_SCHEMA = '__thund_outputs';
const LOG_TABLE = `${quoteIdentifier(OUTPUT_LOG_SCHEMA)}."commits"`;

/** Directory of a streaming sink's commit log, inside the sink (like Spark's `_spark_metadata`; readers skip `_` names). */
export const SINK_LOG_DIRECTORY = '_thund_commits';

/** What one flow last committed into an output, under which checkpoint. */
export interface CommitEntry {
  readonly flow: string;
  /** The identity of the checkpoint the flow committed with (`checkpointIdentity`). */
  readonly checkpoint: string;
  /** The flow's last epoch in the output (`-1`: claimed, nothing written yet). */
  readonly epoch: number;
}

type Rows = (sql: string) => Promise<readonly Record<string, unknown>[]>;
type Run = (sql: string) => Promise<unknown>;

/**
 * The commit log kept with a streaming output: per flow writing it, the
 * checkpoint it committed with and its last epoch. A streaming table's log
 * is a row of `__thund_outputs.commits` written in each epoch's
 * transaction; a streaming sink's is a file per flow in `_thund_commits/`,
 * written before the flow's first file and after each published epoch.
 */
export interface OutputCommitLog {
  /** How the output is named in messages. */
  readonly label: string;
  entries(rows: Rows): Promise<CommitEntry[]>;
  /** True when the output holds rows (a table) or data files (a sink). */
  holdsData(rows: Rows): Promise<boolean>;
  /**
   * Statements recording `entry` inside the epoch's transaction (a table); none for a sink.
   * `recorded`: an earlier epoch of this run committed an entry of the flow, so one UPDATE does.
   */
  inTransaction(entry: CommitEntry, recorded: boolean): string[];
  /** Records `entry` now (a sink); a no-op for a table, whose log is written with each epoch. */
  record(entry: CommitEntry): Promise<void>;
  /** Forgets the entry of `flow` (full refresh). */
  forget(flow: string, run: Run): Promise<void>;
}

/** Creates the table of streaming tables' commit logs; idempotent, once per run. */
export async function ensureCommitLogTable(run: Run): Promise<void> {
  await run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(OUTPUT_LOG_SCHEMA)}`);
  await run(`CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (output VARCHAR, flow VARCHAR, checkpoint VARCHAR, epoch BIGINT, committed_at TIMESTAMP)`);
}

/** The commit log of the output `dataset` (a table or a streaming sink). */
export function commitLogFor(pipeline: Pipeline, dataset: Dataset, baseDir: string): OutputCommitLog {
  // A streaming sink's directory, as `streamingSinkDirectory` resolves it.
  return dataset.type === 'sink' ? new SinkCommitLog(dataset, resolveLocation(baseDir, dataset.location ?? dataset.name)) : new TableCommitLog(pipeline, dataset);
}

class TableCommitLog implements OutputCommitLog {
  readonly label: string;
  readonly #target: string;
  /** The log's key of this output: its qualified name, as a string literal. */
  readonly #output: string;
  readonly #schema: string | undefined;
  readonly #name: string;

  constructor(pipeline: Pipeline, dataset: Dataset) {
    this.#target = targetName(pipeline, dataset);
    this.#output = quoteString(this.#target);
    this.#schema = pipeline.database;
    this.#name = dataset.name;
    this.label = `table "${dataset.name}"`;
  }

  async entries(rows: Rows): Promise<CommitEntry[]> {
    const found = await rows(`SELECT flow, checkpoint, epoch FROM ${LOG_TABLE} WHERE output = ${this.#output}`);
    return found.map((r) => ({ flow: String(r['flow']), checkpoint: String(r['checkpoint']), epoch: Number(r['epoch']) }));
  }

  async holdsData(rows: Rows): Promise<boolean> {
    const schema = this.#schema === undefined ? 'current_schema()' : quoteString(this.#schema);
    const [table] = await rows(`SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = ${schema} AND table_name = ${quoteString(this.#name)}`);
    if (Number(table?.['n'] ?? 0) === 0) return false;
    const [row] = await rows(`SELECT EXISTS (SELECT 1 FROM ${this.#target}) AS e`);
    return row?.['e'] === true;
  }

  inTransaction(entry: CommitEntry, recorded: boolean): string[] {
    if (recorded) {
      return [`UPDATE ${LOG_TABLE} SET epoch = ${entry.epoch}, committed_at = now()::TIMESTAMP WHERE output = ${this.#output} AND flow = ${quoteString(entry.flow)}`];
    }
    return [
      `DELETE FROM ${LOG_TABLE} WHERE output = ${this.#output} AND flow = ${quoteString(entry.flow)}`,
      `INSERT INTO ${LOG_TABLE} VALUES (${this.#output}, ${quoteString(entry.flow)}, ${quoteString(entry.checkpoint)}, ${entry.epoch}, now()::TIMESTAMP)`,
    ];
  }

  async record(): Promise<void> {}

  async forget(flow: string, run: Run): Promise<void> {
    await run(`DELETE FROM ${LOG_TABLE} WHERE output = ${this.#output} AND flow = ${quoteString(flow)}`);
  }
}

class SinkCommitLog implements OutputCommitLog {
  readonly label: string;
  readonly #dataset: string;
  readonly #directory: string;
  readonly #log: string;

  constructor(dataset: Dataset, directory: string) {
    this.#dataset = dataset.name;
    this.#directory = directory;
    this.#log = join(directory, SINK_LOG_DIRECTORY);
    this.label = `sink directory ${directory}`;
  }

  async entries(): Promise<CommitEntry[]> {
    const names = await readdir(this.#log).catch(() => [] as string[]);
    const entries: CommitEntry[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const file = join(this.#log, name);
      const parsed = parseJson(await readFile(file, 'utf8').catch(() => ''));
      if (!isEntry(parsed)) {
        throw checkpointError(`the commit log file ${file} of ${this.label} is unreadable: restore it, or start over with a full refresh (thund run --full-refresh-all, RunOptions.fullRefresh: true; or --full-refresh <dataset> for this one)`, { kind: 'dataset', name: this.#dataset });
      }
      entries.push(parsed);
    }
    return entries;
  }

  async holdsData(): Promise<boolean> {
    const entries = await readdir(this.#directory, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.some((e) => e.isFile() && !relative(this.#directory, join(e.parentPath, e.name)).split(sep).some((part) => part.startsWith('.') || part.startsWith('_')));
  }

  inTransaction(): string[] {
    return [];
  }

  /** Written to a temporary file and renamed: the log file is always whole. */
  async record(entry: CommitEntry): Promise<void> {
    await mkdir(this.#log, { recursive: true });
    const file = join(this.#log, `${stateTableName({ name: entry.flow }, 'flow')}.json`);
    await writeFile(`${file}.tmp`, `${JSON.stringify(entry)}\n`);
    await rename(`${file}.tmp`, file);
  }

  async forget(flow: string): Promise<void> {
    await rm(join(this.#log, `${stateTableName({ name: flow }, 'flow')}.json`), { force: true });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is CommitEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['flow'] === 'string' && typeof v['checkpoint'] === 'string' && typeof v['epoch'] === 'number';
}

/** The entry `flow` wrote into the log, if any. */
export function entryOf(entries: readonly CommitEntry[], flow: Pick<Flow, 'name'>): CommitEntry | undefined {
  return entries.find((e) => e.flow === flow.name);
}
