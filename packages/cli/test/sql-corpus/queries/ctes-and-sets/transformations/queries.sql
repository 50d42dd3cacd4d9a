-- CTEs, subqueries, set operations, ordering, * EXCEPT, FROM-first, VALUES, PIVOT.
CREATE MATERIALIZED VIEW inventory (item STRING, kind STRING, stock BIGINT, warehouse STRING) AS
SELECT * FROM json.`${data}/inventory.json`;

CREATE MATERIALIZED VIEW stocked_items AS
WITH stocked AS (SELECT item, stock FROM inventory WHERE stock > 0)
SELECT item, sum(stock) AS stock FROM stocked GROUP BY item;

CREATE MATERIALIZED VIEW items_in_both AS
WITH w1 AS (SELECT item FROM inventory WHERE warehouse = 'w1'),
     w2 AS (SELECT item FROM inventory WHERE warehouse = 'w2')
SELECT w1.item FROM w1 JOIN w2 ON w1.item = w2.item;

CREATE MATERIALIZED VIEW top_per_kind AS
SELECT kind, max(total) AS top
FROM (SELECT kind, item, sum(stock) AS total FROM inventory GROUP BY kind, item)
GROUP BY kind;

CREATE MATERIALIZED VIEW stock_vs_average AS
SELECT item, warehouse, stock - (SELECT avg(stock) FROM inventory) AS above_average FROM inventory;

CREATE MATERIALIZED VIEW kinds AS
SELECT DISTINCT kind FROM inventory;

CREATE MATERIALIZED VIEW all_items AS
SELECT item FROM inventory WHERE warehouse = 'w1'
UNION
SELECT item FROM inventory WHERE warehouse = 'w2';

CREATE MATERIALIZED VIEW fruit_or_plenty AS
SELECT warehouse, item FROM inventory WHERE kind = 'fruit'
UNION ALL
SELECT warehouse, item FROM inventory WHERE stock > 5;

CREATE MATERIALIZED VIEW top_two AS
SELECT item, stock FROM inventory ORDER BY stock DESC LIMIT 2;

CREATE MATERIALIZED VIEW without_warehouse AS
SELECT * EXCEPT (warehouse) FROM inventory WHERE stock > 4;

CREATE MATERIALIZED VIEW vegetables AS
SELECT * FROM inventory WHERE kind = 'veg';

CREATE MATERIALIZED VIEW sold_out AS
FROM inventory SELECT item, stock WHERE stock = 0;

CREATE MATERIALIZED VIEW constants AS
SELECT 1 AS one, 'x' AS letter, DATE '2024-01-01' AS day;

CREATE MATERIALIZED VIEW kind_labels AS
SELECT kind, label FROM VALUES ('fruit', 'Fruit'), ('veg', 'Vegetables') AS labels(kind, label);

CREATE MATERIALIZED VIEW sold_out_kinds AS
SELECT item FROM inventory WHERE kind IN (SELECT empty.kind FROM inventory AS empty WHERE empty.stock = 0);

CREATE MATERIALIZED VIEW stock_by_warehouse AS
SELECT * FROM (SELECT warehouse, kind, stock FROM inventory)
PIVOT (sum(stock) FOR kind IN ('fruit' AS fruit, 'veg' AS veg));
