#!/usr/bin/env bash
# Paired rounds against the reference Go hcldec: each round runs every
# binary once, back to back, on the same input, so load from other tenants
# hits them alike; prints per-round wall time, CPU time and peak RSS, and
# the median of the per-round ratios to Go.
#
#   scripts/paired-go.sh [SIZE] [ROUNDS] [OTHER_HCLDEC...]
#
# SIZE defaults to 10MB, ROUNDS to 7. Our binary is the release build
# (built if missing or older than the sources); OTHER_HCLDEC are further
# binaries to compare (an earlier build, say). GO_HCLDEC is the reference
# (default: what ../shared/tools/reference-hcldec.sh prints).
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-10MB}
rounds=${2:-7}
shift $(( $# > 2 ? 2 : $# )) || true
others=("$@")
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; } >&2
cargo build --release --quiet -p hcldec --bin hcldec -p hcldecode-benches --bin gen-large-config
target=${CARGO_TARGET_DIR:-target}
ours="$target/release/hcldec"
go=${GO_HCLDEC:-$(bash ../shared/tools/reference-hcldec.sh 2>/dev/null | tail -1)}
dir=$(mktemp -d /tmp/hcldec-paired.XXXXXX)
"$target/release/gen-large-config" --size "$size" --seed 1 --out "$dir" >/dev/null
cfg="$dir/config-$size.hcl"
bins=("$go" "$ours" "${others[@]}")
for i in $(seq "$rounds"); do
  for b in "${bins[@]}"; do
    /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$b" --spec="$dir/spec.hcldec" "$cfg" >"$dir/out.json"
    echo "$i $b $(cat "$dir/t")" >>"$dir/rounds.txt"
    cmp -s "$dir/out.json" "$dir/out-first.json" 2>/dev/null || {
      [ -f "$dir/out-first.json" ] || cp "$dir/out.json" "$dir/out-first.json"
      cmp -s "$dir/out.json" "$dir/out-first.json" || echo "OUTPUT DIFFERS: $b" >&2
    }
  done
done
python3 - "$dir/rounds.txt" "$go" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
go = sys.argv[2]
by = {}
for r, b, wall, user, sys_, rss in rows:
    by.setdefault(r, {})[b] = (float(wall), float(user) + float(sys_), int(rss))
bins = [b for b in dict.fromkeys(row[1] for row in rows) if b != go]
print(f"{len(by)} rounds; Go median wall {statistics.median(v[go][0] for v in by.values()):.2f} s, peak {statistics.median(v[go][2] for v in by.values())/1024:.1f} MiB")
for b in bins:
    w = statistics.median(v[b][0] / v[go][0] for v in by.values())
    c = statistics.median(v[b][1] / v[go][1] for v in by.values())
    m = statistics.median(v[b][2] / v[go][2] for v in by.values())
    print(f"{b}: wall {w:.3f}x, cpu {c:.3f}x, peak memory {m:.3f}x of Go "
          f"(median {statistics.median(v[b][0] for v in by.values()):.3f} s, "
          f"{statistics.median(v[b][2] for v in by.values())/1024:.1f} MiB)")
PY
echo "rounds: $dir/rounds.txt"
