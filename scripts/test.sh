#!/usr/bin/env bash
# The one test command (`npm test`): type check, then unit, integration (PGlite and PostgreSQL)
# and browser tests in two node:test lanes side by side. `npm test -- unit|int|e2e` runs one layer.
set -euo pipefail
cd "$(dirname "$0")/.."
layer="${1:-all}"

[ -d node_modules ] || npm ci
bash scripts/ensure-system-packages.sh

echo "== type check"
npm run -s typecheck

echo "== format and lint"
npx biome ci .

# Whole calls in real time (flite voices, pocketsphinx, SIP peers) run in a lane of their own, one file at a
# time: two of them side by side on a 2-core machine starve each other's recognisers, and a late reply is then
# a failed test, not a fault. Everything else runs three files at a time beside that lane: integration tests
# first, then the browser tests, then the short unit files that fill the gaps.
CALLS="admission-calls|offline-calls|heard-answers|sip-keys|dialer-personas|simulated-voices|first-campaign|call-transfer|sip-.*calls|baresip|web-call\.int|listen\.int"
# Browser tests whose assertions hang on a live conversation's timing go in that lane too.
E2E_CALLS="first-campaign-whole|web-call|listen-in"
calls=()
files=()
int_files() { find apps packages -name '*.int.test.ts' -not -path '*/node_modules/*' | sort; }
if [ "$layer" = all ] || [ "$layer" = int ]; then
  while IFS= read -r f; do calls+=("$f"); done < <(int_files | grep -E "$CALLS")
  while IFS= read -r f; do files+=("$f"); done < <(int_files | grep -vE "$CALLS")
fi
if [ "$layer" = all ] || [ "$layer" = e2e ]; then
  echo "== web build"
  npm run -s build >/dev/null
  while IFS= read -r f; do calls+=("$f"); done < <(find tests/e2e -name '*.e2e.test.ts' | sort | grep -E "$E2E_CALLS")
  while IFS= read -r f; do files+=("$f"); done < <(find tests/e2e -name '*.e2e.test.ts' | sort | grep -vE "$E2E_CALLS")
fi
if [ "$layer" = all ] || [ "$layer" = unit ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages scripts -name '*.test.ts' ! -name '*.int.test.ts' -not -path '*/node_modules/*' | sort)
fi

echo "== ${#files[@]} test files, and ${#calls[@]} of whole calls in their own lane"
# --test-force-exit: a file whose tests are over exits even if a failed start-up left a server or a peer
# (radicale, an SMTP receiver) running; without it such a file once kept the run waiting for an hour.
# run <niceness> <files at a time> <files...>
run() { nice -n "$1" node --import tsx --test --test-force-exit --test-concurrency="$2" --test-reporter=spec "${@:3}"; }
# The other tests run at a lower CPU priority (nice): a whole call must keep up with real time, the rest only
# has to finish, so on a busy machine (CI's 2 cores, the browser tests' Chromiums) the calls lane is served first.
# The calls lane prints when it ends, so the two lanes' lines do not interleave.
lane_log=$(mktemp)
trap 'rm -f "$lane_log"' EXIT
lane_status=0
if [ ${#calls[@]} -gt 0 ]; then run 0 1 "${calls[@]}" >"$lane_log" 2>&1 & lane=$!; fi
status=0
[ ${#files[@]} -eq 0 ] || run 10 3 "${files[@]}" || status=$?
if [ ${#calls[@]} -gt 0 ]; then
  wait "$lane" || lane_status=$?
  echo "== the whole-calls lane"
  cat "$lane_log"
fi
[ "$status" -eq 0 ] && [ "$lane_status" -eq 0 ] && echo "== all tests passed" && exit 0
echo "== tests failed (other tests: exit $status; whole calls: exit $lane_status)"
exit 1
