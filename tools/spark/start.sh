#!/usr/bin/env bash
# Starts a local Spark Connect server (with Spark Declarative Pipelines support)
# from the pyspark package installed by install.sh. Binds to 127.0.0.1 only.
#
# Env: THUND_SPARK_HOME (default <repo>/.cache/spark), THUND_SPARK_PORT (15002),
#      THUND_SPARK_DRIVER_MEMORY (2g), THUND_SPARK_START_TIMEOUT (180 s),
#      THUND_SPARK_CATALOG (in-memory | hive; default in-memory),
#      THUND_SPARK_EXTRA_CONF (extra "--conf k=v" words, split on spaces).
# Writes: $THUND_SPARK_HOME/run-<port>/{server.pid,server.log,warehouse,scratch}
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
: "${THUND_SPARK_START_TIMEOUT:=180}"
: "${THUND_SPARK_CATALOG:=in-memory}"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$THUND_SPARK_PORT") 2>/dev/null; }
alive() { [ -f "$THUND_SPARK_PIDFILE" ] && kill -0 "$(cat "$THUND_SPARK_PIDFILE")" 2>/dev/null; }

if alive && port_open; then
  echo "Spark Connect already running on 127.0.0.1:$THUND_SPARK_PORT (pid $(cat "$THUND_SPARK_PIDFILE"))." >&2
  exit 0
fi
if alive; then
  # A previous start is still coming up or is wedged; restart cleanly.
  "$THUND_SPARK_DIR/stop.sh"
fi
if port_open; then
  echo "start.sh: port $THUND_SPARK_PORT is in use by another process." >&2
  exit 1
fi

py="$THUND_SPARK_VENV/bin/python"
[ -x "$py" ] || { echo "start.sh: pyspark not installed; run tools/spark/install.sh" >&2; exit 1; }
SPARK_HOME="$("$py" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_HOME
ls "$SPARK_HOME"/jars/spark-connect_*.jar >/dev/null 2>&1 || { echo "start.sh: Connect server jar missing in $SPARK_HOME/jars" >&2; exit 1; }
ls "$SPARK_HOME"/jars/spark-pipelines_*.jar >/dev/null 2>&1 || { echo "start.sh: spark-pipelines jar missing in $SPARK_HOME/jars" >&2; exit 1; }

mkdir -p "$THUND_SPARK_RUN"
rm -rf "$THUND_SPARK_RUN/warehouse" "$THUND_SPARK_RUN/scratch"
warehouse="$(mktemp -d "${TMPDIR:-/tmp}/thund-spark-wh-XXXXXX")"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/thund-spark-tmp-XXXXXX")"
echo "$warehouse" >"$THUND_SPARK_RUN/warehouse"
echo "$scratch" >"$THUND_SPARK_RUN/scratch"
: >"$THUND_SPARK_LOG"

export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=localhost
export SPARK_LOG_DIR="$THUND_SPARK_RUN" SPARK_PID_DIR="$THUND_SPARK_RUN"
# shellcheck disable=SC2206
extra=(${THUND_SPARK_EXTRA_CONF:-})

t0=$(date +%s.%N)
# The server runs in its own session/process group so stop.sh can end it with
# all its children; cwd is the scratch dir so nothing (derby, spark-warehouse) lands in the repo.
(
  cd "$scratch"
  exec setsid "$SPARK_HOME/bin/spark-submit" \
    --class org.apache.spark.sql.connect.service.SparkConnectServer \
    --name thund-spark-connect \
    --master 'local[2]' \
    --driver-memory "$THUND_SPARK_DRIVER_MEMORY" \
    --conf spark.connect.grpc.binding.address=127.0.0.1 \
    --conf "spark.connect.grpc.binding.port=$THUND_SPARK_PORT" \
    --conf spark.driver.host=127.0.0.1 \
    --conf spark.driver.bindAddress=127.0.0.1 \
    --conf spark.ui.enabled=false \
    --conf "spark.sql.warehouse.dir=$warehouse" \
    --conf "spark.local.dir=$scratch" \
    --conf "spark.sql.catalogImplementation=$THUND_SPARK_CATALOG" \
    --conf spark.sql.shuffle.partitions=2 \
    --conf spark.sql.session.timeZone=UTC \
    --conf "spark.driver.extraJavaOptions=-Dderby.system.home=$scratch -Djava.io.tmpdir=$scratch" \
    "${extra[@]}" \
    spark-internal
) </dev/null >>"$THUND_SPARK_LOG" 2>&1 &
pid=$!
echo "$pid" >"$THUND_SPARK_PIDFILE"

deadline=$(( $(date +%s) + THUND_SPARK_START_TIMEOUT ))
until port_open; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "start.sh: Spark Connect server exited during startup. Log tail ($THUND_SPARK_LOG):" >&2
    tail -n 40 "$THUND_SPARK_LOG" >&2
    rm -f "$THUND_SPARK_PIDFILE"
    exit 1
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "start.sh: Spark Connect did not open port $THUND_SPARK_PORT within ${THUND_SPARK_START_TIMEOUT}s. Log tail:" >&2
    tail -n 40 "$THUND_SPARK_LOG" >&2
    "$THUND_SPARK_DIR/stop.sh" || true
    exit 1
  fi
  sleep 0.5
done
t1=$(date +%s.%N)
printf 'Spark Connect %s ready on sc://127.0.0.1:%s (pid %s) in %.1f s; log %s\n' \
  "$THUND_SPARK_VERSION" "$THUND_SPARK_PORT" "$pid" "$(awk "BEGIN{print $t1 - $t0}")" "$THUND_SPARK_LOG" >&2
