-- Ranking, offsets and running frames over a total order.
CREATE TEMPORARY VIEW scores AS SELECT * FROM json.`${data}/scores.json`;

CREATE MATERIALIZED VIEW game_ranks AS
SELECT
  team,
  player,
  game,
  points,
  row_number() OVER (PARTITION BY team ORDER BY points DESC, player ASC, game ASC) AS position,
  rank() OVER (PARTITION BY team, game ORDER BY points DESC) AS game_rank,
  dense_rank() OVER (PARTITION BY team ORDER BY points DESC) AS points_rank
FROM scores;

CREATE MATERIALIZED VIEW player_trends AS
SELECT
  player,
  game,
  points,
  lag(points) OVER (PARTITION BY player ORDER BY game) AS previous_points,
  lead(points, 1) OVER (PARTITION BY player ORDER BY game) AS next_points,
  sum(points) OVER (PARTITION BY player ORDER BY game ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_total,
  max(points) OVER (PARTITION BY player ORDER BY game ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS local_best
FROM scores;
