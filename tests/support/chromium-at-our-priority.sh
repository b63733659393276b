#!/bin/sh
# Starts Debian's Chromium at the CPU priority it was given. Run as root, Chromium raises its own processes' priority
# (the browser to nice -8, pages to 0), so under scripts/test.sh's `nice 10` it took the CPU from the whole calls
# and from the servers it was testing. Without CAP_SYS_NICE it cannot; a non-root user never had it.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  exec setpriv --bounding-set=-sys_nice -- "$chromium" "$@"
fi
exec "$chromium" "$@"
