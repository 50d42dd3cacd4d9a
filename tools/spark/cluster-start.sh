#!/usr/bin/env bash
# Usage: tools/spark/cluster-start.sh [state-dir]
#
# Starts a Spark standalone cluster from the pyspark package install.sh
# installs — a master, two workers (each its own JVM, one core each, and one
# executor JVM per worker once the driver asks) — and a Spark Connect server
# as the cluster's driver (`--master spark://127.0.0.1:<port>`). Everything
# binds to 127.0.0.1; every port is a free one picked at start (none is
# 15002 or 15022, the CI and dev servers), unless given below.
#
# Ready means: both workers ALIVE on the master, the Connect port answering,
# and two executors registered with the driver. Anything short of that within
# THUND_SPARK_CLUSTER_TIMEOUT fails with the stage that did not finish and its
# log tail, after stopping what was started (cluster-stop.sh).
#
# Writes <state-dir>/cluster.env (sourceable KEY=VALUE lines):
#   THUND_SPARK_CLUSTER_REMOTE  sc://127.0.0.1:<connect port>
#   THUND_SPARK_CLUSTER_MASTER  spark://127.0.0.1:<master port>
#   THUND_SPARK_CLUSTER_MASTER_UI  http://127.0.0.1:<port>  (JSON at /json/)
#   THUND_SPARK_CLUSTER_DRIVER_UI  http://127.0.0.1:<port>  (REST at /api/v1/)
#   THUND_SPARK_CLUSTER_WAREHOUSE  the driver's spark.sql.warehouse.dir
# plus *.pid and *.log of each JVM, and the workers' work dirs (executor logs).
#
# Env: THUND_SPARK_CLUSTER_DIR (state dir; default $THUND_SPARK_HOME/cluster),
#      THUND_SPARK_CLUSTER_TIMEOUT (120 s), THUND_SPARK_CLUSTER_DAEMON_MEMORY
#      (master/worker heap, 256m), THUND_SPARK_CLUSTER_EXECUTOR_MEMORY (512m),
#      THUND_SPARK_CLUSTER_DRIVER_MEMORY (1g), THUND_SPARK_CLUSTER_CONNECT_PORT,
#      THUND_SPARK_CLUSTER_MASTER_PORT, THUND_SPARK_CLUSTER_MASTER_UI_PORT,
#      THUND_SPARK_CLUSTER_DRIVER_UI_PORT (free ports by default),
#      THUND_SPARK_CLUSTER_OWNER_PID (if set, a watchdog stops the cluster when
#      that process exits: a killed test run leaves no JVMs behind).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
: "${THUND_SPARK_CLUSTER_TIMEOUT:=120}"
: "${THUND_SPARK_CLUSTER_DAEMON_MEMORY:=256m}"
: "${THUND_SPARK_CLUSTER_EXECUTOR_MEMORY:=512m}"
: "${THUND_SPARK_CLUSTER_DRIVER_MEMORY:=1g}"
# Every JVM of the cluster: a small test cluster on 2 shared cores starts and
# runs small jobs faster with the client compiler alone and a serial GC.
: "${THUND_SPARK_CLUSTER_JAVA_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
dir="${1:-${THUND_SPARK_CLUSTER_DIR:-$THUND_SPARK_HOME/cluster}}"
WORKERS=2

