-- AUTO CDC flows over one customer change feed: SCD types 1 and 2, deletes,
-- NULL updates, chosen columns, tracked history, two keys; and a truncate.
CREATE STREAMING TABLE customer_changes AS
SELECT id, name, city, region, op, seq FROM STREAM read_files('${data}/changes', format => 'json');

CREATE STREAMING TABLE customers;

CREATE FLOW customers_cdc AS AUTO CDC INTO customers
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customers_keep_names;

CREATE FLOW customers_keep_names_cdc AS AUTO CDC INTO customers_keep_names
FROM STREAM(customer_changes)
KEYS (id)
IGNORE NULL UPDATES
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customer_history;

CREATE FLOW customer_history_cdc AS AUTO CDC INTO customer_history
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 2;

CREATE STREAMING TABLE city_history;

CREATE FLOW city_history_cdc AS AUTO CDC INTO city_history
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 2
TRACK HISTORY ON (city);

CREATE STREAMING TABLE history_but_names;

CREATE FLOW history_but_names_cdc AS AUTO CDC INTO history_but_names
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 2
TRACK HISTORY ON * EXCEPT (name);

CREATE STREAMING TABLE customers_by_region_and_id;

CREATE FLOW customers_by_region_and_id_cdc AS AUTO CDC INTO customers_by_region_and_id
FROM STREAM(customer_changes)
KEYS (region, id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customer_cities;

CREATE FLOW customer_cities_cdc AS AUTO CDC INTO customer_cities
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS (id, city)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customers_inline
FLOW AUTO CDC
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customers_by_struct
FLOW AUTO CDC
FROM STREAM(customer_changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY struct(seq, id)
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE stock_changes AS
SELECT sku, qty, op, seq FROM STREAM read_files('${data}/stock', format => 'json');

CREATE STREAMING TABLE stock;

CREATE FLOW stock_cdc AS AUTO CDC INTO stock
FROM STREAM(stock_changes)
KEYS (sku)
APPLY AS TRUNCATE WHEN op = 'TRUNCATE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;
