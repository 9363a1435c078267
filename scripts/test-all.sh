#!/usr/bin/env bash
# The whole test suite, as CI runs it: unit and integration tests of every package, the server suite
# once on embedded PGlite and once on PostgreSQL (a throwaway database, dropped afterwards) when one is
# reachable, then the browser end-to-end suite in Debian's Chromium; then the server suite on PGlite and
# the shared and appraisal suites again on Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

PNPM_VERSION=10.34.9
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm -v 2>/dev/null)" != "$PNPM_VERSION" ]; then
  # No global install needed: npx fetches the pinned pnpm, and puts it on PATH for nested scripts.
  pnpm() { npx -y "pnpm@$PNPM_VERSION" "$@"; }
fi
echo "› installing dependencies from the lockfile"
pnpm install --frozen-lockfile --reporter=silent

# Debian's Chromium, and the CJK fonts without which the Chinese screenshots show boxes instead of
# characters.
apt_missing=()
[ -x /usr/bin/chromium ] || apt_missing+=(chromium)
if ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' && ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  apt_missing+=(fonts-noto-cjk)
fi
if [ ${#apt_missing[@]} -gt 0 ]; then
  echo "› installing ${apt_missing[*]} for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

reports=$(mktemp -d)
pg_db=""
cleanup() {
  if [ -n "$pg_db" ]; then node scripts/pg-throwaway.mjs drop "$pg_db" || true; fi
  rm -rf "$reports"
}
trap cleanup EXIT

status=0
run() { # name, then the command; records the Vitest JSON report under the name
  local name=$1; shift
  echo; echo "━━ $name"
  if ! "$@" --reporter=default --reporter=json --outputFile.json="$reports/$name.json"; then status=1; fi
}

echo "› building"
pnpm -r --filter './packages/**' run build

echo; echo "━━ lint and types"
if ! pnpm exec biome check . --diagnostic-level=error; then echo "lint: failed"; status=1; fi
if ! node scripts/check-citations.mjs; then echo "citations: failed"; status=1; fi
if ! pnpm -r run typecheck; then echo "typecheck: failed"; status=1; fi

run shared pnpm --filter @domain-broker/shared exec vitest run
run appraisal pnpm --filter @domain-broker/appraisal exec vitest run
run server-pglite pnpm --filter @domain-broker/server exec vitest run
if pg_db=$(node scripts/pg-throwaway.mjs create 2>/dev/null); then
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$pg_db" run server-postgres pnpm --filter @domain-broker/server exec vitest run
else
  pg_db=""
  echo; echo "━━ server-postgres: no PostgreSQL at 127.0.0.1:5432, skipped"
fi
run portal pnpm --filter @domain-broker/portal exec vitest run
run widget-sdk pnpm --filter @domain-broker/widget-sdk exec vitest run
run e2e pnpm --filter @domain-broker/e2e exec vitest run

# The next LTS too (engines: Node 20.19 or later): what runs on Node in production, the server suite
# on PGlite and the shared and appraisal code it runs, again under Node 24, from the npm registry's
# `node` package (no system install). The portal and widget suites run once: their code runs in the
# browser (happy-dom in the tests), so a second Node adds minutes, not coverage; the e2e suite runs once.
if node24=$(npx -y -p node@24 -c 'command -v node' 2>/dev/null) && [ -x "$node24" ]; then
  node24_path="$(dirname "$node24"):$PATH"
  echo; echo "━━ Node $(PATH=$node24_path node -v)"
  PATH=$node24_path run node24-shared pnpm --filter @domain-broker/shared exec vitest run
  PATH=$node24_path run node24-appraisal pnpm --filter @domain-broker/appraisal exec vitest run
  PATH=$node24_path run node24-server pnpm --filter @domain-broker/server exec vitest run
else
  echo "node24: the npm registry's node@24 could not be fetched"; status=1
fi

node scripts/test-summary.mjs "$reports"
exit $status
