-- Statements SDP or Þund refuses by design, beside ones that run.
CREATE MATERIALIZED VIEW accounts AS
SELECT account_id, owner FROM json.`${data}/accounts.json`;

-- SDP refuses CREATE TABLE ("Unsupported plan").
CREATE TABLE account_copy AS SELECT * FROM accounts;

CREATE STREAMING TABLE account_feed AS
SELECT account_id, owner FROM STREAM read_files('${data}/feed', format => 'json');

CREATE STREAMING TABLE account_log;

CREATE FLOW log_by_name AS INSERT INTO account_log BY NAME
SELECT account_id FROM STREAM(account_feed);

-- SDP refuses INSERT INTO without BY NAME.
CREATE FLOW log_by_position AS INSERT INTO account_log
SELECT account_id FROM STREAM(account_feed);

-- Streaming views: Þund streams only from streaming tables.
CREATE TEMPORARY STREAMING LIVE VIEW feed_changes AS
SELECT * FROM STREAM(LIVE.account_feed);

CREATE STREAMING LIVE VIEW feed_owners AS
SELECT owner FROM STREAM(LIVE.account_feed);

-- The pipeline's storage decides where a dataset is kept.
CREATE MATERIALIZED VIEW account_archive LOCATION '/tmp/account-archive' AS
SELECT * FROM accounts;

CREATE MATERIALIZED VIEW account_ids (
  row_id BIGINT GENERATED ALWAYS AS IDENTITY,
  account_id BIGINT
) AS SELECT account_id FROM accounts;
