#!/usr/bin/env bash
# Extracts the Spark Connect .proto files (incl. pipelines.proto) for the pinned
# Spark version from a registry artifact into proto/spark/connect/.
#
# Source (THUND_PROTO_SOURCE):
#   pypi  (default) the spark-connect_2.13-<v>.jar bundled in the pyspark <v>
#         package from PyPI, installed by tools/spark/install.sh.
#   maven org.apache.spark:spark-connect_2.13:<v> from Maven Central via mvn
#         (only for versions Maven Central carries; 4.3.0 is not there as of writing).
set -euo pipefail
pkg="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$pkg/../.." && pwd)"
. "$repo/tools/spark/env.sh"
version="$THUND_SPARK_VERSION"
source="${THUND_PROTO_SOURCE:-pypi}"
out="$pkg/proto"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case "$source" in
  pypi)
    "$repo/tools/spark/install.sh"
    spark_pkg="$("$THUND_SPARK_VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
    jar="$spark_pkg/jars/spark-connect_2.13-$version.jar"
    ;;
  maven)
    mvn -q -B -Dstyle.color=never dependency:copy "-Dartifact=org.apache.spark:spark-connect_2.13:$version:jar" \
      "-DoutputDirectory=$work" >&2
    jar="$work/spark-connect_2.13-$version.jar"
    ;;
  *) echo "fetch-protos.sh: unknown THUND_PROTO_SOURCE=$source" >&2; exit 2 ;;
esac
[ -f "$jar" ] || { echo "fetch-protos.sh: $jar not found" >&2; exit 1; }

(cd "$work" && unzip -q -o "$jar" 'spark/connect/*.proto')
n="$(find "$work/spark/connect" -name '*.proto' | wc -l)"
[ "$n" -gt 0 ] && [ -f "$work/spark/connect/pipelines.proto" ] || {
  echo "fetch-protos.sh: no spark/connect protos (or no pipelines.proto) in $jar" >&2; exit 1; }

rm -rf "$out/spark"
mkdir -p "$out/spark/connect"
cp "$work"/spark/connect/*.proto "$out/spark/connect/"
chmod 0644 "$out"/spark/connect/*.proto
{
  echo "# Spark Connect protos, extracted by scripts/fetch-protos.sh. Do not edit."
  echo "spark_version=$version"
  echo "source=$source:$(basename "$jar")"
} >"$out/VERSION"
(cd "$out" && sha256sum spark/connect/*.proto >SHA256SUMS)
echo "fetch-protos.sh: $n protos for Spark $version -> $out/spark/connect" >&2
