-- Orders as exported by the shop.
CREATE TEMPORARY VIEW raw_orders
COMMENT 'Orders as exported by the shop.'
AS SELECT * FROM read_files('data/orders.csv', format => 'csv', header => 'true');

CREATE MATERIALIZED VIEW clean_orders (
  order_id BIGINT NOT NULL,
  customer STRING,
  country STRING,
  amount DECIMAL(10, 2),
  order_date DATE,
  CONSTRAINT has_order_id EXPECT (order_id IS NOT NULL) ON VIOLATION FAIL UPDATE,
  CONSTRAINT positive_amount EXPECT (amount > 0) ON VIOLATION DROP ROW,
  CONSTRAINT known_customer EXPECT (customer IS NOT NULL)
)
COMMENT 'Valid orders with normalised country codes.'
AS SELECT
  CAST(order_id AS BIGINT) AS order_id,
  customer,
  upper(trim(country)) AS country,
  CAST(amount AS DECIMAL(10, 2)) AS amount,
  to_date(ordered_at) AS order_date
FROM raw_orders;

CREATE MATERIALIZED VIEW daily_revenue
COMMENT 'Revenue and order count per day and country.'
AS SELECT order_date, country, sum(amount) AS revenue, count(*) AS orders
FROM clean_orders
GROUP BY order_date, country
ORDER BY order_date, country;
