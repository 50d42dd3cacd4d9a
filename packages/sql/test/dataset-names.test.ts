import { type Pipeline, serializePipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { type SqlPipelineSettings, type SqlSource, pipelineFromSql, queryFromSql } from '../src/index.js';

/*
 * Names as SDP resolves them: a qualified name means a dataset of this
 * pipeline only when its catalog and database are the pipeline's (after
 * USE, where unqualified names are); anything else is an error at the
 * name, never a match on its last part.
 */

const TRIPS = "CREATE MATERIALIZED VIEW trips AS SELECT * FROM read_files('trips.parquet', format => 'parquet');\n";
const PLACED: SqlPipelineSettings = { name: 't', catalog: 'main', database: 'sales' };

function lower(sql: string | readonly SqlSource[], settings: SqlPipelineSettings = PLACED): Pipeline {
  return pipelineFromSql(typeof sql === 'string' ? [{ file: 'p.sql', text: sql }] : sql, settings);
}

function reads(pipeline: Pipeline, flow: string): unknown {
  return pipeline.flows.find((f) => f.name === flow)?.query;
}

describe('qualified names read and write the pipeline\'s own datasets only', () => {
  test('catalog.schema.name and schema.name of the pipeline\'s catalog and database are its datasets (names compared as Spark does, ignoring case)', () => {
    const pipeline = lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS SELECT * FROM main.sales.trips;
CREATE MATERIALIZED VIEW b AS SELECT * FROM SALES.trips;
CREATE MATERIALIZED VIEW main.sales.c AS SELECT * FROM \`Main\`.sales.trips;`);
    for (const flow of ['a', 'b', 'c']) expect(reads(pipeline, flow)).toEqual({ kind: 'read', dataset: 'trips' });
    expect(pipeline.datasets.map((d) => d.name)).toEqual(['trips', 'a', 'b', 'c']);
  });

  test('a table of another catalog or database is an error at its name, not the pipeline\'s dataset of the same last name', () => {
    expect(() => lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS\nSELECT * FROM samples.nyctaxi.trips;`))
      .toThrow(/p\.sql:3:15: samples\.nyctaxi\.trips is not a dataset of this pipeline, whose datasets are in the catalog main: Þund reads only the pipeline's own datasets \(name or LIVE\.name\) and files \(read_files\(…\)\), not tables outside it/);
    expect(() => lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS SELECT t.id FROM main.archive.trips t;`))
      .toThrow(/p\.sql:2:48: main\.archive\.trips is not a dataset of this pipeline, whose datasets are in the database sales/);
    expect(() => lower(`${TRIPS}CREATE STREAMING TABLE s AS SELECT * FROM STREAM(archive.trips);`)).toThrow(/p\.sql:2:43: archive\.trips is not a dataset of this pipeline/);
  });

  test('datasets of one name in two databases are refused, not merged: Þund keeps a pipeline\'s datasets in its database', () => {
    expect(() => lower(`${TRIPS}CREATE MATERIALIZED VIEW sales.mv2 AS SELECT * FROM trips;\nCREATE MATERIALIZED VIEW db_b.mv2 AS SELECT * FROM trips;`))
      .toThrow(/p\.sql:3:1: db_b\.mv2 would be created in the database db_b, and Þund keeps every dataset of a pipeline in its own database \(sales, from the spec\): drop the qualifier, or make it a pipeline of its own/);
  });

  test('a flow into a table of another database is refused; a multi-part flow target in the pipeline\'s database is its table', () => {
    const base = `${TRIPS}CREATE STREAMING TABLE all_trips;\n`;
    expect(reads(lower(`${base}CREATE FLOW f AS INSERT INTO main.sales.all_trips BY NAME SELECT * FROM trips;`), 'f')).toEqual({ kind: 'read', dataset: 'trips' });
    expect(() => lower(`${base}CREATE FLOW f AS INSERT INTO other.all_trips BY NAME SELECT * FROM trips;`))
      .toThrow(/p\.sql:3:1: other\.all_trips is not a dataset of this pipeline, whose datasets are in the database sales: Þund writes only the pipeline's own datasets/);
  });

  test('without a catalog or database in the spec, a name qualified by one cannot be known to be the pipeline\'s: an error saying what to add', () => {
    expect(() => lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS SELECT * FROM db_a.trips;`, { name: 't' }))
      .toThrow(/p\.sql:2:45: db_a\.trips names the database db_a, and the spec does not name this pipeline's database, so whether it is this pipeline's dataset is not known: add database: db_a to the spec, or write trips \(or LIVE\.trips\)/);
    expect(() => queryFromSql('SELECT * FROM samples.nyctaxi.trips')).toThrow(/query\.sql:1:15: samples\.nyctaxi\.trips names the catalog samples/);
    expect(queryFromSql('SELECT * FROM LIVE.trips')).toEqual({ kind: 'read', dataset: 'trips' });
  });
});

describe('USE sets where unqualified names are, for the statements after it in its file', () => {
  test('USE of the pipeline\'s own schema (or catalog and schema) changes nothing', () => {
    const used = lower(`USE CATALOG main;\nUSE SCHEMA sales;\n${TRIPS}USE DATABASE main.sales;\nCREATE MATERIALIZED VIEW a AS SELECT * FROM trips;`);
    expect(serializePipeline(used)).toBe(serializePipeline(lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS SELECT * FROM trips;`)));
    expect(lower(`${TRIPS}USE sales; CREATE MATERIALIZED VIEW a AS SELECT * FROM trips;`).flows).toHaveLength(2);
  });

  test('after USE of another schema, an unqualified name is a table of that schema: refused where it is read or defined', () => {
    expect(() => lower(`${TRIPS}USE SCHEMA archive;\nCREATE MATERIALIZED VIEW a AS SELECT * FROM sales.trips;`))
      .toThrow(/p\.sql:3:1: after USE \(USE at line 2\), a means archive\.a would be created in the database archive/);
    expect(() => lower(`${TRIPS}USE NAMESPACE archive;\nCREATE MATERIALIZED VIEW sales.a AS SELECT * FROM trips;`))
      .toThrow(/p\.sql:3:51: after USE \(USE at line 2\), trips means archive\.trips is not a dataset of this pipeline/);
  });

  test('USE is scoped to its file, as in SDP', () => {
    const pipeline = lower([
      { file: 'a.sql', text: `USE SCHEMA archive;\nCREATE MATERIALIZED VIEW sales.a AS SELECT * FROM sales.trips;` },
      { file: 'b.sql', text: `${TRIPS}CREATE MATERIALIZED VIEW b AS SELECT * FROM trips;` },
    ]);
    expect(reads(pipeline, 'a')).toEqual({ kind: 'read', dataset: 'trips' });
    expect(reads(pipeline, 'b')).toEqual({ kind: 'read', dataset: 'trips' });
  });

  test('CTE names come before datasets, and only unqualified', () => {
    const pipeline = lower(`${TRIPS}CREATE MATERIALIZED VIEW a AS WITH trips AS (SELECT 1 AS one FROM sales.trips) SELECT * FROM trips UNION ALL SELECT 1 AS one FROM sales.trips;`);
    expect(reads(pipeline, 'a')).toMatchObject({ kind: 'union', inputs: [{ kind: 'project', input: { kind: 'read', dataset: 'trips' } }, { kind: 'project', input: { kind: 'read', dataset: 'trips' } }] });
  });
});

