#!/usr/bin/env bash
# Wall time of our hclfmt against HashiCorp's on a generated 10 MB configuration (and the
# same with its indentation stripped, so that every line is re-indented), RECORDER ONLY
# (needs the reference build). Prints the best of RUNS (default 5) wall times and the ratio.
#
#   scripts/bench-hclfmt.sh [REF_HCLFMT] [OUR_HCLFMT]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref=${1:-/tmp/refhcl/hclfmt}
ours=${2:-${CARGO_TARGET_DIR:-$root/target}/release/hclfmt}
runs=${RUNS:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo run -q --release -p hcldecode-benches --bin gen-large-config -- --size 10MB --out "$dir" >/dev/null
sed 's/^[ \t]*//' "$dir/config-10MB.hcl" > "$dir/unindented.hcl"
best() { # command... -> best wall time in seconds
  local b=999999 t s e
  for _ in $(seq "$runs"); do
    s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l); if (( $(echo "$t < $b" | bc -l) )); then b=$t; fi
  done
  echo "$b"
}
for f in config-10MB.hcl unindented.hcl; do
  cmp <("$ref" "$dir/$f") <("$ours" "$dir/$f") || { echo "outputs differ on $f" >&2; exit 1; }
  r=$(best "$ref" "$dir/$f"); o=$(best "$ours" "$dir/$f")
  printf '%s (%d bytes): reference %.3fs, ours %.3fs, ratio %.3f\n' "$f" "$(stat -c %s "$dir/$f")" "$r" "$o" "$(echo "$o / $r" | bc -l)"
done
