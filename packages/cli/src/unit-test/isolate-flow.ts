import { type DataType, type Dataset, type Field, type Flow, type Pipeline, type ReadFilesNode, closestName, isIncremental, isStreamingTable, planFacts, readFiles, walkPlan } from '@thund/ir';
import { UsageError } from '../usage-error.js';
import type { FlowTest, GivenInput, TestRow } from './test-file.js';

/** A flow alone in a pipeline of its own, its inputs given as JSON-lines files. */
export interface IsolatedFlow {
  readonly pipeline: Pipeline;
  /** Files to write under the run's base directory: relative path → content. */
  readonly files: ReadonlyMap<string, string>;
  /** The dataset the flow under test writes (read back and compared). */
  readonly target: string;
}

/** Where the rows given under `key` are written, relative to the run's base directory. */
const givenDirectory = (index: number): string => `given/${index}`;

/**
 * The pipeline a test runs: the flow under test unchanged but for its
 * inputs, and for each dataset it reads a dataset of the same name filled
 * from the given rows — a streaming table fed by a streaming flow where the
 * flow streams from it (so a streaming, windowed or CDC flow sees a
 * stream), else a materialized view. Each `read_files` it reads becomes a
 * JSON-lines read of the rows given under its path (with the node's schema
 * if it declares one). A sink under test becomes a table, so its rows can
 * be read back. Nothing of the pipeline's other flows runs.
 */
export function isolateFlow(source: Pipeline, test: FlowTest): IsolatedFlow {
  const flow = source.flows.find((f) => f.name === test.flow);
  const where = `test "${test.name}"`;
  if (flow === undefined) {
    const guess = closestName(test.flow, source.flows.map((f) => f.name));
    throw new UsageError(`${where}: pipeline "${source.name}" has no flow "${test.flow}"${guess === undefined ? `; its flows are ${source.flows.map((f) => f.name).join(', ')}` : `; did you mean "${guess}"?`}`);
  }
  const reads = [...planFacts(flow).reads];
  const paths = readFilesPaths(flow.query);
  const needed = [...reads, ...paths];
  const missing = needed.filter((key) => test.given[key] === undefined);
  const unused = Object.keys(test.given).filter((key) => !needed.includes(key));
  if (missing.length > 0 || unused.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`give rows for ${missing.map((k) => `"${k}"`).join(', ')} (what it reads)`] : []),
      ...(unused.length > 0 ? [`flow "${flow.name}" does not read ${unused.map((k) => `"${k}"`).join(', ')}`] : []),
    ];
    throw new UsageError(`${where}: ${parts.join('; ')}. Flow "${flow.name}" reads ${needed.length === 0 ? 'nothing' : needed.map((k) => `"${k}"`).join(', ')}; "given" needs exactly those keys`);
  }
  const files = new Map<string, string>();
  const directoryOf = new Map<string, string>();
  needed.forEach((key, i) => {
    directoryOf.set(key, givenDirectory(i));
    files.set(`${givenDirectory(i)}/rows.jsonl`, jsonLines((test.given[key] as GivenInput).rows));
  });
  const streamsFrom = (dataset: string): boolean => isIncremental(flow.kind) && paths.length === 0 && isStreamingTable(source, dataset);
  const flowNames = new Set([flow.name]);
  const uniqueFlowName = (base: string): string => {
    let name = base;
    for (let n = 2; flowNames.has(name); n++) name = `${base}_${n}`;
    flowNames.add(name);
    return name;
  };
  const inputs = reads.map((dataset) => {
    const declared = source.datasets.find((d) => d.name === dataset)?.schema;
    const given = test.given[dataset] as GivenInput;
    const query = jsonRead(directoryOf.get(dataset) as string, given.schema ?? declared ?? inferSchema(given.rows));
    const streaming = streamsFrom(dataset);
    const definition: Dataset = { name: dataset, type: streaming ? 'table' : 'materialized_view', ...(declared === undefined ? {} : { schema: declared }) };
    const feeder: Flow = { name: uniqueFlowName(`given_${dataset}`), target: dataset, kind: streaming ? 'streaming' : 'batch', query };
    return { definition, feeder };
  });
  const targetDataset = source.datasets.find((d) => d.name === flow.target) as Dataset;
  // Stored in the run's database, not at the pipeline's location.
  const { location: _location, ...stored } = targetDataset;
  const target: Dataset = targetDataset.type === 'sink'
    ? { name: targetDataset.name, type: 'table', ...(targetDataset.schema === undefined ? {} : { schema: targetDataset.schema }) }
    : stored;
  const query = replaceReadFiles(flow.query, (node) => {
    const given = test.given[node.path] as GivenInput;
    return jsonRead(directoryOf.get(node.path) as string, node.schema ?? given.schema ?? inferSchema(given.rows), node.maxFilesPerTrigger);
  });
  const pipeline: Pipeline = {
    ...source,
    datasets: [...inputs.map((i) => i.definition), target],
    flows: [...inputs.map((i) => i.feeder), { ...flow, query }],
  };
  return { pipeline, files, target: flow.target };
}

type Query = Flow['query'];

function jsonRead(directory: string, schema: readonly Field[], maxFilesPerTrigger?: number): Query {
  return readFiles('json', directory, { schema, ...(maxFilesPerTrigger === undefined ? {} : { maxFilesPerTrigger }) }).node;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isReadFiles = (v: unknown): v is ReadFilesNode => isObject(v) && v['kind'] === 'read_files';

/** Every `read_files` path in a plan, in order, once each. */
function readFilesPaths(query: Query): string[] {
  const found: string[] = [];
  walkPlan(query, { relation: (node) => { if (node.kind === 'read_files' && !found.includes(node.path)) found.push(node.path); } });
  return found;
}

/** The plan with each `read_files` node replaced (plans are plain data: a structural copy). */
function replaceReadFiles(node: Query, replace: (node: ReadFilesNode) => Query): Query {
  const visit = (value: unknown): unknown => {
    if (isReadFiles(value)) return replace(value);
    if (Array.isArray(value)) return value.map(visit);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    return value;
  };
  return visit(node) as Query;
}

function jsonLines(rows: readonly TestRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length === 0 ? '' : '\n');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;

/**
 * Column types from the rows given: whole numbers int64, other numbers
 * float64, booleans bool, `YYYY-MM-DD` date32, `YYYY-MM-DD hh:mm[:ss]`
 * timestamp, other strings (and columns only ever NULL) utf8. Give a
 * `schema` for anything else.
 */
export function inferSchema(rows: readonly TestRow[]): Field[] {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return columns.map((name) => ({ name, type: inferType(rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined)) }));
}

function inferType(values: readonly unknown[]): DataType {
  if (values.length === 0) return 'utf8';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  if (values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'int64' : 'float64';
  if (values.every((v) => typeof v === 'string' && DATE.test(v))) return 'date32';
  if (values.every((v) => typeof v === 'string' && TIMESTAMP.test(v))) return 'timestamp';
  return 'utf8';
}
