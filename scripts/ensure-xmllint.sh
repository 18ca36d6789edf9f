#!/usr/bin/env bash
# Makes sure xmllint (Debian libxml2-utils) exists: src/test/pain001-xsd.test.ts validates the pain.001
# payment files against the official ISO 20022 XSD with it (issue 24 §5). As root it installs the package;
# otherwise it says how and exits 1.
set -euo pipefail

if command -v xmllint >/dev/null 2>&1; then
  echo "xmllint: $(command -v xmllint)"
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "error: xmllint is not installed; the pain.001 schema test needs it." >&2
  echo "Install it with:" >&2
  echo "    sudo apt-get install libxml2-utils" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: xmllint is missing and apt-get is not available to install it." >&2
  exit 1
fi

echo "xmllint: not found; installing the Debian package libxml2-utils (running as root)"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends libxml2-utils
command -v xmllint >/dev/null 2>&1 || { echo "error: apt-get finished but xmllint still does not exist." >&2; exit 1; }
echo "xmllint: $(command -v xmllint) installed"
