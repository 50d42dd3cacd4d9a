#!/usr/bin/env bash
# Idempotently installs pyspark with its pipelines extra (the Spark jars,
# including the Spark Connect server and the declarative-pipelines module, and
# the reference client `spark-pipelines` with what it imports: pandas, pyarrow,
# grpcio, pyyaml) into a Python venv at $THUND_SPARK_HOME/venv. Only PyPI is
# contacted.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

py="$THUND_SPARK_VENV/bin/python"
installed() {
  [ -x "$py" ] && "$py" - "$THUND_SPARK_VERSION" <<'PY' 2>/dev/null
import sys, importlib.metadata as m
if m.version("pyspark") != sys.argv[1]:
    sys.exit(1)
import yaml, grpc, pandas, pyarrow  # the reference client's imports

PY
}

if installed; then
  exit 0
fi

command -v java >/dev/null || { echo "install.sh: java not found (Spark needs Java 17+)" >&2; exit 1; }
mkdir -p "$THUND_SPARK_HOME"
[ -x "$py" ] || python3 -m venv "$THUND_SPARK_VENV"
echo "Installing pyspark==$THUND_SPARK_VERSION into $THUND_SPARK_VENV (one-time, ~450 MB)..." >&2
"$py" -m pip install --quiet --disable-pip-version-check --no-input \
  "pyspark[pipelines]==$THUND_SPARK_VERSION"
installed || { echo "install.sh: pyspark $THUND_SPARK_VERSION did not install" >&2; exit 1; }
echo "pyspark $THUND_SPARK_VERSION installed." >&2
