#!/usr/bin/env bash
# The whole test suite: build, typecheck, publint, every package's tests,
# the pack test, then one summary line. Starts what the tests need itself
# (a local Spark Connect server, see tools/spark/).
set -uo pipefail
cd "$(dirname "$0")/.."
rm -f packages/*/test-output/vitest.json examples/test-output/vitest.json

export TURBO_TELEMETRY_DISABLED=1
status=0
pnpm exec turbo run build typecheck lint --output-logs=errors-only || status=1
# The API reference (docs/api/): fails on an exported declaration without a doc comment.
[ "$status" -eq 0 ] && { pnpm run --silent docs --logLevel Warn || status=1; }
# Repository-wide lint: Biome's rules, knip (unused files, exports, dependencies), jscpd (no copied blocks in src/).
[ "$status" -eq 0 ] && { pnpm run --silent lint:repo || status=1; }
if [ "$status" -eq 0 ]; then
  # The viewer's browser tests drive a headless Chromium: installed here when missing, never skipped.
  tools/browser/ensure-chromium.sh || status=1
fi
if [ "$status" -eq 0 ]; then
  # The Spark backend's integration tests need a real local Spark Connect server:
  # with-server.sh installs pyspark (cached), starts it on 127.0.0.1, sets
  # THUND_SPARK_REMOTE, runs the tests and always stops the server.
  tools/spark/with-server.sh pnpm exec turbo run test --concurrency=1 --continue || status=1
  node scripts/pack-test.mjs | tee test-output-pack.txt || status=1
fi
node scripts/test-summary.mjs test-output-pack.txt || status=1
rm -f test-output-pack.txt
exit "$status"