fail() { echo "cluster-start.sh: $*" >&2; exit 1; }
py="$THUND_SPARK_VENV/bin/python"
[ -x "$py" ] || fail "pyspark not installed; run tools/spark/install.sh"
SPARK_HOME="$("$py" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_HOME
ls "$SPARK_HOME"/jars/spark-connect_*.jar >/dev/null 2>&1 || fail "Connect server jar missing in $SPARK_HOME/jars"

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
if [ -f "$dir/cluster.env" ] || ls "$dir"/*.pid >/dev/null 2>&1; then
  fail "$dir holds a cluster already (stop it with tools/spark/cluster-stop.sh $dir)"
fi

# Free ports, held together while picked so they are distinct; never the CI or dev server's.
read -r p1 p2 p3 p4 < <("$py" - <<'PY'
import socket
held, ports = [], []
while len(ports) < 4:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    held.append(s)
    p = s.getsockname()[1]
    if p not in (15002, 15022):
        ports.append(p)
print(*ports)
PY
)
connect_port="${THUND_SPARK_CLUSTER_CONNECT_PORT:-$p1}"
master_port="${THUND_SPARK_CLUSTER_MASTER_PORT:-$p2}"
master_ui_port="${THUND_SPARK_CLUSTER_MASTER_UI_PORT:-$p3}"
driver_ui_port="${THUND_SPARK_CLUSTER_DRIVER_UI_PORT:-$p4}"
for p in "$connect_port" "$master_port" "$master_ui_port" "$driver_ui_port"; do
  case "$p" in 15002|15022) fail "port $p is reserved for the CI or dev Connect server" ;; esac
done
master="spark://127.0.0.1:$master_port"
master_ui="http://127.0.0.1:$master_ui_port"
driver_ui="http://127.0.0.1:$driver_ui_port"

# From here on, a failure stops whatever was started.
started=0
cleanup() { [ "$started" = 1 ] || "$THUND_SPARK_DIR/cluster-stop.sh" "$dir" >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

warehouse="$dir/warehouse"
scratch="$dir/scratch"
mkdir -p "$warehouse" "$scratch"

export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=127.0.0.1
export SPARK_LOG_DIR="$dir" SPARK_PID_DIR="$dir" SPARK_CONF_DIR="$dir/conf"
mkdir -p "$SPARK_CONF_DIR"
# The master's and workers' heap and options. Only theirs: spark-submit gives
# the Connect server (like the Thrift server) SPARK_DAEMON_MEMORY as its heap.
daemon=(env "SPARK_DAEMON_MEMORY=$THUND_SPARK_CLUSTER_DAEMON_MEMORY"
  "SPARK_DAEMON_JAVA_OPTS=$THUND_SPARK_CLUSTER_JAVA_OPTS -Djava.io.tmpdir=$scratch -Dspark.master.rest.enabled=false")

# Each JVM in its own session (pid = process-group id), so cluster-stop.sh ends
# it with its children (a worker's executors); cwd is the scratch dir.
launch() { # name cmd...
  local name="$1"; shift
  ( cd "$scratch"; exec setsid "$@" ) </dev/null >"$dir/$name.log" 2>&1 &
  echo $! >"$dir/$name.pid"
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
alive() { kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }
deadline=$(( $(date +%s) + THUND_SPARK_CLUSTER_TIMEOUT ))
# wait_for <what> <log name> <check cmd...>: polls until the check passes; fails naming what did not happen.
wait_for() {
  local what="$1" name="$2"; shift 2
  until "$@"; do
    for n in master worker-1 worker-2 connect; do
      if [ -f "$dir/$n.pid" ] && ! alive "$n"; then
        echo "cluster-start.sh: the $n JVM exited while waiting for $what. Log tail ($dir/$n.log):" >&2
        tail -n 40 "$dir/$n.log" >&2
        exit 1
      fi
    done
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "cluster-start.sh: no $what within ${THUND_SPARK_CLUSTER_TIMEOUT}s (THUND_SPARK_CLUSTER_TIMEOUT). Log tail ($dir/$name.log):" >&2
      tail -n 40 "$dir/$name.log" >&2
      exit 1
    fi
    sleep 0.5
  done
}
json() { # url python-expression over `d` (the parsed JSON); prints its value, fails if unreachable
  "$py" - "$1" "$2" <<'PY' 2>/dev/null
import json, sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=5) as r:
    d = json.load(r)
print(eval(sys.argv[2], {"d": d}))
PY
}
alive_workers() { [ "$(json "$master_ui/json/" 'sum(1 for w in d["workers"] if w["state"] == "ALIVE")')" -ge "$WORKERS" ] 2>/dev/null; }
app_id() { json "$driver_ui/api/v1/applications" 'd[0]["id"]'; }
executors() { # executors (not the driver) registered with the driver and active
  local app
  app="$(app_id)" || return 1
  [ "$(json "$driver_ui/api/v1/applications/$app/executors" 'sum(1 for e in d if e["id"] != "driver" and e["isActive"])')" -ge "$WORKERS" ] 2>/dev/null
}

t0=$(date +%s.%N)
launch master "${daemon[@]}" "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.master.Master \
  --host 127.0.0.1 --port "$master_port" --webui-port "$master_ui_port"
wait_for "master on $master" master port_open "$master_port"

for i in $(seq 1 "$WORKERS"); do
  mkdir -p "$dir/worker-$i-work"
  # Port 0: the worker's RPC and web UI ports are free ones the OS picks.
  launch "worker-$i" "${daemon[@]}" "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --port 0 --webui-port 0 --cores 1 --memory "$THUND_SPARK_CLUSTER_EXECUTOR_MEMORY" \
    --work-dir "$dir/worker-$i-work" "$master"
done

launch connect "$SPARK_HOME/bin/spark-submit" \
  --class org.apache.spark.sql.connect.service.SparkConnectServer \
  --name thund-spark-cluster \
  --master "$master" \
  --driver-memory "$THUND_SPARK_CLUSTER_DRIVER_MEMORY" \
  --conf "spark.executor.memory=$THUND_SPARK_CLUSTER_EXECUTOR_MEMORY" \
  --conf spark.executor.cores=1 \
  --conf "spark.cores.max=$WORKERS" \
  --conf spark.scheduler.minRegisteredResourcesRatio=1.0 \
  --conf spark.connect.grpc.binding.address=127.0.0.1 \
  --conf "spark.connect.grpc.binding.port=$connect_port" \
  --conf spark.driver.host=127.0.0.1 \
  --conf spark.driver.bindAddress=127.0.0.1 \
  --conf spark.ui.enabled=true \
  --conf "spark.ui.port=$driver_ui_port" \
  --conf spark.port.maxRetries=0 \
  --conf spark.ui.showConsoleProgress=false \
  --conf "spark.sql.warehouse.dir=$warehouse" \
  --conf "spark.local.dir=$scratch" \
  --conf spark.sql.catalogImplementation=in-memory \
  --conf spark.sql.shuffle.partitions=2 \
  --conf spark.sql.session.timeZone=UTC \
  --conf "spark.driver.extraJavaOptions=$THUND_SPARK_CLUSTER_JAVA_OPTS -Djava.io.tmpdir=$scratch" \
  --conf "spark.executor.extraJavaOptions=$THUND_SPARK_CLUSTER_JAVA_OPTS" \
  spark-internal

wait_for "$WORKERS ALIVE workers on the master ($master_ui/json/)" worker-1 alive_workers
wait_for "Spark Connect on 127.0.0.1:$connect_port" connect port_open "$connect_port"
wait_for "$WORKERS executors registered with the driver ($driver_ui/api/v1/)" connect executors

cat >"$dir/cluster.env" <<EOF
THUND_SPARK_CLUSTER_REMOTE=sc://127.0.0.1:$connect_port
THUND_SPARK_CLUSTER_MASTER=$master
THUND_SPARK_CLUSTER_MASTER_UI=$master_ui
THUND_SPARK_CLUSTER_DRIVER_UI=$driver_ui
THUND_SPARK_CLUSTER_WAREHOUSE=$warehouse
EOF

if [ -n "${THUND_SPARK_CLUSTER_OWNER_PID:-}" ]; then
  owner="$THUND_SPARK_CLUSTER_OWNER_PID"
  # The watchdog removes its pid file before stopping, so cluster-stop.sh does not end it mid-stop.
  ( exec setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -f "$2/watchdog.pid" ]; do sleep 2; done
      if [ -f "$2/watchdog.pid" ]; then rm -f "$2/watchdog.pid"; "$3/cluster-stop.sh" "$2"; fi' \
      watchdog "$owner" "$dir" "$THUND_SPARK_DIR" ) </dev/null >>"$dir/watchdog.log" 2>&1 &
  echo $! >"$dir/watchdog.pid"
fi
started=1
t1=$(date +%s.%N)
printf 'Spark standalone cluster ready in %.1f s: master %s, %s workers, Connect sc://127.0.0.1:%s (driver UI %s); state %s\n' \
  "$(awk "BEGIN{print $t1 - $t0}")" "$master" "$WORKERS" "$connect_port" "$driver_ui" "$dir" >&2
