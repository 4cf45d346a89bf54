#!/usr/bin/env bash
# Records the reference hcldec's *text* output (stdout and stderr merged,
# no --diags=json) for every native-syntax conformance case, into
# tests/data/text-output.txt. Needs the reference binary
# (../shared/tools/reference-hcldec.sh builds it). The project's tests only
# read the recording; they never need Go.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref=$("$root/../shared/tools/reference-hcldec.sh")
cases="$root/../shared/conformance/cases"
out="$root/tests/data/text-output.txt"
mkdir -p "$(dirname "$out")"
: > "$out"
cd "$cases"
for d in $(find . -name spec.hcldec -printf '%h\n' | sort); do
  if ls "$d" | grep -q "\.json$"; then continue; fi
  args=(--spec=spec.hcldec)
  if [ -f "$d/flags" ]; then while IFS= read -r f; do [ -n "$f" ] && args+=("$f"); done < "$d/flags"; fi
  inputs=$(cd "$d"; ls | grep -E '^input.*\.hcl$' | sort | tr '\n' ' ' || true)
  set +e
  text=$(cd "$d"; "$ref" "${args[@]}" $inputs 2>&1 < /dev/null)
  code=$?
  set -e
  printf '### %s exit=%s\n%s\n' "${d#./}" "$code" "$text" >> "$out"
done
echo "recorded $(grep -c '^### ' "$out") cases into $out"
