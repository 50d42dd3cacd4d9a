#!/usr/bin/env bash
# Makes sure the headless Chromium that the viewer's browser tests drive is
# installed at /usr/bin/chromium. Test tools cannot download browsers here
# (only package registries are reachable), so it is Debian's package,
# installed with apt-get as root (or through passwordless sudo).
# Exits non-zero, saying what to do, when it cannot install it: the browser
# tests are part of the suite and are never skipped by `pnpm test`.
set -euo pipefail
CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
  as_root=(sudo -n)
else
  echo "ensure-chromium: the browser tests need Chromium at $CHROMIUM, and installing it needs root." >&2
  echo "  Install it once with: sudo apt-get install -y chromium   (then run pnpm test again)" >&2
  exit 1
fi
if ! command -v apt-get > /dev/null; then
  echo "ensure-chromium: no apt-get here; install Chromium so that $CHROMIUM exists, then run pnpm test again." >&2
  exit 1
fi
echo "Installing Chromium (Debian package) for the browser tests…" >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium > /dev/null
[ -x "$CHROMIUM" ] || { echo "ensure-chromium: apt-get installed chromium but $CHROMIUM is missing." >&2; exit 1; }
