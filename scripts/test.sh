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

files=()
if [ "$layer" = all ] || [ "$layer" = unit ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages scripts -name '*.test.ts' ! -name '*.int.test.ts' -not -path '*/node_modules/*' | sort)
fi
if [ "$layer" = all ] || [ "$layer" = int ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find apps packages -name '*.int.test.ts' -not -path '*/node_modules/*' | sort)
fi
if [ "$layer" = all ] || [ "$layer" = e2e ]; then
  echo "== web build"
  npm run -s build >/dev/null
  while IFS= read -r f; do files+=("$f"); done < <(find tests/e2e -name '*.e2e.test.ts' | sort)
fi

echo "== ${#files[@]} test files"
# One process per file, two at a time (this machine has two cores).
exec node --import tsx --test --test-concurrency=2 --test-reporter=spec "${files[@]}"
