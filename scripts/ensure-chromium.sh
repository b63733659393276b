#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; install it when missing (never a downloaded browser).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "chromium is missing: run 'sudo apt-get install -y chromium' (Debian) and try again" >&2
  exit 1
fi
echo "== installing chromium from Debian"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
