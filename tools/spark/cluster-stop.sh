#!/usr/bin/env bash
# Usage: tools/spark/cluster-stop.sh [state-dir]
# Stops the standalone cluster cluster-start.sh started in state-dir (default
# $THUND_SPARK_CLUSTER_DIR, then $THUND_SPARK_HOME/cluster): the Connect
# server (the driver) first, then the workers (with their executors), then
# the master — each by its pid file, with its process group — and removes the
# state dir's runtime files (logs are kept only with THUND_SPARK_CLUSTER_KEEP=1).
# Idempotent; safe after a failed start.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
dir="${1:-${THUND_SPARK_CLUSTER_DIR:-$THUND_SPARK_HOME/cluster}}"
[ -d "$dir" ] || exit 0

stop() { # name: TERM its process group, wait up to 15 s, then KILL
  local file="$dir/$1.pid" pid
  [ -f "$file" ] || return 0
  pid="$(cat "$file")"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  # Whatever is left in its group (an executor the worker did not reap in time).
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$file"
}

stopped=0
for name in connect worker-1 worker-2 master; do
  [ -f "$dir/$name.pid" ] && stopped=1
  stop "$name"
done
stop watchdog
rm -f "$dir/cluster.env"
[ "$stopped" = 1 ] && echo "Spark standalone cluster in $dir stopped." >&2
if [ "${THUND_SPARK_CLUSTER_KEEP:-0}" != 1 ]; then
  rm -rf "$dir/warehouse" "$dir/scratch" "$dir/conf" "$dir"/worker-*-work
fi
exit 0
