-- CTEs (one reading another) and subqueries in FROM.
CREATE MATERIALIZED VIEW busy_pages AS
WITH visits AS (
  SELECT * FROM json.`${data}/visits.json`
),
per_page AS (
  SELECT page, count(*) AS visits, sum(seconds) AS total_seconds
  FROM visits
  GROUP BY page
)
SELECT page, visits, total_seconds
FROM per_page
WHERE visits >= 2;

CREATE MATERIALIZED VIEW long_user_sessions AS
SELECT t.visitor, t.total
FROM (
  SELECT visitor, sum(seconds) AS total
  FROM (SELECT visitor, seconds FROM json.`${data}/visits.json` WHERE page <> '/about') AS inner_visits
  GROUP BY visitor
) AS t
WHERE t.total > 50;
