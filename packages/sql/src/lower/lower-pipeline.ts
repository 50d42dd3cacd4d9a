import {
  type Dataset, type Expectation, type Field, type Flow, type FlowKind, type Pipeline, ReadNode, type RelationNode,
  ValidationError, type WindowSpec, parsePipeline, walkPlan,
} from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import type { CreateCdcFlow, CreateDataset, CreateInsertFlow, NamePlace, QueryExpr, Statement, TableRef } from '../parse/ast.js';
import { msToDuration } from '../parse/interval.js';
import { type ParsedSqlFile, parseSqlFile } from '../parse/parse-file.js';
import { SqlError, type SqlProblem } from '../sql-error.js';
import { DatasetNames } from './dataset-names.js';
import { type QueryFacts, QueryLowering, readFilesOf } from './lower-query.js';
import { Positions } from './positions.js';
import { UNRESOLVED_QUALIFIERS } from './scope.js';
import { expandStarExcepts } from './star-except.js';

/** One SQL file of a pipeline: its text and the name errors call it by. */
export interface SqlSource {
  /** The name problems in this file are reported under (usually its path relative to the working folder). */
  readonly file: string;
  /** The file's SQL text. */
  readonly text: string;
}

/** Pipeline settings that SQL files do not hold (a project's spec file does). */
export interface SqlPipelineSettings {
  /** Pipeline name; used in events, storage paths and engine metadata. */
  readonly name: string;
  /** Default catalog for datasets (Spark). */
  readonly catalog?: string;
  /** Default database / schema for datasets. */
  readonly database?: string;
  /** Root directory for checkpoints and pipeline metadata. */
  readonly storage?: string;
  /** Engine configuration, passed to the backend; also the values a `${name}` in the SQL's strings and quoted names is replaced with (an unset name is an error). */
  readonly configuration?: Readonly<Record<string, string>>;
}

interface Located<S extends Statement> {
  readonly statement: S;
  readonly positions: Positions;
}

/**
 * Turns SQL pipeline files into one portable pipeline, validated. Every
 * problem found (syntax, unsupported forms, names declared twice, the IR's
 * own validation) is reported at once, each at `file:line:column`.
 */
