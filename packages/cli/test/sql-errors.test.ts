import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

const temp = mkdtempSync(join(tmpdir(), 'thund-sql-errors-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A valid first statement, so each case's own statement starts on line 3. */
const PRELUDE = "CREATE MATERIALIZED VIEW orders AS SELECT * FROM read_files('orders.parquet', format => 'parquet');\n\n";

/**
 * Malformed or unsupported SQL, each with where the error must point
 * (line:column of `p.sql`) and what it must say. Every one exits 2 from
 * `thund check`, names `p.sql:line:column`, and prints no stack trace.
 */
const CASES: readonly (readonly [string, string, string, RegExp])[] = [
  ['a misspelled keyword', 'CREATE MATERIALISED VIEW a AS SELECT 1 FROM orders;', '3:8', /CREATE MATERIALISED is not a pipeline statement/],
  ['a statement that is not CREATE', 'SELECT * FROM orders;', '3:1', /expected CREATE MATERIALIZED VIEW, CREATE STREAMING TABLE/],
  ['a missing semicolon between statements', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders\nCREATE MATERIALIZED VIEW b AS SELECT id FROM orders;', '4:1', /end the statement with ";"/],
  ['an unclosed string', "CREATE MATERIALIZED VIEW a AS SELECT 'x FROM orders;", '3:38', /this string is never closed/],
  ['an unclosed comment', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders; /* note', '3:54', /this comment is never closed/],
  ['an unknown function', 'CREATE MATERIALIZED VIEW a AS SELECT uper(customer) AS c FROM orders;', '3:38', /unknown function uper: .*did you mean upper\?/],
  ['a materialized view without AS', 'CREATE MATERIALIZED VIEW a;', '3:27', /a materialized view needs AS SELECT/],
  ['CREATE VIEW reading files (a view reads them again when queried)', "CREATE VIEW a AS SELECT * FROM read_files('o.parquet', format => 'parquet');", '3:32', /view a reads files, which a view reads again each time it is queried.*write CREATE MATERIALIZED VIEW a/],
  ['CREATE TABLE', 'CREATE OR REPLACE TABLE a AS SELECT id FROM orders;', '3:19', /CREATE TABLE is not a pipeline statement \(SDP refuses it: "Unsupported plan"\)/],
  ['a qualified name of a table outside the pipeline', 'CREATE MATERIALIZED VIEW a AS SELECT * FROM samples.nyctaxi.orders;', '3:45', /samples\.nyctaxi\.orders names the catalog samples, and the spec does not name this pipeline's catalog/],
  ['INSERT INTO without BY NAME', 'CREATE STREAMING TABLE t;\nCREATE FLOW f AS INSERT INTO t SELECT id FROM orders;', '4:32', /INSERT INTO a flow's target needs BY NAME, which SDP requires \("Only INSERT INTO by name flows supported\."\)/],
  ['a multi-part flow name', 'CREATE STREAMING TABLE t;\nCREATE FLOW db.f AS INSERT INTO t BY NAME SELECT id FROM orders;', '4:13', /flow name db\.f has more than one part, which SDP refuses \(MULTIPART_FLOW_NAME_NOT_SUPPORTED/],
  ['an AUTO CDC target declaring a type its change feed does not widen to', "CREATE STREAMING TABLE ev (id BIGINT, name STRING, seq BIGINT) AS SELECT * FROM STREAM read_files('e', format => 'json');\nCREATE STREAMING TABLE t (id BIGINT, name INT);\nCREATE FLOW f AS AUTO CDC INTO t FROM STREAM(ev) KEYS (id) SEQUENCE BY seq COLUMNS * EXCEPT (seq);", '5:1', /column "name" of cdc flow "f" is utf8, which does not widen to int32 as "t" declares it/],
  ['a streaming view', 'CREATE STREAMING LIVE VIEW v AS SELECT * FROM STREAM(orders);', '3:8', /a streaming view is not supported/],
  ['a Spark setting', 'SET spark.sql.ansi.enabled = false;', '3:1', /SET spark\.sql\.ansi\.enabled: a Spark setting changes how Spark runs the flows after it in this file/],
  ['a dataset defined twice', 'CREATE MATERIALIZED VIEW orders AS SELECT 1 AS x FROM read_files(\'o.parquet\', format => \'parquet\');', '3:1', /orders is already defined at .*p\.sql:1:1/],
  ['a flow into an undeclared table', 'CREATE FLOW f AS INSERT INTO nowhere BY NAME SELECT id FROM orders;', '3:1', /nowhere is not defined: declare it with CREATE STREAMING TABLE nowhere/],
  ['a flow into a materialized view', 'CREATE FLOW f AS INSERT INTO orders BY NAME SELECT id FROM orders;', '3:1', /flows write into streaming tables, and orders is a materialized view/],
  ['STREAM in a materialized view', 'CREATE MATERIALIZED VIEW a AS SELECT * FROM STREAM(orders);', '3:45', /a materialized view is recomputed from whole datasets: read STREAM/],
  ['a column neither grouped nor aggregated', 'CREATE MATERIALIZED VIEW a AS SELECT customer, amount FROM orders GROUP BY customer;', '3:48', /column amount must be in GROUP BY or inside an aggregate/],
  ['an aggregate in WHERE', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders WHERE sum(amount) > 1;', '3:59', /aggregates are not allowed in WHERE: use HAVING/],
  // A source of known columns: over orders (a Parquet file read without a schema) x could be a struct column, which only the run can tell.
  ['an unknown table qualifier', "CREATE MATERIALIZED VIEW typed AS SELECT * FROM read_files('t.csv', format => 'csv', header => 'true', schema => 'id BIGINT'); CREATE MATERIALIZED VIEW a AS SELECT x.id FROM typed t;", '3:165', /unknown table x in x\.…: the tables here are t; nor is it a column/],
  ['IN (subquery) outside a WHERE condition', 'CREATE MATERIALIZED VIEW a AS SELECT id IN (SELECT id FROM orders) AS known FROM orders;', '3:38', /IN \(subquery\) is read as a condition of WHERE, joined to the others by AND/],
  ['a scalar subquery that may return several rows', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders WHERE id = (SELECT id FROM orders);', '3:64', /a scalar subquery must return at most one row, and Spark fails the query when this one returns more/],
  ['EXCEPT of two widths', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders EXCEPT SELECT id, amount FROM orders;', '3:53', /each side of EXCEPT or INTERSECT needs the same number of columns: the first has 1 \(id\), the second 2 \(id, amount\)/],
  ['a window function without OVER', 'CREATE MATERIALIZED VIEW a AS SELECT row_number() AS rn FROM orders;', '3:38', /row_number is a window function: add OVER/],
  ['a RANGE frame', 'CREATE MATERIALIZED VIEW a AS SELECT sum(amount) OVER (ORDER BY id RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) AS s FROM orders;', '3:68', /RANGE frames are read from UNBOUNDED PRECEDING to CURRENT ROW \(the default\) or to UNBOUNDED FOLLOWING: for other frames use ROWS BETWEEN/],
  ['a frame that starts after it ends', 'CREATE MATERIALIZED VIEW a AS SELECT sum(amount) OVER (ORDER BY id ROWS 2 FOLLOWING) AS s FROM orders;', '3:73', /this frame starts after it ends \(Spark refuses it\)/],
  ['an unsupported type', 'CREATE MATERIALIZED VIEW a (m VARIANT) AS SELECT id FROM orders;', '3:31', /type VARIANT is not supported/],
  ['a column without a type', 'CREATE MATERIALIZED VIEW a (id, amount) AS SELECT id, amount FROM orders;', '3:31', /column id of this view needs a type/],
  ['a constraint that is neither an expectation nor a key', 'CREATE MATERIALIZED VIEW a (id BIGINT, CONSTRAINT c CHECK (id > 0)) AS SELECT id FROM orders;', '3:53', /only expectations are supported as constraints/],
  ['a bad ON VIOLATION action', 'CREATE MATERIALIZED VIEW a (CONSTRAINT c EXPECT (id > 0) ON VIOLATION IGNORE) AS SELECT id FROM orders;', '3:71', /expected DROP ROW or FAIL UPDATE after ON VIOLATION/],
  ['AUTO CDC without SEQUENCE BY', 'CREATE STREAMING TABLE t;\nCREATE FLOW f AS AUTO CDC INTO t FROM STREAM(orders) KEYS (id) STORED AS SCD TYPE 1;', '4:84', /AUTO CDC needs SEQUENCE BY column/],
  ['an SCD type that does not exist', 'CREATE STREAMING TABLE t;\nCREATE FLOW f AS AUTO CDC INTO t FROM STREAM(orders) KEYS (id) SEQUENCE BY seq STORED AS SCD TYPE 3;', '4:99', /SCD TYPE must be 1 or 2/],
  ['read_files without a format', "CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.csv');", '3:45', /read_files needs format => 'parquet', 'json' or 'csv'/],
  ['read_files with an unknown format', "CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.avro', format => 'avro');", '3:45', /read_files needs format => .*not 'avro'/],
  ['a schema string with an unknown type', "CREATE MATERIALIZED VIEW a AS SELECT * FROM read_files('x.json', format => 'json', schema => 'id BIGINT, at DATETIME');", '3:109', /type DATETIME is not supported/],
  ['a table function that is neither read_files nor range', "CREATE MATERIALIZED VIEW a AS SELECT * FROM generate_series(1, 10);", '3:45', /table function generate_series\(…\) is not supported/],
  ['range with a step of 0', "CREATE MATERIALIZED VIEW a AS SELECT * FROM range(0, 10, 0);", '3:45', /range's step is 0, which would never reach the end/],
  ['STREAM of range', "CREATE STREAMING TABLE a AS SELECT * FROM STREAM range(10);", '3:50', /range\(…\) makes its rows once, it is not a stream: read it without STREAM/],
  ['VALUES rows of two widths', "CREATE MATERIALIZED VIEW a AS SELECT * FROM VALUES (1, 'a'), (2) AS t(n, s);", '3:62', /this VALUES row has 1 value and the first has 2: give every row one value per column/],
  ['a window without a watermark', "CREATE STREAMING TABLE ev AS SELECT * FROM STREAM read_files('e', format => 'json'); CREATE STREAMING TABLE a AS SELECT window.start AS window_start, window.end AS window_end, count(*) AS n FROM STREAM(ev) GROUP BY window(ts, '1 minute');", '3:216', /an event-time window needs a watermark/],
  ['a batch hopping window', "CREATE MATERIALIZED VIEW a AS SELECT window.start AS s, count(*) AS n FROM orders GROUP BY window(ts, '10 minutes', '5 minutes');", '3:92', /a hopping or session window in a batch query is not supported yet/],
  ['a seeded rand', 'CREATE MATERIALIZED VIEW a AS SELECT id, rand(42) AS r FROM orders;', '3:42', /rand: a seed picks Spark's own sequence for each partition, which no other engine reproduces: call rand\(\) without one/],
  ['a WATERMARK on a batch read', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders WATERMARK ts DELAY OF INTERVAL 1 MINUTE;', '3:53', /WATERMARK applies to a streaming read/],
  ['a window size that is not an interval', "CREATE STREAMING TABLE a AS SELECT window.start AS window_start, window.end AS window_end, count(*) AS n FROM STREAM(orders) WATERMARK ts DELAY OF INTERVAL 1 MINUTE GROUP BY window(ts, 'often');", '3:186', /window sizes are strings such as '10 minutes'/],
  ['a windowed aggregation selecting other columns', "CREATE STREAMING TABLE a AS SELECT count(*) AS n FROM STREAM(orders) WATERMARK ts DELAY OF INTERVAL 1 MINUTE GROUP BY window(ts, '1 minute');", '3:29', /an event-time window aggregation selects window\.start AS window_start, window\.end AS window_end/],
  ['a column in a query without FROM', 'CREATE MATERIALIZED VIEW a AS SELECT 1 AS one, id + 1 AS two;', '3:48', /a SELECT without FROM has no columns to read, so "id" names nothing: write a value, or read a dataset with FROM/],
  ['null-safe equality', 'CREATE MATERIALIZED VIEW a AS SELECT id FROM orders WHERE id <=> 1;', '3:62', /<=> \(null-safe equality\) is not supported/],
  ['STREAM of a materialized view', 'CREATE STREAMING TABLE a AS SELECT * FROM STREAM(orders);', '3:43', /STREAM reads a streaming table, and orders is a materialized view/],
  ['a CSV read without its header option', 'CREATE MATERIALIZED VIEW a AS SELECT * FROM csv.`x.csv`;', '3:45', /Þund reads CSV files by their header row: add WITH \('header' = 'true'\)/],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the SQL's own ${name}, not a template
  ['a configuration variable that is not set', 'CREATE MATERIALIZED VIEW a AS SELECT * FROM parquet.`${data}/x.parquet`;', '3:53', /\$\{data\} is not set: add it to the spec's configuration \(it has none\)/],
  ['a stray character', 'CREATE MATERIALIZED VIEW a AS SELECT id ? FROM orders;', '3:41', /unexpected character "\?"/],
];

describe('malformed and unsupported SQL: exit 2 with file:line:column and the reason', () => {
  it(`covers at least 25 inputs (has ${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  for (const [what, sql, at, reason] of CASES) {
    it(what, async () => {
      const dir = join(temp, what.replace(/\W+/g, '-'));
      mkdirSync(dir);
      writeFileSync(join(dir, 'spark-pipeline.yml'), 'name: broken\nlibraries:\n  - glob:\n      include: "*.sql"\n');
      writeFileSync(join(dir, 'p.sql'), `${PRELUDE}${sql}\n`);
      const io = captureIo(dir);
      expect(await main(['check', '.'], io), io.err()).toBe(2);
      expect(io.err()).toContain(`p.sql:${at}: `);
      expect(io.err()).toMatch(reason);
      expect(io.err(), 'no stack trace for a user mistake').not.toMatch(/\n\s+at /);
    });
  }
});
