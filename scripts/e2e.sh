#!/usr/bin/env bash
# npm run test:e2e: Playwright specs under e2e/ in the Debian Chromium.
# playwright.config.ts starts the server itself. Extra arguments go to `playwright test`.
# Never runs `playwright install`: browsers come from apt (scripts/ensure-chromium.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

bash scripts/ensure-chromium.sh

# For the config to read; Playwright's bundled browsers are not used.
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -f playwright.config.ts ]; then
  echo "error: playwright.config.ts is missing; there is no end-to-end suite to run yet." >&2
  exit 1
fi

exec playwright test "$@"
