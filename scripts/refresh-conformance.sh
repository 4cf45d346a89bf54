#!/usr/bin/env bash
# Refreshes the vendored conformance data (tests/conformance) from the shared
# recordings (../shared/conformance by default, or the directory given).
# Review the diff afterwards: a changed expected.* file is a changed answer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="${1:-$root/../shared/conformance}"
dst="$root/tests/conformance"
[ -d "$src/cases" ] || { echo "no conformance data at $src" >&2; exit 1; }
for d in specsuite cases cases-ext cases-latest divergent; do
  [ -d "$src/$d" ] || continue
  license=""
  [ -f "$dst/$d/LICENSE" ] && license=$(cat "$dst/$d/LICENSE")
  rm -rf "${dst:?}/$d"
  cp -r "$src/$d" "$dst/$d"
  [ -n "$license" ] && [ ! -f "$dst/$d/LICENSE" ] && printf '%s\n' "$license" > "$dst/$d/LICENSE"
done
cp "$src/README.md" "$dst/README.shared.md"
echo "refreshed $dst from $src"
