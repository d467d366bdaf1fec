#!/usr/bin/env bash
# Every test of the project, as CI runs it: types, shell unit tests and bundle budget,
# server tests on embedded PGlite and on a real PostgreSQL, end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

# Every runner's output is kept so the last line can add up what ran.
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
run() { "$@" 2>&1 | tee -a "$LOG"; }

# The closing line: vitest's 'Tests  N passed', Playwright's 'N passed' and 'N flaky', our checks' 'N passed, N failed'.
summary() {
  node -e '
    const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
    let passed = 0, failed = 0, flaky = 0;
    for (const m of text.matchAll(/^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)) { failed += +(m[1] || 0); passed += +m[2]; }
    for (const m of text.matchAll(/^\s+(\d+) passed \(/gm)) passed += +m[1];
    for (const m of text.matchAll(/^\s+(\d+) failed$/gm)) failed += +m[1];
    for (const m of text.matchAll(/^\s+(\d+) flaky$/gm)) flaky += +m[1];
    for (const m of text.matchAll(/: (\d+) passed, (\d+) failed$/gm)) { passed += +m[1]; failed += +m[2]; }
    console.log(`\nall tests: ${passed + flaky} passed, ${failed} failed${flaky ? ` (${flaky} of them flaky: passed on a retry)` : ""}`);
  ' "$LOG"
}

# Debian's Chromium for the end-to-end tests (a downloaded browser cannot work here)
if ! command -v chromium >/dev/null 2>&1; then
  step "installing Debian's chromium"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

# The PostgreSQL run: TEST_DATABASE_URL, else the local server when it answers.
# In CI a missing PostgreSQL is an error, not a skip.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && command -v pg_ctlcluster >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  elif [ "${CI:-}" = "true" ]; then
    echo "CI needs a PostgreSQL server (set TEST_DATABASE_URL or start one on 127.0.0.1:5432)" >&2
    exit 1
  fi
fi

# Redis for the rate limits' REDIS_URL store: TEST_REDIS_URL, else the local server when it answers
if [ -z "${TEST_REDIS_URL:-}" ] && command -v redis-cli >/dev/null 2>&1 && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = "PONG" ]; then
  export TEST_REDIS_URL="redis://127.0.0.1:6379"
fi
[ -n "${TEST_REDIS_URL:-}" ] || echo "(no Redis reachable: the REDIS_URL rate-limit test is skipped)"

step "type check"
npm run typecheck

step "lint and formatting"
npm run lint
npm run format:check

step "unit tests: shell, shared resource UI, coredata"
run npm test -w @wb/shell
run npm run test:subapps

step "builds: shell (with its bundle budget), sub-apps, the fixtures (Vue 3, Vue 2, React 17)"
# (npm run build makes the shell, coredata and the Vue fixtures the demo wires in; React 17 is the tests' own)
run npm run build
run npm run build -w @wb/react17-fixture

step "server tests on embedded PGlite"
run npm test -w @wb/server

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests on PostgreSQL ($TEST_DATABASE_URL)"
  TEST_DATABASE_URL="$TEST_DATABASE_URL" run npm test -w @wb/server
  # the restart check needs to restart that server: only where it is the local cluster we may control
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && [[ "$TEST_DATABASE_URL" == *"127.0.0.1"* || "$TEST_DATABASE_URL" == *"localhost"* ]]; then
    step "server survives a PostgreSQL restart under load"
    TEST_DATABASE_URL="$TEST_DATABASE_URL" PG_RESTART_CMD="pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -1) main restart" \
      run npm run test:db-restart -w @wb/server
  fi
else
  echo "(no PostgreSQL reachable: the PostgreSQL run is skipped outside CI)"
fi

step "end-to-end tests in Chromium"
# the shell was built above
E2E_SKIP_BUILD=1 run npm run e2e

summary
