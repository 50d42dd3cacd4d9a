-- Sources as Spark SQL reads files, and a materialized view declaring its columns.
CREATE TEMPORARY VIEW customers_raw
AS SELECT * FROM csv.`${data}/customers.csv` WITH ('header' = 'true');

CREATE MATERIALIZED VIEW customers
COMMENT 'one row per customer'
AS SELECT CAST(customer_id AS INT) AS customer_id, name, country FROM customers_raw;

CREATE OR REFRESH MATERIALIZED VIEW orders (
  order_id BIGINT NOT NULL COMMENT 'the order number',
  customer_id BIGINT,
  amount DOUBLE,
  status STRING COMMENT "open, shipped or cancelled",
  ordered_at TIMESTAMP
)
COMMENT "orders with their types"
TBLPROPERTIES ('quality' = 'silver', 'created_by' = 'corpus')
AS SELECT order_id, customer_id, amount, status, CAST(ordered_at AS TIMESTAMP) AS ordered_at
FROM json.`${data}/orders.json`;

CREATE MATERIALIZED VIEW products
PARTITIONED BY (category)
AS SELECT product_id, title, price, category FROM parquet.`${data}/products.parquet`;
