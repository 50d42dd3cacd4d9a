-- Several flows into one streaming table: from two folders, a one-time backfill, and a derived stream.
CREATE STREAMING TABLE all_sales (
  sale_id BIGINT,
  channel STRING,
  amount DOUBLE
)
COMMENT 'sales from every channel';

CREATE FLOW web_sales AS INSERT INTO all_sales BY NAME
SELECT sale_id, channel, amount FROM STREAM read_files('${data}/web', format => 'json');

CREATE FLOW store_sales AS INSERT INTO all_sales BY NAME
SELECT amount, sale_id, channel FROM STREAM read_files('${data}/store', format => 'json');

CREATE FLOW legacy_backfill AS INSERT INTO ONCE all_sales BY NAME
SELECT sale_id, channel, amount FROM read_files('${data}/history', format => 'json');

CREATE STREAMING TABLE big_sales AS
SELECT sale_id, amount FROM STREAM(all_sales) WHERE amount >= 10;

CREATE STREAMING TABLE channel_log;

CREATE FLOW log_web AS INSERT INTO channel_log BY NAME
SELECT sale_id, 'web' AS source FROM STREAM read_files('${data}/web', format => 'json');

CREATE FLOW log_big AS INSERT INTO channel_log BY NAME
SELECT sale_id, 'big' AS source FROM STREAM(big_sales);

CREATE MATERIALIZED VIEW sales_by_channel AS
SELECT channel, count(*) AS sales, sum(amount) AS total FROM all_sales GROUP BY channel;

CREATE MATERIALIZED VIEW log_counts AS
SELECT source, count(*) AS entries FROM channel_log GROUP BY source;
