-- range(…), the table-valued function pipelines use to make rows from nothing.
CREATE MATERIALIZED VIEW numbers AS SELECT id FROM range(5);

CREATE MATERIALIZED VIEW evens AS SELECT id FROM range(0, 10, 2);

CREATE MATERIALIZED VIEW squares AS SELECT id, id * id AS square FROM range(1, 4);

CREATE MATERIALIZED VIEW leap_days AS
SELECT date_add(DATE '2024-02-27', CAST(id AS INT)) AS day FROM range(4);

CREATE MATERIALIZED VIEW range_ten AS SELECT * FROM range(10);

CREATE MATERIALIZED VIEW doubled AS SELECT id * 2 AS doubled FROM range_ten WHERE id < 3;

CREATE MATERIALIZED VIEW aliased AS SELECT r.id FROM range(3) AS r;
