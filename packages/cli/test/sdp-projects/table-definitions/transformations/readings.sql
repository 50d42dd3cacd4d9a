-- MV clauses: a typed column list with NOT NULL and column comments, COMMENT, TBLPROPERTIES, PARTITIONED BY.
CREATE MATERIALIZED VIEW readings (
  sensor STRING NOT NULL COMMENT 'sensor id, unknown ones as ?',
  reading BIGINT COMMENT 'raw value',
  taken_at TIMESTAMP,
  site STRING COMMENT 'where it was read'
)
COMMENT 'Readings with typed columns, partitioned by site.'
PARTITIONED BY (site)
TBLPROPERTIES ('quality' = 'bronze', 'team' = 'tests')
AS SELECT
  coalesce(sensor, '?') AS sensor,
  CAST(value AS BIGINT) AS reading,
  CAST(taken_at AS TIMESTAMP) AS taken_at,
  site
FROM json.`${data}/readings.json`;

CREATE MATERIALIZED VIEW site_totals
PARTITIONED BY (site)
AS SELECT sum(reading) AS total, site FROM readings GROUP BY site;
