import { type Dataset, type Expectation, type Flow, type Pipeline, type RelationNode, durationToMs, isStreamingTable } from '@thund/ir';
import { sparkTypeName } from '../parse/data-type.js';
import { SqlPrintError, printExpression, sqlName, sqlString } from './print-expression.js';
import { printQuery } from './print-query.js';

/**
 * Prints a pipeline as SDP SQL statements that `pipelineFromSql` reads back
 * to the same datasets and flows (its name, storage, catalog, database and
 * configuration belong in the project's spec file; an available-now trigger,
 * the default, is left out). What SQL cannot say (a sink, another trigger,
 * an update or complete output mode, raw SQL) is a
 * `SqlPrintError` naming the element.
 */
export function printPipelineSql(pipeline: Pipeline): string {
  const statements: string[] = [];
  for (const dataset of pipeline.datasets) {
    const flows = pipeline.flows.filter((f) => f.target === dataset.name);
    statements.push(...printDataset(pipeline, dataset, flows));
  }
  return `${statements.join('\n\n')}\n`;
}

function printDataset(pipeline: Pipeline, dataset: Dataset, flows: readonly Flow[]): string[] {
  if (dataset.type === 'sink') throw new SqlPrintError(`sink ${dataset.name}: SDP SQL has no sink statement`);
  if (dataset.format !== undefined || dataset.location !== undefined || dataset.options !== undefined) {
    throw new SqlPrintError(`dataset ${dataset.name}: a format, location or options have no SQL form`);
  }
  const expectations = sharedExpectations(dataset, flows);
  const defining = flows.length === 1 && flows[0]?.name === dataset.name && (flows[0].kind === 'batch' || flows[0].kind === 'streaming') ? flows[0] : undefined;
  const keyword = { materialized_view: 'MATERIALIZED VIEW', table: 'STREAMING TABLE', temporary_view: 'TEMPORARY VIEW' }[dataset.type];
  if (dataset.type !== 'table' && defining === undefined) {
    throw new SqlPrintError(`${dataset.type.replace('_', ' ')} ${dataset.name} needs exactly one flow of the same name`);
  }
  if (dataset.type === 'materialized_view' && defining?.kind !== 'batch') throw new SqlPrintError(`materialized view ${dataset.name} is written by a streaming flow`);
  const columns = [
    ...(dataset.schema ?? []).map((f) => `${sqlName(f.name)} ${sparkTypeName(f.type)}${f.nullable === false ? ' NOT NULL' : ''}`),
    ...expectations.map((e) => `CONSTRAINT ${sqlName(e.name)} EXPECT (${printExpression(e.predicate)})${{ warn: '', drop: ' ON VIOLATION DROP ROW', fail: ' ON VIOLATION FAIL UPDATE' }[e.action]}`),
  ];
  let head = `CREATE ${keyword} ${sqlName(dataset.name)}`;
  if (columns.length > 0) head += ` (\n  ${columns.join(',\n  ')}\n)`;
  if (dataset.comment !== undefined) head += `\nCOMMENT ${sqlString(dataset.comment)}`;
  if (dataset.partitionColumns !== undefined) head += `\nPARTITIONED BY (${dataset.partitionColumns.map(sqlName).join(', ')})`;
  if (dataset.properties !== undefined) head += `\nTBLPROPERTIES (${Object.entries(dataset.properties).map(([k, v]) => `${sqlString(k)} = ${sqlString(v)}`).join(', ')})`;
  if (defining !== undefined) return [`${head}\nAS ${printFlowQuery(pipeline, defining)};`];
  return [`${head};`, ...flows.map((flow) => printFlow(pipeline, flow))];
}

/** Expectations live on a dataset in SQL: every flow into it must carry the same ones. */
function sharedExpectations(dataset: Dataset, flows: readonly Flow[]): readonly Expectation[] {
  const first = flows[0]?.expectations ?? [];
  if (flows.some((f) => JSON.stringify(f.expectations ?? []) !== JSON.stringify(first))) {
    throw new SqlPrintError(`the flows into ${dataset.name} have different expectations; SQL declares them once, on the dataset`);
  }
  return first;
}

function printFlow(pipeline: Pipeline, flow: Flow): string {
  const comment = flow.comment === undefined ? '' : ` COMMENT ${sqlString(flow.comment)}`;
  if (flow.kind === 'cdc') {
    const cdc = flow.cdc;
    if (cdc === undefined) throw new SqlPrintError(`flow ${flow.name} has no CDC spec`);
    const parts = [`CREATE FLOW ${sqlName(flow.name)}${comment} AS AUTO CDC INTO ${sqlName(flow.target)}`, `FROM ${printSource(flow.query)}`, `KEYS (${cdc.keys.map(sqlName).join(', ')})`];
    if (cdc.deleteWhen !== undefined) parts.push(`APPLY AS DELETE WHEN ${printExpression(cdc.deleteWhen)}`);
    if (cdc.applyAsTruncates !== undefined) parts.push(`APPLY AS TRUNCATE WHEN ${printExpression(cdc.applyAsTruncates)}`);
    parts.push(`SEQUENCE BY ${sqlName(cdc.sequenceBy)}`);
    if (cdc.columns !== undefined) parts.push(`COLUMNS (${cdc.columns.map(sqlName).join(', ')})`);
    if (cdc.exceptColumns !== undefined) parts.push(`COLUMNS * EXCEPT (${cdc.exceptColumns.map(sqlName).join(', ')})`);
    if (cdc.ignoreNullUpdates === true) parts.push('IGNORE NULL UPDATES');
    parts.push(`STORED AS SCD TYPE ${cdc.scdType}`);
    if (cdc.trackHistory !== undefined) parts.push(`TRACK HISTORY ON (${cdc.trackHistory.map(sqlName).join(', ')})`);
    if (cdc.trackHistoryExcept !== undefined) parts.push(`TRACK HISTORY ON * EXCEPT (${cdc.trackHistoryExcept.map(sqlName).join(', ')})`);
    if (cdc.ignoreNullUpdates === false || (cdc.exceptColumns !== undefined && cdc.exceptColumns.length === 0) || (cdc.trackHistoryExcept !== undefined && cdc.trackHistoryExcept.length === 0)) {
      throw new SqlPrintError(`flow ${flow.name}: an explicit false or empty CDC option reads back as absent`);
    }
    return `${parts.join('\n')};`;
  }
  const once = flow.kind === 'append_once' ? 'ONCE ' : '';
  return `CREATE FLOW ${sqlName(flow.name)}${comment} AS INSERT INTO ${once}${sqlName(flow.target)} BY NAME\n${printFlowQuery(pipeline, flow)};`;
}