describe('what SDP refuses, with SDP\'s reason', () => {
  const base = `${TRIPS}CREATE STREAMING TABLE st;\n`;

  test('INSERT INTO a flow\'s target without BY NAME', () => {
    expect(() => lower(`${base}CREATE FLOW f AS INSERT INTO st SELECT * FROM trips;`))
      .toThrow(/p\.sql:3:33: INSERT INTO a flow's target needs BY NAME, which SDP requires \("Only INSERT INTO by name flows supported\."\): write INSERT INTO target BY NAME SELECT …/);
    expect(() => lower(`${base}CREATE FLOW f AS INSERT INTO ONCE st SELECT * FROM trips;`)).toThrow(/p\.sql:3:38: INSERT INTO a flow's target needs BY NAME/);
  });

  test('a flow name of more than one part', () => {
    expect(() => lower(`${base}CREATE FLOW sales.f AS INSERT INTO st BY NAME SELECT * FROM trips;`))
      .toThrow(/p\.sql:3:13: flow name sales\.f has more than one part, which SDP refuses \(MULTIPART_FLOW_NAME_NOT_SUPPORTED: Flow with multipart name 'sales\.f' is not supported\): name the flow with one name, CREATE FLOW f AS …/);
  });

  test('INSERT OVERWRITE and a column list after the target', () => {
    expect(() => lower(`${base}CREATE FLOW f AS INSERT OVERWRITE st SELECT * FROM trips;`)).toThrow(/p\.sql:3:18: INSERT OVERWRITE flows are not supported \(SDP refuses them too\)/);
    expect(() => lower(`${base}CREATE FLOW f AS INSERT INTO st (a) SELECT * FROM trips;`)).toThrow(/p\.sql:3:33: a column list after the target is not supported \(SDP: "Column schema may not be specified for flow target\."\)/);
  });
});

describe('CREATE VIEW: a persisted view, read as a materialized view where the rows are the same', () => {
  test('a view over the pipeline\'s datasets is a materialized view of the same query', () => {
    expect(serializePipeline(lower(`${TRIPS}CREATE VIEW v COMMENT 'ids' AS SELECT id FROM trips;`)))
      .toBe(serializePipeline(lower(`${TRIPS}CREATE MATERIALIZED VIEW v COMMENT 'ids' AS SELECT id FROM trips;`)));
  });

  test('a view reading files, a temporary view or a stream is refused', () => {
    expect(() => lower("CREATE VIEW v AS SELECT * FROM read_files('x.parquet', format => 'parquet');")).toThrow(/p\.sql:1:32: view v reads files, which a view reads again each time it is queried/);
    expect(() => lower(`${TRIPS}CREATE TEMPORARY VIEW t AS SELECT * FROM trips;\nCREATE VIEW v AS SELECT * FROM t;`))
      .toThrow(/p\.sql:3:32: view v reads temporary view t, which SDP refuses \(INVALID_TEMP_OBJ_REFERENCE/);
    expect(() => lower(`${TRIPS}CREATE VIEW v AS SELECT * FROM STREAM(trips);`)).toThrow(/p\.sql:2:32: a view is recomputed from whole datasets/);
  });
});
