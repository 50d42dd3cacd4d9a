-- Raw orders streamed from JSON files.
CREATE OR REFRESH STREAMING TABLE orders_raw
COMMENT 'orders as they arrive'
TBLPROPERTIES ('created_by' = 'corpus', 'delta.enableChangeDataFeed' = 'true')
AS SELECT order_id, customer, CAST(order_ts AS TIMESTAMP) AS order_ts, total
FROM STREAM read_files('${data}/orders', format => 'json');
