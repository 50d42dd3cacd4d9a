#!/usr/bin/env bash
# Usage: tools/spark/with-server.sh <cmd...>
# Installs pyspark if needed, starts Spark Connect, runs the command with
# THUND_SPARK_REMOTE=sc://127.0.0.1:<port> and THUND_SPARK_PIPELINES (the
# reference client, spark-pipelines, from the same pyspark) exported, always
# stops the server, and exits with the command's exit code.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/env.sh"
[ "$#" -gt 0 ] || { echo "usage: $0 <cmd...>" >&2; exit 2; }

"$here/install.sh"
trap '"$here/stop.sh" || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"$here/start.sh"
export THUND_SPARK_REMOTE="sc://127.0.0.1:$THUND_SPARK_PORT"
THUND_SPARK_WAREHOUSE="$(cat "$THUND_SPARK_RUN/warehouse")"
export THUND_SPARK_WAREHOUSE
export THUND_SPARK_PIPELINES="$THUND_SPARK_VENV/bin/spark-pipelines"
set +e
"$@"
rc=$?
set -e
exit "$rc"
