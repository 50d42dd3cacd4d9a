-- Subqueries, self joins, set operations and ordering over a small org chart.
CREATE MATERIALIZED VIEW employees (emp_id BIGINT, name STRING, dept STRING, manager_id BIGINT, salary BIGINT) AS
SELECT emp_id, name, dept, manager_id, salary FROM json.`${data}/employees.json`;

CREATE MATERIALIZED VIEW managers AS
SELECT e.name FROM employees e WHERE EXISTS (SELECT 1 FROM employees r WHERE r.manager_id = e.emp_id);

CREATE MATERIALIZED VIEW individual_contributors AS
SELECT e.name FROM employees e WHERE NOT EXISTS (SELECT 1 FROM employees r WHERE r.manager_id = e.emp_id);

CREATE MATERIALIZED VIEW reporting_lines AS
SELECT e.name, m.name AS manager FROM employees e LEFT JOIN employees m ON e.manager_id = m.emp_id;

CREATE MATERIALIZED VIEW above_department_average AS
SELECT name, salary
FROM (SELECT name, salary, avg(salary) OVER (PARTITION BY dept) AS dept_avg FROM employees)
WHERE salary > dept_avg;

CREATE MATERIALIZED VIEW next_best_paid AS
SELECT name, salary FROM employees ORDER BY salary DESC NULLS LAST LIMIT 2 OFFSET 1;

CREATE MATERIALIZED VIEW unknown_salary_first AS
SELECT name FROM employees ORDER BY salary ASC NULLS FIRST LIMIT 1;

CREATE MATERIALIZED VIEW well_and_modestly_paid AS
SELECT dept FROM employees WHERE salary > 95
INTERSECT
SELECT dept FROM employees WHERE salary < 110;

CREATE MATERIALIZED VIEW departments_without_high_pay AS
SELECT dept FROM employees
EXCEPT
SELECT dept FROM employees WHERE salary >= 100;

CREATE MATERIALIZED VIEW not_managers AS
SELECT name FROM employees WHERE emp_id NOT IN (SELECT manager_id FROM employees WHERE manager_id IS NOT NULL);

CREATE MATERIALIZED VIEW organisations AS
SELECT name, CASE WHEN dept IN ('eng', 'ops') THEN 'tech' ELSE 'business' END AS org, coalesce(salary, 0) AS pay
FROM employees;

CREATE MATERIALIZED VIEW engineers AS
SELECT * EXCEPT (manager_id, salary) FROM employees WHERE dept = 'eng';

CREATE MATERIALIZED VIEW best_paid_department AS
WITH dept_pay AS (SELECT dept, sum(salary) AS pay FROM employees GROUP BY dept),
     ranked AS (SELECT dept, pay, rank() OVER (ORDER BY pay DESC) AS pay_rank FROM dept_pay)
SELECT dept, pay FROM ranked WHERE pay_rank = 1;
