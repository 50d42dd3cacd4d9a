-- What only Databricks has: AI functions, secrets, group membership, model UDFs, Kafka.
CREATE MATERIALIZED VIEW tickets AS
SELECT ticket_id, text, email FROM json.`${data}/tickets.json`;

CREATE MATERIALIZED VIEW ticket_count AS SELECT count(*) AS tickets FROM tickets;

CREATE MATERIALIZED VIEW ticket_topics AS
SELECT ticket_id, ai_classify(text, ARRAY('billing', 'shipping')) AS topic FROM tickets;

CREATE MATERIALIZED VIEW visible_emails AS
SELECT ticket_id, CASE WHEN is_member('support') THEN email ELSE 'hidden' END AS email FROM tickets;

CREATE MATERIALIZED VIEW api_keys AS
SELECT ticket_id, secret('corpus', 'api_key') AS api_key FROM tickets;

CREATE MATERIALIZED VIEW risk_scores AS
SELECT ticket_id, loanriskscoring(ticket_id, length(text)) AS score FROM tickets;

CREATE MATERIALIZED VIEW predictions AS
SELECT ticket_id, predict_churn(ticket_id) AS churn, predict_maintenance(ticket_id) AS maintenance FROM tickets;

CREATE STREAMING TABLE circulars AS
SELECT CAST(value AS STRING) AS body
FROM read_kafka(
  bootstrapServers => 'broker.example:9092',
  subscribe => 'circulars',
  startingOffsets => 'earliest',
  `kafka.security.protocol` => 'SASL_SSL',
  `kafka.sasl.mechanism` => 'OAUTHBEARER',
  `kafka.sasl.jaas.config` => 'login-module-settings',
  `kafka.sasl.oauthbearer.token.endpoint.url` => 'https://auth.example/token',
  `kafka.sasl.login.callback.handler.class` => 'example.LoginHandler'
);
