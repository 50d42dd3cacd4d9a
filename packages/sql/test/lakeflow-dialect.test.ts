import { type Pipeline, serializePipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { type SqlPipelineSettings, pipelineFromSql } from '../src/index.js';

/*
 * Lakeflow (DLT) spellings of SDP statements: each must lower to exactly
 * the pipeline its SDP spelling lowers to, and what Þund cannot run is an
 * error at file:line:column saying what to write instead.
 */

const EVENTS = "CREATE STREAMING TABLE events (id BIGINT, op STRING, seq BIGINT) AS SELECT * FROM STREAM read_files('data/events', format => 'json');\n";

function lower(sql: string, settings: SqlPipelineSettings = { name: 't' }): Pipeline {
  return pipelineFromSql([{ file: 'p.sql', text: sql }], settings);
}

/** The two texts lower to the same pipeline document. */
function expectSame(lakeflow: string, sdp: string): void {
  expect(serializePipeline(lower(lakeflow))).toBe(serializePipeline(lower(sdp)));
}

describe('Lakeflow statements read as the SDP statements they mean', () => {
  test('CREATE OR REFRESH and CREATE OR REPLACE are CREATE', () => {
    expectSame(
      `${EVENTS}CREATE OR REPLACE MATERIALIZED VIEW m AS SELECT id FROM events; CREATE OR REFRESH STREAMING TABLE s AS SELECT id FROM STREAM(events);`,
      `${EVENTS}CREATE MATERIALIZED VIEW m AS SELECT id FROM events; CREATE STREAMING TABLE s AS SELECT id FROM STREAM(events);`,
    );
  });

  test('[STREAMING] LIVE TABLE, TEMPORARY [STREAMING] LIVE TABLE and [TEMPORARY] LIVE VIEW are materialized views, streaming tables and temporary views', () => {
    expectSame(
      `${EVENTS}CREATE OR REFRESH LIVE TABLE m AS SELECT id FROM events;
       CREATE TEMPORARY LIVE TABLE m2 AS SELECT id FROM events;
       CREATE OR REFRESH STREAMING LIVE TABLE s AS SELECT id FROM STREAM(events);
       CREATE OR REFRESH TEMPORARY STREAMING LIVE TABLE s2 AS SELECT id FROM STREAM(events);
       CREATE TEMPORARY STREAMING TABLE s3 AS SELECT id FROM STREAM(events);
       CREATE STREAMING LIVE TABLE s4;
       CREATE FLOW f4 AS INSERT INTO LIVE.s4 BY NAME SELECT id FROM STREAM(LIVE.events);
       CREATE TEMPORARY LIVE VIEW v AS SELECT id FROM events;
       CREATE LIVE VIEW v2 AS SELECT id FROM events;`,
      `${EVENTS}CREATE MATERIALIZED VIEW m AS SELECT id FROM events;
       CREATE MATERIALIZED VIEW m2 AS SELECT id FROM events;
       CREATE STREAMING TABLE s AS SELECT id FROM STREAM(events);
       CREATE STREAMING TABLE s2 AS SELECT id FROM STREAM(events);
       CREATE STREAMING TABLE s3 AS SELECT id FROM STREAM(events);
       CREATE STREAMING TABLE s4;
       CREATE FLOW f4 AS INSERT INTO s4 BY NAME SELECT id FROM STREAM(events);
       CREATE TEMPORARY VIEW v AS SELECT id FROM events;
       CREATE TEMPORARY VIEW v2 AS SELECT id FROM events;`,
    );
  });

  test('LIVE.x is the pipeline\'s own x, also inside STREAM(…) and STREAM …', () => {
    expectSame(
      `${EVENTS}CREATE LIVE TABLE m AS SELECT e.id FROM LIVE.events e JOIN live.events USING (id);
       CREATE STREAMING LIVE TABLE s AS SELECT id FROM STREAM(LIVE.events);
       CREATE STREAMING LIVE TABLE s2 AS SELECT id FROM STREAM LIVE.events;`,
      `${EVENTS}CREATE MATERIALIZED VIEW m AS SELECT e.id FROM events e JOIN events USING (id);
       CREATE STREAMING TABLE s AS SELECT id FROM STREAM(events);
       CREATE STREAMING TABLE s2 AS SELECT id FROM STREAM events;`,
    );
  });

  test('APPLY CHANGES INTO is AUTO CDC INTO, in a flow named like its target', () => {
    expectSame(
      `${EVENTS}CREATE OR REFRESH STREAMING LIVE TABLE target;
       APPLY CHANGES INTO LIVE.target FROM STREAM(LIVE.events) KEYS (id) APPLY AS DELETE WHEN op = "DELETE" SEQUENCE BY seq COLUMNS * EXCEPT (op) STORED AS SCD TYPE 2;`,
      `${EVENTS}CREATE STREAMING TABLE target FLOW AUTO CDC FROM STREAM(events) KEYS (id) APPLY AS DELETE WHEN op = 'DELETE' SEQUENCE BY seq COLUMNS * EXCEPT (op) STORED AS SCD TYPE 2;`,
    );
  });

  test('a second APPLY CHANGES into one target needs a flow name of its own', () => {
    expect(() => lower(`${EVENTS}CREATE STREAMING TABLE t;
APPLY CHANGES INTO t FROM STREAM(events) KEYS (id) SEQUENCE BY seq;
APPLY CHANGES INTO t FROM STREAM(events) KEYS (id) SEQUENCE BY seq;`)).toThrow(/p\.sql:4:1: t is already defined at p\.sql:3:1: APPLY CHANGES names its flow like its target, so a second one into t needs a name of its own: write CREATE FLOW name AS AUTO CDC INTO t/);
  });

  test('cloud_files(path, format, map(…)) is a streaming read_files with the same options, cloudFiles. dropped', () => {
    expectSame(
      `CREATE STREAMING LIVE TABLE raw AS SELECT * FROM cloud_files("data/in", "json", map("cloudFiles.inferColumnTypes", "true", "cloudFiles.schemaLocation", "/tmp/x", "multiLine", "true"));
       CREATE STREAMING LIVE TABLE raw_csv AS SELECT * FROM cloud_files('data/csv', 'csv', map('header', 'true', 'cloudFiles.inferColumnTypes', 'true', 'cloudFiles.maxFilesPerTrigger', '1'));
       CREATE STREAMING LIVE TABLE raw_parquet AS SELECT * FROM cloud_files('data/p', 'parquet');`,
      `CREATE STREAMING TABLE raw AS SELECT * FROM STREAM read_files('data/in', format => 'json', multiLine => 'true');
       CREATE STREAMING TABLE raw_csv AS SELECT * FROM STREAM read_files('data/csv', format => 'csv', header => 'true', maxFilesPerTrigger => '1');
       CREATE STREAMING TABLE raw_parquet AS SELECT * FROM STREAM read_files('data/p', format => 'parquet');`,
    );
  });

  test('options that only change how files are listed are dropped; Databricks-only reader options are refused at their position', () => {
    expectSame(
      `CREATE STREAMING TABLE raw AS SELECT * FROM STREAM read_files('data/in', format => 'json', useIncrementalListing => 'auto', validateOptions => 'false');
       CREATE STREAMING LIVE TABLE raw2 AS SELECT * FROM cloud_files('data/in2', 'json', map('cloudFiles.inferColumnTypes', 'true', 'cloudFiles.useNotifications', 'false'));`,
      `CREATE STREAMING TABLE raw AS SELECT * FROM STREAM read_files('data/in', format => 'json');
       CREATE STREAMING TABLE raw2 AS SELECT * FROM STREAM read_files('data/in2', format => 'json');`,
    );
    expect(() => lower("CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.json', format => 'json', schemaHints => 'id BIGINT');"))
      .toThrow(/p\.sql:1:\d+: schemaHints types some columns and infers the others, which Þund does not do: declare every column/);
    expect(() => lower("CREATE STREAMING LIVE TABLE r AS SELECT * FROM cloud_files('d', 'json', map('cloudFiles.inferColumnTypes', 'true', 'cloudFiles.schemaEvolutionMode', 'rescue'));"))
      .toThrow(/p\.sql:1:\d+: schemaEvolutionMode is not supported yet/);
    expect(() => lower("CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.json', format => 'json', rescuedDataColumn => '_r');"))
      .toThrow(/rescuedDataColumn is not supported yet: Þund has no rescued-data column/);
  });

  test('cloud_files of CSV without inferColumnTypes reads every column as a string, as Auto Loader does', () => {
    const pipeline = lower("CREATE STREAMING LIVE TABLE raw AS SELECT * FROM cloud_files('data/csv', 'csv', map('header', 'true'));");
    expect(pipeline.flows[0]?.query).toEqual({ kind: 'read_files', format: 'csv', path: 'data/csv', options: { header: 'true', inferSchema: 'false' } });
  });

  test('read_files\' inferColumnTypes: true is Þund\'s own default, false on CSV reads strings', () => {
    expectSame(
      "CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.json', FORMAT => 'json', inferColumnTypes => true); CREATE MATERIALIZED VIEW b AS SELECT * FROM read_files('x.csv', format => 'csv', HEADER => true, inferColumnTypes => 'false');",
      "CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.json', format => 'json'); CREATE MATERIALIZED VIEW b AS SELECT * FROM read_files('x.csv', format => 'csv', header => 'true', inferSchema => 'false');",
    );
  });

  test('informational PRIMARY KEY and FOREIGN KEY constraints and CLUSTER BY are read and set aside', () => {
    expectSame(
      `${EVENTS}CREATE MATERIALIZED VIEW dim (
         id BIGINT NOT NULL PRIMARY KEY, op STRING COMMENT 'kind' CONSTRAINT op_fk FOREIGN KEY REFERENCES ops (op),
         CONSTRAINT pk PRIMARY KEY (id TIMESERIES) NOT ENFORCED RELY,
         CONSTRAINT fk FOREIGN KEY (op, id) REFERENCES main.ops.kinds (op, id) MATCH FULL ON UPDATE NO ACTION ON DELETE NO ACTION,
         FOREIGN KEY (op) REFERENCES kinds,
         CONSTRAINT has_id EXPECT (id IS NOT NULL)
       ) CLUSTER BY (id, op) COMMENT 'dimension' AS SELECT id, op FROM events;
       CREATE STREAMING TABLE s CLUSTER BY AUTO AS SELECT id FROM STREAM(events);`,
      `${EVENTS}CREATE MATERIALIZED VIEW dim (
         id BIGINT NOT NULL, op STRING COMMENT 'kind',
         CONSTRAINT has_id EXPECT (id IS NOT NULL)
       ) COMMENT 'dimension' AS SELECT id, op FROM events;
       CREATE STREAMING TABLE s AS SELECT id FROM STREAM(events);`,
    );
  });

  test('double-quoted text is a string, as in Spark (doubleQuotedIdentifiers is off by default)', () => {
    const pipeline = lower(`${EVENTS}CREATE MATERIALIZED VIEW m TBLPROPERTIES ("quality" = "gold") COMMENT "per op" AS SELECT id, "x" AS tag FROM events WHERE op = "DELETE";`);
    expect(pipeline.datasets[1]).toMatchObject({ comment: 'per op', properties: { quality: 'gold' } });
    expect(pipeline.flows[1]?.query).toMatchObject({
      columns: [{ kind: 'column', name: 'id' }, { kind: 'alias', name: 'tag', expr: { kind: 'literal', value: 'x' } }],
      input: { kind: 'filter', condition: { right: { kind: 'literal', value: 'DELETE' } } },
    });
  });

  test('SET with a key alone and settings no plan reads change nothing; SET CATALOG is USE CATALOG', () => {
    expectSame(
      `SET spark.source; SET; SET conf.test = a; ${EVENTS}SET myapp.owner = team a;CREATE MATERIALIZED VIEW m AS SELECT id FROM events;`,
      `${EVENTS}CREATE MATERIALIZED VIEW m AS SELECT id FROM events;`,
    );
    expect(() => lower(`${EVENTS}SET CATALOG other;\nCREATE MATERIALIZED VIEW m AS SELECT id FROM events;`, { name: 't', catalog: 'main', database: 'db' }))
      .toThrow(/p\.sql:3:1: USE CATALOG \(USE at line 2\) left no schema for m, as in SDP: name one with USE SCHEMA/);
  });
});

describe('notebook exports are split into their cells', () => {
  test('-- COMMAND ---------- ends a statement, -- MAGIC cells are comments, a %sql cell is SQL', () => {
    const notebook = [
      '-- Databricks notebook source',
      '-- MAGIC %md',
      '-- MAGIC # Bronze',
      '',
      '-- COMMAND ----------',
      '',
      "CREATE OR REFRESH STREAMING LIVE TABLE events (id BIGINT, op STRING, seq BIGINT) AS SELECT * FROM STREAM read_files('data/events', format => 'json')",
      '',
      '-- COMMAND ----------',
      '',
      '-- MAGIC %python',
      '-- MAGIC display(spark.table("events"))',
      '',
      '-- COMMAND ----------',
      '',
      '-- DBTITLE 1,Counts',
      'CREATE LIVE TABLE counts AS SELECT op, count(*) AS n FROM LIVE.events GROUP BY op',
      '-- COMMAND ----------',
      '-- MAGIC %sql',
      '-- MAGIC CREATE LIVE TABLE ops',
      '-- MAGIC AS SELECT DISTINCT op FROM LIVE.events',
    ].join('\n');
    expectSame(notebook, `${EVENTS}CREATE MATERIALIZED VIEW counts AS SELECT op, count(*) AS n FROM events GROUP BY op;
CREATE MATERIALIZED VIEW ops AS SELECT DISTINCT op FROM events;`);
  });

  test('an error in a %sql cell is at its line and column in the file', () => {
    const notebook = "-- Databricks notebook source\n-- COMMAND ----------\n-- MAGIC %sql\n-- MAGIC CREATE LIVE TABLE ops\n-- MAGIC AS SELECT cnt(op) AS n FROM read_files('x', format => 'json')\n";
    expect(() => lower(notebook)).toThrow(/p\.sql:5:20: unknown function cnt/);
  });
});

describe('what Þund cannot run is refused where it is written, with what to write', () => {
  const refusals: readonly (readonly [string, string, RegExp])[] = [
    ['CREATE TABLE', 'CREATE TABLE t AS SELECT 1 AS one FROM events;', /2:8: CREATE TABLE is not a pipeline statement \(SDP refuses it: "Unsupported plan"\): use CREATE MATERIALIZED VIEW/],
    ['a streaming view', 'CREATE STREAMING LIVE VIEW v AS SELECT * FROM STREAM(events);', /2:8: a streaming view is not supported: Þund streams only from streaming tables; make it CREATE STREAMING TABLE/],
    ['a temporary streaming view', 'CREATE TEMPORARY STREAMING LIVE VIEW v AS SELECT * FROM STREAM(events);', /2:8: a streaming view is not supported/],
    ['a LIVE table read as a materialized view from a stream', 'CREATE LIVE TABLE m AS SELECT * FROM STREAM(LIVE.events);', /2:38: a materialized view is recomputed from whole datasets/],
    ['cloud_files in a materialized view', "CREATE LIVE TABLE m AS SELECT * FROM cloud_files('in', 'json', map('cloudFiles.inferColumnTypes', 'true'));", /2:38: a materialized view is recomputed from whole datasets/],
    ['cloud_files of JSON as strings', "CREATE STREAMING LIVE TABLE r AS SELECT * FROM cloud_files('in', 'json');", /2:48: cloud_files reads every JSON column as a string unless cloudFiles.inferColumnTypes is 'true'/],
    ['cloud_files of XML', "CREATE STREAMING LIVE TABLE r AS SELECT * FROM cloud_files('in', 'xml');", /2:66: cloud_files reads 'parquet', 'json' or 'csv' files here, not 'xml'/],
    ['cloud_files of CSV without a header', "CREATE STREAMING LIVE TABLE r AS SELECT * FROM cloud_files('in', 'csv', map('cloudFiles.inferColumnTypes', 'true'));", /2:48: Þund reads CSV files by their header row: add 'header', 'true' to the map/],
    ['cloud_files skipping existing files', "CREATE STREAMING LIVE TABLE r AS SELECT * FROM cloud_files('in', 'parquet', map('cloudFiles.includeExistingFiles', 'false'));", /2:81: cloudFiles.includeExistingFiles false skips the files already there/],
    ['a delta path', 'CREATE MATERIALIZED VIEW m AS SELECT * FROM delta.`/tmp/t`;', /2:45: delta files are not read by Þund: it reads parquet, json and csv/],
    ['a Spark setting', 'SET spark.sql.shuffle.partitions = 4;', /2:1: SET spark\.sql\.shuffle\.partitions: a Spark setting changes how Spark runs the flows after it in this file, and means nothing to native/],
    ['SET TIME ZONE', "SET TIME ZONE 'UTC';", /2:1: SET TIME ZONE changes the Spark session time zone/],
    ['a trigger interval', 'SET pipelines.trigger.interval = 5 minute;', /2:1: SET pipelines\.trigger\.interval: Þund runs each flow to the end of the input it has on every run/],
    ['another Lakeflow setting', 'SET pipelines.applyChangesPreviewEnabled = true;', /2:1: SET pipelines\.applyChangesPreviewEnabled is a Lakeflow pipeline setting, which Þund does not have/],
    ['SEQUENCE BY an expression', "CREATE STREAMING TABLE t; APPLY CHANGES INTO t FROM STREAM(events) KEYS (id) SEQUENCE BY to_timestamp(op, 'yyyy');", /2:90: SEQUENCE BY takes a column here: compute the sequence in the source/],
    ['a CHECK constraint', 'CREATE MATERIALIZED VIEW m (id BIGINT, CONSTRAINT c CHECK (id > 0)) AS SELECT id FROM events;', /2:53: only expectations are supported as constraints/],
  ];
  for (const [what, sql, error] of refusals) {
    test(what, () => {
      expect(() => lower(`${EVENTS}${sql}`)).toThrow(new RegExp(`p\\.sql:${error.source}`));
    });
  }
});
