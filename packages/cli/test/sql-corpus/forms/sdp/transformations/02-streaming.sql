-- Streaming tables: one over a folder of files, one over another streaming table,
-- one declared without a query and fed by two flows, one filled once.
CREATE STREAMING TABLE order_events
AS SELECT order_id, event, seq FROM STREAM read_files('${data}/events', format => 'json');

CREATE OR REFRESH STREAMING TABLE shipped_events
COMMENT 'the events of shipped orders'
AS SELECT order_id, seq FROM STREAM(order_events) WHERE event = 'shipped';

CREATE STREAMING TABLE all_events (order_id BIGINT, event STRING, seq BIGINT);

CREATE FLOW events_from_orders AS INSERT INTO all_events BY NAME
SELECT order_id, event, seq FROM STREAM(order_events);

CREATE FLOW events_from_returns AS INSERT INTO all_events BY NAME
SELECT seq, event, order_id FROM STREAM read_files('${data}/returns', format => 'json');

CREATE OR REFRESH STREAMING TABLE backfill;

CREATE FLOW backfill_once AS INSERT INTO ONCE backfill BY NAME
SELECT order_id, status FROM json.`${data}/orders.json` WHERE status = 'open';

CREATE OR REPLACE STREAMING TABLE first_events
AS SELECT order_id, event FROM STREAM order_events WHERE seq = 1;
