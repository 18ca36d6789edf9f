#!/usr/bin/env bash
# Makes sure the Debian Chromium that the Playwright config launches exists at /usr/bin/chromium.
# Browsers are never downloaded by Playwright (no network for that); they come from apt.
# As root it installs Chromium (and fonts so pages render with real glyphs); otherwise it
# says how to install it and exits 1.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "error: Chromium is not installed at $CHROMIUM; the end-to-end tests need it." >&2
  echo "Install it with:" >&2
  echo "    sudo apt-get install chromium fonts-liberation" >&2
  echo "(Playwright's own browser download is not used.)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: Chromium is missing at $CHROMIUM and apt-get is not available to install it." >&2
  exit 1
fi

echo "chromium: not found at $CHROMIUM; installing the Debian package (running as root)"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium fonts-liberation

if [ ! -x "$CHROMIUM" ]; then
  echo "error: apt-get finished but $CHROMIUM still does not exist." >&2
  exit 1
fi
echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") installed"
