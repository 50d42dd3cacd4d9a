-- ORDER BY without NULLS FIRST/LAST sorts NULLs as Spark SQL does: first ascending, last descending
-- (the reverse of the portable plan's default), in ORDER BY … LIMIT and in a window's ORDER BY.
CREATE TEMPORARY VIEW t AS SELECT * FROM json.`${data}/t.json`;
CREATE MATERIALIZED VIEW asc_limit AS SELECT id, v FROM t ORDER BY v LIMIT 2;
CREATE MATERIALIZED VIEW desc_limit AS SELECT id, v FROM t ORDER BY v DESC LIMIT 2;
CREATE MATERIALIZED VIEW ranked AS SELECT id, row_number() OVER (ORDER BY v) AS rn FROM t;
