#!/usr/bin/env bash
# Regenerates src/gen/spark/connect/*_pb.ts from proto/ with buf + protoc-gen-es.
# Uses the package's devDependencies (@bufbuild/buf, @bufbuild/protoc-gen-es);
# BUF / PROTOC_GEN_ES_DIR may point elsewhere (e.g. a scratch npm project).
set -euo pipefail
pkg="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$pkg"
bin="${PROTOC_GEN_ES_DIR:-$pkg/node_modules/.bin}"
buf="${BUF:-$bin/buf}"
[ -x "$buf" ] || { echo "gen.sh: buf not found at $buf (install devDependencies)" >&2; exit 1; }
[ -x "$bin/protoc-gen-es" ] || { echo "gen.sh: protoc-gen-es not found in $bin" >&2; exit 1; }
[ -f proto/spark/connect/base.proto ] || { echo "gen.sh: run scripts/fetch-protos.sh first" >&2; exit 1; }
PATH="$bin:$PATH" "$buf" generate
echo "gen.sh: generated $(find src/gen -name '*_pb.ts' | wc -l) files into src/gen" >&2
