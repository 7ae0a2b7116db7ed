#!/usr/bin/env bash
# ensure-deps.sh PACKAGE...: installs the Debian packages that are missing, says so, and uses sudo when
# not root. Does nothing when all are present. On a machine without dpkg it only warns.
set -euo pipefail
missing=()
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "warpspan: not a Debian system; make sure these are installed: $*" >&2
    exit 0
fi
for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "warpspan: installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "warpspan: not root and no sudo: please install ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
echo "warpspan: installed ${missing[*]}"
