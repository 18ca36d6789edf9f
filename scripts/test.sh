#!/usr/bin/env bash
# npm test: type check, unit + integration tests (SQLite, then PostgreSQL when
# TEST_DATABASE_URL is set), then the Playwright end-to-end tests.
# Every step runs even when an earlier one fails; the exit status is non-zero when any failed.
# Set SKIP_E2E=1 to leave out the browser tests.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# Local binaries (tsc, bun, playwright) whether or not npm put them on PATH.
export PATH="$ROOT/node_modules/.bin:$PATH"

for bin in tsc bun; do
  if ! command -v "$bin" >/dev/null 2>&1; then
    echo "error: '$bin' not found in node_modules/.bin; run 'npm ci' first." >&2
    exit 1
  fi
done

results=()
failed=0
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
suite_start=$SECONDS

section() {
  echo
  echo "================================================================"
  echo "== $*"
  echo "================================================================"
}

# step <label> <command...>: runs the command, records "PASS/FAIL label (Ns)".
step() {
  local label="$1"
  shift
  section "$label"
  local start=$SECONDS rc=0
  # Output is shown as it comes and kept, so the test counts can be added up at the end.
  "$@" 2>&1 | tee -a "$LOG" || rc=${PIPESTATUS[0]}
  local took=$((SECONDS - start))
  if [ "$rc" -eq 0 ]; then
    results+=("PASS  $label (${took}s)")
    echo "-- $label: passed in ${took}s"
  else
    results+=("FAIL  $label (${took}s, exit $rc)")
    echo "-- $label: FAILED (exit $rc) after ${took}s"
    failed=$((failed + 1))
  fi
}

# xmllint validates the pain.001 files against the official XSD (src/test/pain001-xsd.test.ts); installed like Chromium.
step "xmllint (libxml2-utils)" bash scripts/ensure-xmllint.sh
step "type check (tsc --noEmit)" tsc --noEmit
step "import circles (scripts/import-cycles.ts)" bun run scripts/import-cycles.ts
step "unit + integration tests on SQLite (bun test)" env -u TEST_DB bun test --timeout 30000

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on PostgreSQL (TEST_DB=postgres bun test)" env TEST_DB=postgres bun test --timeout 30000
else
  section "integration tests on PostgreSQL"
  echo "skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)"
  results+=("SKIP  integration tests on PostgreSQL (TEST_DATABASE_URL not set)")
fi

if [ "${SKIP_E2E:-0}" = "1" ]; then
  section "end-to-end tests"
  echo "skipped: SKIP_E2E=1"
  results+=("SKIP  end-to-end tests (SKIP_E2E=1)")
else
  step "end-to-end tests (Playwright, Chromium)" bash scripts/e2e.sh
fi

section "summary"
printf '%s\n' "${results[@]}"
# Test counts: bun test prints " N pass" / " N fail"; Playwright "N passed" / "N failed".
sum() { { grep -E "$1" "$LOG" || true; } | awk '{ s += $1 } END { print s + 0 }'; }
passed=$(( $(sum '^ *[0-9]+ pass$') + $(sum '^ *[0-9]+ passed( |$)') ))
failures=$(( $(sum '^ *[0-9]+ fail$') + $(sum '^ *[0-9]+ failed( |$)') ))
total=$((SECONDS - suite_start))
steps=${#results[@]}
if [ "$failed" -gt 0 ]; then
  echo "npm test: FAILED - $failed of $steps steps failed in ${total}s"
  echo "$passed passed, $((failures > 0 ? failures : failed)) failed"
  exit 1
fi
echo "npm test: OK - all steps passed in ${total}s"
echo "$passed passed, $failures failed"
