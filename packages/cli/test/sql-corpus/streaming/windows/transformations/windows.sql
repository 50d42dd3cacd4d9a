-- Event-time windows: a watermarked streaming aggregation, and window() in a batch view.
CREATE STREAMING TABLE page_views AS
SELECT CAST(ts AS TIMESTAMP) AS ts, page, user FROM STREAM read_files('${data}/events', format => 'json');

CREATE STREAMING TABLE views_per_minute AS
SELECT window.start AS window_start, window.end AS window_end, page, count(*) AS views
FROM STREAM(page_views) WATERMARK ts DELAY OF INTERVAL 1 MINUTE
GROUP BY window(ts, '1 minute'), page;

CREATE MATERIALIZED VIEW all_minutes AS
SELECT window.start AS window_start, window.end AS window_end, count(*) AS views
FROM page_views
GROUP BY window(ts, '1 minute');