/** A CDC flow's change feed: a streamed dataset or file read. */
function printSource(query: RelationNode): string {
  if (query.kind === 'read') return `STREAM(${sqlName(query.dataset)})`;
  if (query.kind === 'read_files') return printQuery(query, { streamFiles: true }).replace(/^SELECT \* FROM /, '');
  throw new SqlPrintError('a CDC flow reads one dataset or one file source, not a query');
}

/** A flow's query with its streaming reads as STREAM, its watermark and its event-time window. */
function printFlowQuery(pipeline: Pipeline, flow: Flow): string {
  // Available-now is every backend's default and SDP's only way to run, so it needs no SQL.
  if (flow.trigger !== undefined && flow.trigger.kind !== 'available_now') {
    throw new SqlPrintError(`flow ${flow.name}: a ${flow.trigger.kind} trigger has no SQL form (SDP runs every flow available-now)`);
  }
  if (flow.outputMode !== undefined && (flow.outputMode !== 'append' || flow.window === undefined)) {
    throw new SqlPrintError(`flow ${flow.name}: output mode ${flow.outputMode} has no SQL form (SQL windows are append)`);
  }
  if (flow.reads !== undefined) throw new SqlPrintError(`flow ${flow.name}: reads is for raw SQL, which has no portable form`);
  const streaming = flow.kind === 'streaming';
  const streamed = (dataset: string): boolean => streaming && isStreamingTable(pipeline, dataset);
  let sql = printQuery(flow.query, { streamed, streamFiles: streaming });
  if (streaming && !/\bSTREAM\b/.test(sql)) throw new SqlPrintError(`flow ${flow.name} streams but reads no streaming table or files: its SQL would read back as a batch flow`);
  if (flow.watermark !== undefined) {
    const delay = durationToMs(flow.watermark.delay);
    if (delay === undefined || delay % 1000 !== 0) throw new SqlPrintError(`flow ${flow.name}: a watermark delay of ${flow.watermark.delay} is not whole seconds`);
    const streams = [...sql.matchAll(/STREAM(?:\((`[^`]*`|\w+)\)| read_files\([^)]*\))/g)];
    if (streams.length !== 1) throw new SqlPrintError(`flow ${flow.name}: a watermark needs exactly one streamed source in SQL`);
    const at = (streams[0]?.index ?? 0) + (streams[0]?.[0].length ?? 0);
    sql = `${sql.slice(0, at)} WATERMARK ${sqlName(flow.watermark.column)} DELAY OF INTERVAL ${delay / 1000} SECONDS${sql.slice(at)}`;
  }
  if (flow.window !== undefined) sql = withWindow(flow, sql);
  return sql;
}

/** `window.start AS window_start, window.end AS window_end` first, `window(…)` first in GROUP BY. */
function withWindow(flow: Flow, sql: string): string {
  const window = flow.window;
  if (window === undefined || flow.query.kind !== 'aggregate') throw new SqlPrintError(`flow ${flow.name}: a window needs the flow's query to be the aggregation`);
  const column = window.column ?? flow.watermark?.column;
  if (column === undefined) throw new SqlPrintError(`flow ${flow.name}: a window without a column`);
  const seconds = (d: string): string => {
    const ms = durationToMs(d);
    if (ms === undefined || ms % 1000 !== 0) throw new SqlPrintError(`flow ${flow.name}: a window of ${d} is not whole seconds`);
    return sqlString(intervalText(ms));
  };
  const call = window.kind === 'session'
    ? `session_window(${sqlName(column)}, ${seconds(window.gap)})`
    : `window(${sqlName(column)}, ${seconds(window.size)}${window.kind === 'hopping' ? `, ${seconds(window.slide)}` : ''})`;
  const selected = sql.replace(/^SELECT /, 'SELECT window.start AS window_start, window.end AS window_end, ');
  // The aggregation is the outer query: its GROUP BY is the last one.
  const at = selected.lastIndexOf(' GROUP BY ');
  return at === -1 ? `${selected} GROUP BY ${call}` : `${selected.slice(0, at)} GROUP BY ${call}, ${selected.slice(at + ' GROUP BY '.length)}`;
}

/** `'90 seconds'`, `'5 minutes'`, `'1 hour'`: the largest whole unit. */
function intervalText(ms: number): string {
  for (const [unit, size] of [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000], ['second', 1_000]] as const) {
    if (ms % size === 0) return `${ms / size} ${unit}${ms / size === 1 ? '' : 's'}`;
  }
  return `${ms / 1000} seconds`;
}
