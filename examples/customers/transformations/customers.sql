CREATE STREAMING TABLE customers (
  customer_id BIGINT NOT NULL,
  name STRING,
  country STRING,
  seq BIGINT
)
COMMENT 'Current customers (SCD type 1).'
PARTITIONED BY (country);

CREATE FLOW apply_customers AS AUTO CDC INTO customers
FROM STREAM(customer_changes)
KEYS (customer_id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op)
STORED AS SCD TYPE 1;

-- Every country a customer lived in (SCD type 2; a name fix rewrites the current version).
CREATE STREAMING TABLE customer_history
COMMENT 'Every country a customer lived in (SCD type 2; a name fix rewrites the current version).';

CREATE FLOW apply_customer_history AS AUTO CDC INTO customer_history
FROM STREAM(customer_changes)
KEYS (customer_id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS (customer_id, name, country, seq)
STORED AS SCD TYPE 2
TRACK HISTORY ON (country);

CREATE MATERIALIZED VIEW customers_by_country AS
SELECT country, count(*) AS customers FROM customers GROUP BY country;
