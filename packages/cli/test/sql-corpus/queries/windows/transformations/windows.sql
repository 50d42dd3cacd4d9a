-- Window functions over players' points per round.
CREATE TEMPORARY VIEW scores AS
SELECT player, team, round, points FROM json.`${data}/scores.json`;

CREATE MATERIALIZED VIEW numbered_rounds AS
SELECT player, round, row_number() OVER (PARTITION BY player ORDER BY round) AS nth FROM scores;

CREATE MATERIALIZED VIEW team_places AS
SELECT team, player, total, rank() OVER (PARTITION BY team ORDER BY total DESC) AS place
FROM (SELECT team, player, sum(points) AS total FROM scores GROUP BY team, player);

CREATE MATERIALIZED VIEW running_points AS
SELECT player, round, sum(points) OVER (PARTITION BY player ORDER BY round ROWS UNBOUNDED PRECEDING) AS running
FROM scores;

CREATE MATERIALIZED VIEW moving_points AS
SELECT round, player, sum(points) OVER (ORDER BY round, player ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS last_two
FROM scores;

CREATE MATERIALIZED VIEW latest_points AS
SELECT player, points
FROM (SELECT player, points, row_number() OVER (PARTITION BY player ORDER BY round DESC) AS rn FROM scores)
WHERE rn = 1;

CREATE MATERIALIZED VIEW team_shares AS
SELECT player, round, points, sum(points) OVER (PARTITION BY team) AS team_points FROM scores;

CREATE MATERIALIZED VIEW best_per_team AS
SELECT team, player, round, points FROM scores
QUALIFY row_number() OVER (PARTITION BY team ORDER BY points DESC, player) = 1;
