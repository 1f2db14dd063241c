#!/usr/bin/env bash
# The Debian packages the tests need beyond Python: PostgreSQL (the server's API tests run
# against a private PostgreSQL server), Chromium's headless shell (the browser tests,
# driven by Playwright) and nginx (the deployment example's test, tests/server/test_proxy.py).
# Installs whatever is missing; does nothing when all are there.
set -euo pipefail

missing=()
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v chromium-headless-shell >/dev/null || missing+=(chromium-headless-shell)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "== installing Debian packages: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
        echo "error: ${missing[*]} missing; install them as root: apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
