#!/usr/bin/env bash
# Stops the Spark Connect server started by start.sh (and all its children). Idempotent.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

if [ ! -f "$THUND_SPARK_PIDFILE" ]; then
  exit 0
fi
pid="$(cat "$THUND_SPARK_PIDFILE")"
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
  # start.sh ran the server under setsid, so its pid is also its process-group id.
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  fi
  echo "Spark Connect server (pid $pid) stopped." >&2
fi
rm -f "$THUND_SPARK_PIDFILE"
for f in warehouse scratch; do
  if [ -f "$THUND_SPARK_RUN/$f" ]; then
    d="$(cat "$THUND_SPARK_RUN/$f")"
    case "$d" in "${TMPDIR:-/tmp}"/thund-spark-*) rm -rf "$d" ;; esac
    rm -f "$THUND_SPARK_RUN/$f"
  fi
done
