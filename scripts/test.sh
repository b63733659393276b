#!/usr/bin/env bash
# The one test command (`npm test`): type check, then unit, integration (PGlite and PostgreSQL)
# and browser tests in one node:test run. `npm test -- unit|int|e2e` runs one layer.
set -euo pipefail
cd "$(dirname "$0")/.."
layer="${1:-all}"

[ -d node_modules ] || npm ci
bash scripts/ensure-system-packages.sh

echo "== type check"
npm run -s typecheck

# Integration tests first, the longest (whole calls in real time) at the head; then the browser tests; the
# short unit files last, where they fill the gaps the long ones leave.
SLOW_FIRST="offline-calls|dialer-personas|simulated-voices|first-campaign|dialer-workers"
files=()
if [ "$layer" = all ] || [ "$layer" = int ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages -name '*.int.test.ts' -not -path '*/node_modules/*' | sort | grep -E "$SLOW_FIRST")
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages -name '*.int.test.ts' -not -path '*/node_modules/*' | sort | grep -vE "$SLOW_FIRST")
fi
if [ "$layer" = all ] || [ "$layer" = e2e ]; then
  echo "== web build"
  npm run -s build >/dev/null
  while IFS= read -r f; do files+=("$f"); done < <(find tests/e2e -name '*.e2e.test.ts' | sort)
fi
if [ "$layer" = all ] || [ "$layer" = unit ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages scripts -name '*.test.ts' ! -name '*.int.test.ts' -not -path '*/node_modules/*' | sort)
fi

echo "== ${#files[@]} test files"
# One process per file, three at a time: the machine has two cores, but most of an integration or browser
# test's time is spent waiting (calls run in real time, browsers and servers start), not computing.
exec node --import tsx --test --test-concurrency=3 --test-reporter=spec "${files[@]}"
