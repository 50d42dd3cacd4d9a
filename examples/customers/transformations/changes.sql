-- The raw change feed: a backfill plus new change files.
CREATE STREAMING TABLE customer_changes (
  customer_id BIGINT NOT NULL,
  name STRING,
  country STRING,
  op STRING,
  seq BIGINT
)
COMMENT 'The raw change feed: a backfill plus new change files.';

CREATE FLOW backfill_changes
AS INSERT INTO ONCE customer_changes BY NAME
SELECT * FROM read_files('data/backfill.csv', format => 'csv', header => 'true');

CREATE FLOW ingest_changes
AS INSERT INTO customer_changes BY NAME
SELECT * FROM STREAM read_files('data/changes', format => 'json');
