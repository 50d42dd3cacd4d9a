-- A growing directory of JSON page events → a streaming table → per-minute windowed counts.
CREATE STREAMING TABLE page_events (
  CONSTRAINT has_user EXPECT (user_id IS NOT NULL) ON VIOLATION DROP ROW
)
COMMENT 'Every page view, appended as files arrive.';

CREATE FLOW ingest_page_events
AS INSERT INTO page_events BY NAME
SELECT * FROM STREAM read_files('data/events', format => 'json', schema => 'user_id STRING, page STRING, ts TIMESTAMP');

CREATE STREAMING TABLE views_per_minute
COMMENT 'Page views per page and minute, final once the watermark passes.'
AS SELECT window.start AS window_start, window.end AS window_end, page, count(*) AS views, count(DISTINCT user_id) AS users
FROM STREAM(page_events) WATERMARK ts DELAY OF INTERVAL 30 SECONDS
GROUP BY window(ts, '1 minute'), page;
