-- UNION (distinct), UNION ALL and SELECT DISTINCT.
CREATE TEMPORARY VIEW store_a AS SELECT * FROM json.`${data}/store_a.json`;
CREATE TEMPORARY VIEW store_b AS SELECT * FROM json.`${data}/store_b.json`;

CREATE MATERIALIZED VIEW all_listings AS
SELECT sku, city, 'a' AS store FROM store_a
UNION ALL
SELECT sku, city, 'b' AS store FROM store_b;

CREATE MATERIALIZED VIEW distinct_skus AS
SELECT sku FROM store_a
UNION
SELECT sku FROM store_b;

CREATE MATERIALIZED VIEW cities AS
SELECT DISTINCT city FROM store_a WHERE sku <> 'C3';
