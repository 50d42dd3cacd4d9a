# Shared settings for the Spark tooling scripts. Sourced, not executed.
# shellcheck shell=bash
THUND_SPARK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
THUND_REPO_ROOT="$(cd "$THUND_SPARK_DIR/../.." && pwd)"
: "${THUND_SPARK_VERSION:=4.3.0}"
: "${THUND_SPARK_HOME:=$THUND_REPO_ROOT/.cache/spark}"
: "${THUND_SPARK_PORT:=15002}"
: "${THUND_SPARK_DRIVER_MEMORY:=2g}"
THUND_SPARK_VENV="$THUND_SPARK_HOME/venv"
THUND_SPARK_RUN="$THUND_SPARK_HOME/run-$THUND_SPARK_PORT"
THUND_SPARK_PIDFILE="$THUND_SPARK_RUN/server.pid"
THUND_SPARK_LOG="$THUND_SPARK_RUN/server.log"
export THUND_SPARK_VERSION THUND_SPARK_HOME THUND_SPARK_PORT
