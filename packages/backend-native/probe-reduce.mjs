import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
const files = [];
for (let f = 0; f < 20; f++) {
  const from = f * 100000, to = from + 100000, p = `/tmp/probe/in/part-${f}.parquet`;
  files.push(p);
  await c.run(`COPY (SELECT range AS id, TIMESTAMP '2024-01-01' + to_milliseconds(range * 10) AS ts, range % 100 AS k, (range * 7919) % 1000 AS v FROM range(${from}, ${to})) TO '${p}' (FORMAT parquet)`);
}
await c.run("ATTACH ':memory:' AS scratch");
await c.run('CREATE TEMP TABLE partials (window_start TIMESTAMP, k BIGINT, total HUGEINT, n BIGINT, last_id BIGINT)');
const raw = (p) => `INSERT INTO partials SELECT time_bucket(INTERVAL 1 MINUTE, ts, TIMESTAMP '1970-01-01'), k, sum(v), count(*), max(id) FROM read_parquet('${p}') GROUP BY ALL`;
const wm = 1704070189990000;
const reduceBody = (p) => `SELECT ("__tu" >= ${wm}) AS "__ok", "__ws", "__ws" + 60000000 AS "__we", "k" AS "__g0", sum("v") AS "__p0", count(*) AS "__p1", max("id") AS "__p2", max("__tu") AS "__mx" FROM (SELECT *, "__ws" + 60000000 AS "__we" FROM (SELECT *, ("__tu" - CASE WHEN "__tu" < 0 THEN (("__tu" % 60000000) + 60000000) % 60000000 ELSE "__tu" % 60000000 END) AS "__ws" FROM (SELECT *, epoch_us(CAST("ts" AS TIMESTAMP)) AS "__tu" FROM (SELECT * FROM read_parquet(['${p}'])) AS "_src"))) AS "_a" GROUP BY 1, 2, 4`;
const stats = (t) => `SELECT coalesce(sum("__p1"), 0) AS n, coalesce(sum("__p1") FILTER (WHERE "__ok"), 0) AS ok, max("__mx") AS mx FROM ${t}`;
let i = 0;
const variants = {
  raw: async (p) => c.run(raw(p)),
  reduce: async (p) => { const t = `scratch.r${i++}`; await c.runAndReadAll(`CREATE OR REPLACE TABLE ${t} AS ${reduceBody(p)};\n${stats(t)}`); },
  reduceNoStats: async (p) => { const t = `scratch.r${i++}`; await c.run(`CREATE OR REPLACE TABLE ${t} AS ${reduceBody(p)}`); },
  reduceTemp: async (p) => { const t = `r${i++}`; await c.runAndReadAll(`CREATE OR REPLACE TEMP TABLE ${t} AS ${reduceBody(p)};\n${stats(t)}`); },
  selectAll: async (p) => { await c.runAndReadAll(`SELECT count(*), sum(__p0), sum(__p1), max(__p2), max(__mx), count(DISTINCT __ok) FROM (${reduceBody(p)})`); },
  rawSelect: async (p) => { await c.runAndReadAll(`SELECT count(*), sum(t), sum(n), max(l) FROM (SELECT time_bucket(INTERVAL 1 MINUTE, ts, TIMESTAMP '1970-01-01') AS w, k, sum(v) AS t, count(*) AS n, max(id) AS l FROM read_parquet('${p}') GROUP BY ALL)`); },
  tinyCreate: async (p) => { const t = `scratch.x${i++}`; await c.run(`CREATE OR REPLACE TABLE ${t} AS SELECT range AS a FROM range(1700)`); },
  tinyStats: async (p) => { await c.runAndReadAll(`SELECT count(*) FROM range(1700)`); },
};
const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let r = 0; r < 8; r++) for (const p of files) for (const [k, f] of Object.entries(variants)) { const t = performance.now(); await f(p); times[k].push(performance.now() - t); }
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(14), med(v).toFixed(2));
