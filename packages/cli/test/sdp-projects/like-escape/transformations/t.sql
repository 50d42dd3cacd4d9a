-- In a LIKE pattern a backslash makes _ and % literal, as in Spark SQL strings.
CREATE MATERIALIZED VIEW escaped AS SELECT id, name LIKE 'a\_b' AS literal_underscore, name LIKE 'a_b' AS any_one FROM json.`${data}/t.json`;