export function pipelineFromSql(sources: readonly SqlSource[], settings: SqlPipelineSettings): Pipeline {
  const problems: SqlProblem[] = [];
  const parsed: ParsedSqlFile[] = [];
  for (const source of sources) {
    try {
      parsed.push(parseSqlFile(source.text, source.file, settings.configuration));
    } catch (error) {
      if (!(error instanceof SqlError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new SqlError(problems);
  return new PipelineLowering(settings).lower(parsed);
}

class PipelineLowering {
  readonly #settings: SqlPipelineSettings;
  readonly #problems: SqlProblem[] = [];
  readonly #datasets: Dataset[] = [];
  readonly #flows: Flow[] = [];
  /** Where each dataset and flow was declared, by index, for the IR's validation issues. */
  readonly #datasetAt: Positions[] = [];
  readonly #flowAt: Positions[] = [];
  /** Every dataset statement by lower-case name. */
  #tables: ReadonlyMap<string, Located<CreateDataset>> = new Map();
  readonly #names: DatasetNames;

  constructor(settings: SqlPipelineSettings) {
    this.#settings = settings;
    this.#names = new DatasetNames({
      ...(settings.catalog === undefined ? {} : { catalog: settings.catalog }),
      ...(settings.database === undefined ? {} : { database: settings.database }),
    });
  }

  lower(files: readonly ParsedSqlFile[]): Pipeline {
    const all: Located<Statement>[] = files.flatMap((file) => file.statements.map((statement) => ({
      statement, positions: new Positions(file.file, file.positions, statement.position, file.subqueries),
    })));
    // A dataset defined outside the pipeline's catalog and database is refused here, and not looked at again.
    const statements = all.filter(({ statement, positions }) => statement.kind !== 'create_dataset'
      || this.#attempt(() => this.#names.resolve(statement.name, statement.qualifier, statement.place, 'define', positions.file, statement.position)) !== undefined);
    this.#checkNames(statements);
    const tables = new Map<string, Located<CreateDataset>>();
    for (const located of statements) {
      if (located.statement.kind === 'create_dataset') tables.set(located.statement.name.toLowerCase(), located as Located<CreateDataset>);
    }
    this.#tables = tables;
    for (const located of statements) {
      this.#attempt(() => {
        const { statement } = located;
        if (statement.kind === 'create_dataset') this.#dataset(statement, located.positions);
        else if (statement.kind === 'insert_flow') this.#insertFlow(statement, located.positions, tables);
        else this.#cdcFlow(statement, located.positions, tables, statement.place);
      });
    }
    if (this.#problems.length > 0) throw new SqlError(this.#problems);
    const flows = expandStarExcepts(this.#datasets, this.#flows, (i) => this.#flowAt[i] as Positions);
    const pipeline = {
      version: 1 as const,
      name: this.#settings.name,
      ...(this.#settings.catalog === undefined ? {} : { catalog: this.#settings.catalog }),
      ...(this.#settings.database === undefined ? {} : { database: this.#settings.database }),
      ...(this.#settings.storage === undefined ? {} : { storage: this.#settings.storage }),
      ...(this.#settings.configuration === undefined ? {} : { configuration: this.#settings.configuration }),
      datasets: this.#datasets,
      flows,
    };
    try {
      return parsePipeline(pipeline);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new SqlError(error.issues.map((issue) => this.#locate(pipeline, issue.path, issue.message)));
    }
  }

  /** `lower()`'s result, or `undefined` with its problems recorded. */
  #attempt<T>(lower: () => T): T | undefined {
    try {
      return lower();
    } catch (error) {
      if (!(error instanceof SqlError)) throw error;
      this.#problems.push(...error.problems);
      return undefined;
    }
  }

  #checkNames(statements: readonly Located<Statement>[]): void {
    const seen = new Map<string, { kind: string; file: string; position: SourcePosition }>();
    for (const { statement, positions } of statements) {
      // A dataset's defining flow shares its name; CREATE FLOW names share the flows' namespace (APPLY CHANGES names its flow like its target).
      const key = `${statement.kind === 'create_dataset' ? 'dataset' : 'flow'}:${statement.name.toLowerCase()}`;
      const applyChanges = statement.kind === 'cdc_flow' && statement.applyChanges === true;
      const first = seen.get(key) ?? (statement.kind === 'create_dataset' || applyChanges ? undefined : seen.get(`dataset:${statement.name.toLowerCase()}`));
      if (first !== undefined) {
        const fix = applyChanges ? `APPLY CHANGES names its flow like its target, so a second one into ${statement.target} needs a name of its own: write CREATE FLOW name AS AUTO CDC INTO ${statement.target} …` : 'give each dataset and flow its own name';
        this.#problems.push({
          file: positions.file, line: statement.position.line, column: statement.position.column,
          message: `${statement.name} is already defined at ${first.file}:${first.position.line}:${first.position.column}: ${fix}`,
        });
      } else {
        seen.set(key, { kind: statement.kind, file: positions.file, position: statement.position });
      }
    }
  }

  #dataset(statement: CreateDataset, positions: Positions): void {
    const schema: Field[] | undefined = statement.columns?.map((c) => (c.nullable ? { name: c.name, type: c.type } : { name: c.name, type: c.type, nullable: false }));
    const dataset: Dataset = {
      name: statement.name,
      type: statement.type,
      ...(schema === undefined ? {} : { schema }),
      ...(statement.comment === undefined ? {} : { comment: statement.comment }),
      ...(statement.partitionedBy === undefined ? {} : { partitionColumns: statement.partitionedBy }),
      ...(statement.properties === undefined ? {} : { properties: statement.properties }),
    };
    this.#datasets.push(dataset);
    this.#datasetAt.push(positions);
    if (statement.cdcFlow !== undefined) this.#cdcFlow(statement.cdcFlow, positions, this.#tables, statement.place);
    if (statement.query === undefined) return;
    const place = statement.place;
    if (statement.type === 'table') {
      this.#queryFlow(statement.name, statement.name, statement.query, positions, { expectations: expectationsOf(statement), kind: 'streaming-or-batch', place });
    } else {
      const what = statement.persistedView === true ? 'a view' : statement.type === 'materialized_view' ? 'a materialized view' : undefined;
      this.#queryFlow(statement.name, statement.name, statement.query, positions, { expectations: expectationsOf(statement), kind: 'batch', what, place, persistedView: statement.persistedView === true });
    }
  }

  #insertFlow(statement: CreateInsertFlow, positions: Positions, tables: ReadonlyMap<string, Located<CreateDataset>>): void {
    const target = this.#target(statement, positions, tables);
    this.#queryFlow(statement.name, target.name, statement.query, positions, {
      expectations: expectationsOf(target),
      kind: statement.once ? 'append_once' : 'streaming-or-batch',
      place: statement.place,
      ...(statement.comment === undefined ? {} : { comment: statement.comment }),
    });
  }

  #cdcFlow(statement: CreateCdcFlow, positions: Positions, tables: ReadonlyMap<string, Located<CreateDataset>>, place: NamePlace | undefined): void {
    const target = this.#target(statement, positions, tables, place);
    const source = statement.source;
    let query: RelationNode;
    if (source.kind === 'table') query = ReadNode.create(this.#read(source, place, positions));
    else if (source.kind === 'file') query = readFilesOf(source);
    else throw positions.error(source, 'AUTO CDC reads one change feed: FROM STREAM(dataset) or FROM STREAM read_files(…)');
    const expectations = expectationsOf(target);
    this.#flows.push({
      name: statement.name, target: target.name, kind: 'cdc', query, cdc: statement.cdc,
      ...(expectations.length === 0 ? {} : { expectations }),
      ...(statement.comment === undefined ? {} : { comment: statement.comment }),
    });
    this.#flowAt.push(positions);
  }

  /** The dataset a table reference of a statement reads. */
  #read(ref: TableRef, place: NamePlace | undefined, positions: Positions): string {
    return this.#names.resolve(ref.name, ref.qualifier, place, 'read', positions.file, ref.position);
  }

  #target(statement: CreateInsertFlow | CreateCdcFlow, positions: Positions, tables: ReadonlyMap<string, Located<CreateDataset>>, place = statement.place): CreateDataset {
    const name = this.#names.resolve(statement.target, statement.targetQualifier, place, 'write', positions.file, statement.position);
    const target = tables.get(name.toLowerCase())?.statement;
    if (target === undefined) throw positions.error(statement, `${name} is not defined: declare it with CREATE STREAMING TABLE ${name}`);
    if (target.type !== 'table') throw positions.error(statement, `flows write into streaming tables, and ${name} is a ${target.type === 'materialized_view' ? 'materialized view' : 'temporary view'}`);
    return target;
  }

  #queryFlow(
    name: string, target: string, query: QueryExpr, positions: Positions,
    options: {
      expectations: Expectation[]; kind: FlowKind | 'streaming-or-batch'; comment?: string; what?: string | undefined;
      place: NamePlace | undefined; persistedView?: boolean;
    },
  ): void {
    const facts: QueryFacts = { watermarks: [], reads: new Map(), streamReads: new Map(), files: [] };
    const plan = new QueryLowering(positions, facts, (ref) => this.#read(ref, options.place, positions)).query(query);
    if (options.persistedView === true) this.#persistedView(name, plan, facts, positions);
    if (facts.streamAt !== undefined && options.what !== undefined) {
      throw positions.errorAt(facts.streamAt, `${options.what} is recomputed from whole datasets: read STREAM(…) from a CREATE STREAMING TABLE instead`);
    }
    for (const [dataset, at] of facts.streamReads ?? []) {
      const declared = this.#tables.get(dataset.toLowerCase())?.statement;
      if (declared !== undefined && declared.type !== 'table') {
        throw positions.errorAt(at, `STREAM reads a streaming table, and ${dataset} is a ${declared.type === 'materialized_view' ? 'materialized view' : 'temporary view'} (recomputed whole, so a stream of it would read every row again each run): read it without STREAM, or make it a CREATE STREAMING TABLE`);
      }
    }
    const kind: FlowKind = options.kind === 'streaming-or-batch' ? (facts.streamAt === undefined ? 'batch' : 'streaming') : options.kind;
    const second = facts.watermarks[1];
    if (second !== undefined) throw positions.errorAt(second.position, 'one WATERMARK per flow');
    const watermark = facts.watermarks[0];
    if (facts.window !== undefined && watermark === undefined) {
      throw positions.errorAt(facts.window.position, 'an event-time window needs a watermark: FROM STREAM(source) WATERMARK event_time DELAY OF INTERVAL 10 SECONDS');
    }
    this.#flows.push({
      name, target, kind, query: plan,
      ...(options.expectations.length === 0 ? {} : { expectations: options.expectations }),
      ...(watermark === undefined ? {} : { watermark: { column: watermark.column, delay: msToDuration(watermark.delayMs) } }),
      ...(facts.window === undefined ? {} : { window: windowOf(facts.window.spec, watermark?.column), outputMode: 'append' as const }),
      ...(options.comment === undefined ? {} : { comment: options.comment }),
    });
    this.#flowAt.push(positions);
  }

  /**
   * A persisted view (`CREATE VIEW`) is read as a materialized view: its
   * rows are its query over the pipeline's own datasets, computed when the
   * pipeline runs, which are the rows the view would show. What would make
   * them differ is refused: reading files (a view reads them again each
   * time it is queried), functions whose value changes from one read to
   * the next (`current_timestamp`, `rand`, …) and reading a temporary view
   * (SDP refuses that: INVALID_TEMP_OBJ_REFERENCE).
   */
  #persistedView(name: string, plan: RelationNode, facts: QueryFacts, positions: Positions): void {
    const file = facts.files?.[0];
    if (file !== undefined) {
      throw positions.errorAt(file, `view ${name} reads files, which a view reads again each time it is queried, and Þund stores a view's rows when the pipeline runs: write CREATE MATERIALIZED VIEW ${name} (rows as of each run), or CREATE TEMPORARY VIEW ${name} (inside the pipeline)`);
    }
    walkPlan(plan, {
      expression(node) {
        if ((node.kind === 'call' || node.kind === 'window_call') && VOLATILE_FUNCTIONS.has(node.name)) {
          throw positions.error(node, `view ${name} calls ${node.name}, whose value a view computes again each time it is queried, and Þund stores a view's rows when the pipeline runs: write CREATE MATERIALIZED VIEW ${name} (rows as of each run)`);
        }
      },
    });
    for (const [dataset, at] of facts.reads) {
      if (this.#tables.get(dataset.toLowerCase())?.statement.type === 'temporary_view') {
        throw positions.errorAt(at, `view ${name} reads temporary view ${dataset}, which SDP refuses (INVALID_TEMP_OBJ_REFERENCE: a persisted view cannot reference a temporary one): make ${dataset} a materialized view, or make ${name} a temporary view`);
      }
    }
  }

  /** A validation issue of the lowered pipeline, at the deepest node of its path that came from the SQL. */
  #locate(pipeline: object, path: string, message: string): SqlProblem {
    const segments = [...path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1] as string : Number(m[2])));
    const [collection, index] = segments;
    const positions = collection === 'flows' ? this.#flowAt[index as number] : collection === 'datasets' ? this.#datasetAt[index as number] : undefined;
    if (positions === undefined) return { file: '(pipeline)', line: 1, column: 1, message };
    let node: unknown = pipeline;
    let position = positions.of({});
    let innermost: object = {};
    for (const segment of segments) {
      if (typeof node !== 'object' || node === null) break;
      node = (node as Record<string | number, unknown>)[segment];
      if (typeof node === 'object' && node !== null) {
        position = positions.find(node) ?? position;
        innermost = node;
      }
    }
    // `x.name` read as a field of column x because no table is x: when x is no column either, say the table first.
    const qualifier = UNRESOLVED_QUALIFIERS.get(innermost);
    return { file: positions.file, line: position.line, column: position.column, message: qualifier === undefined ? message : `${qualifier}; nor is it a column: ${message}` };
  }
}

/** Functions whose value depends on when (or how often) they are called: a view and a materialized view differ on them. */
const VOLATILE_FUNCTIONS: ReadonlySet<string> = new Set([
  'current_timestamp', 'current_date', 'now', 'localtimestamp', 'current_timezone', 'rand', 'random', 'randn', 'uuid', 'shuffle', 'input_file_name',
]);

function expectationsOf(dataset: CreateDataset): Expectation[] {
  return dataset.constraints.map((c) => ({ name: c.name, predicate: c.condition, action: c.action }));
}

/** A window's column is left out where it is the watermark's, the plan's default. */
function windowOf(spec: WindowSpec, watermarkColumn: string | undefined): WindowSpec {
  if (spec.column === undefined || spec.column !== watermarkColumn) return spec;
  const { column: _column, ...rest } = spec;
  return rest;
}
