#!/usr/bin/env bash
# Times our hcldec against the reference Go hcldec on generated Nomad-style
# configs, and prints the ratios docs/performance.md reports.
#
#   scripts/compare-go.sh [SIZE ...]          default sizes: 1MB 10MB 50MB
#
# Environment:
#   GO_HCLDEC   the reference binary (default: what shared/tools/reference-hcldec.sh
#               prints; the script is looked for beside the repository, then in
#               /work/shared/tools). Without one, only our figures are printed.
#   OUT_DIR     where configs and results go (default: a directory under /tmp)
#   RUNS        hyperfine runs per size (default: 10 up to 10MB, 3 above)
#   MEM_RUNS    /usr/bin/time runs per binary and size for peak RSS (default 3)
#   SEED        generator seed (default 1)
#
# Each time ratio comes from one paired hyperfine run (both binaries, same
# input, interleaved warmups), each figure is a median of several runs, and
# every output is compared byte for byte with the reference's. hyperfine is
# installed from Debian if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(1MB 10MB 50MB)
OUT_DIR=${OUT_DIR:-$(mktemp -d /tmp/hcldec-compare.XXXXXX)}
MEM_RUNS=${MEM_RUNS:-3}
SEED=${SEED:-1}
mkdir -p "$OUT_DIR"

need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "installing $2 (apt-get)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2") >&2
}
need hyperfine hyperfine
[ -x /usr/bin/time ] || need /usr/bin/time time
need python3 python3

# Our binary and the generator, in release mode: the ordinary release build
# (`cargo build --release --bin hcldec`), system allocator, dynamically
# linked. LINK=static links it statically with glibc instead, as Go links
# the reference (no dynamic loader at start-up); the static flags need an
# explicit --target, so they do not reach the derive's proc macro.
LINK=${LINK:-dynamic}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
cargo build --release --quiet -p hcldecode-benches --bin gen-large-config
GEN="$TARGET/release/gen-large-config"
host=$(rustc -vV | sed -n 's/^host: //p')
if [ "$LINK" = static ] && [[ $host == *-linux-gnu ]]; then
  RUSTFLAGS="-C target-feature=+crt-static" \
    cargo build --release --quiet --target "$host" -p hcldec --bin hcldec
  OURS="$TARGET/$host/release/hcldec"
else
  cargo build --release --quiet -p hcldec --bin hcldec
  OURS="$TARGET/release/hcldec"
fi
echo "ours: $OURS ($(file -b "$OURS" | grep -o 'static-pie linked\|statically linked\|dynamically linked'))"

# The reference binary.
if [ -z "${GO_HCLDEC:-}" ]; then
  for s in "$ROOT/../shared/tools/reference-hcldec.sh" /work/shared/tools/reference-hcldec.sh; do
    if [ -f "$s" ]; then
      GO_HCLDEC=$(bash "$s" 2>/dev/null | tail -1) || GO_HCLDEC=""
      break
    fi
  done
fi
if [ -n "${GO_HCLDEC:-}" ] && [ ! -x "$GO_HCLDEC" ]; then GO_HCLDEC=""; fi

size_args=()
for s in "${SIZES[@]}"; do size_args+=(--size "$s"); done
"$GEN" "${size_args[@]}" --seed "$SEED" --out "$OUT_DIR" >/dev/null
SPEC="$OUT_DIR/spec.hcldec"
: >"$OUT_DIR/empty.hcl"

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r)"
echo "cpu:     $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) before measuring"
echo "ours:    $OURS"
echo "go:      ${GO_HCLDEC:-(not available)}"
echo "inputs:  $OUT_DIR"
echo

# Median of the peak RSS (KiB) of MEM_RUNS runs of a command.
peak_rss() {
  local out=$1; shift
  local vals=()
  for _ in $(seq "$MEM_RUNS"); do
    /usr/bin/time -v "$@" >"$out" 2>"$OUT_DIR/time.txt"
    vals+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$OUT_DIR/time.txt")")
  done
  printf '%s\n' "${vals[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# Median time (s) of a command in a hyperfine JSON export.
median() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(r[int(sys.argv[2])]["median"])' "$1" "$2"
}

printf '%-6s %10s %10s %9s %9s %9s %10s %10s %8s %10s\n' \
  size "ours s" "go s" ratio "MB/s" "s/MB" "ours MiB" "go MiB" ratio "MiB/MB"
for s in "${SIZES[@]}"; do
  cfg="$OUT_DIR/config-$s.hcl"
  mb=$(python3 -c 'import os,sys; print(os.path.getsize(sys.argv[1])/1e6)' "$cfg")
  runs=${RUNS:-$(python3 -c 'import sys; print(10 if float(sys.argv[1]) <= 11 else 3)' "$mb")}
  json="$OUT_DIR/hyperfine-$s.json"
  cmds=("$OURS --spec=$SPEC $cfg")
  [ -n "${GO_HCLDEC:-}" ] && cmds+=("$GO_HCLDEC --spec=$SPEC $cfg")
  hyperfine -N -w 1 -r "$runs" --export-json "$json" --output=null "${cmds[@]}" >/dev/null 2>&1
  t_ours=$(median "$json" 0)
  rss_ours=$(peak_rss "$OUT_DIR/ours-$s.json" "$OURS" --spec="$SPEC" "$cfg")
  if [ -n "${GO_HCLDEC:-}" ]; then
    t_go=$(median "$json" 1)
    rss_go=$(peak_rss "$OUT_DIR/go-$s.json" "$GO_HCLDEC" --spec="$SPEC" "$cfg")
    if ! cmp -s "$OUT_DIR/ours-$s.json" "$OUT_DIR/go-$s.json"; then
      echo "OUTPUT DIFFERS for $s: $OUT_DIR/ours-$s.json vs $OUT_DIR/go-$s.json" >&2
      exit 1
    fi
  else
    t_go=nan
    rss_go=nan
  fi
  python3 - "$s" "$mb" "$t_ours" "$t_go" "$rss_ours" "$rss_go" <<'EOF'
import math, sys
s, mb, to, tg, ro, rg = sys.argv[1], float(sys.argv[2]), *map(float, sys.argv[3:])
ratio = to / tg if not math.isnan(tg) else float("nan")
rratio = ro / rg if not math.isnan(rg) else float("nan")
print("%-6s %10.3f %10.3f %9.3f %9.1f %9.4f %10.1f %10.1f %8.3f %10.2f" % (
    s, to, tg, ratio, mb / to, to / mb, ro / 1024, rg / 1024, rratio, ro / 1024 / mb))
EOF
done
echo "(ratio: ours / go; MiB/MB: our peak RSS per MB of input; outputs identical to the reference's)"

echo
json="$OUT_DIR/hyperfine-startup.json"
cmds=("$OURS --spec=$SPEC $OUT_DIR/empty.hcl" "$OURS --version")
[ -n "${GO_HCLDEC:-}" ] && cmds+=("$GO_HCLDEC --spec=$SPEC $OUT_DIR/empty.hcl")
hyperfine -N -w 20 -r 300 --export-json "$json" --output=null "${cmds[@]}" >/dev/null 2>&1
python3 - "$json" "$(wc -c <"$SPEC")" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
ms = [x["median"] * 1000 for x in r]
print("start-up (empty input, %s-byte spec): ours %.2f ms (process alone, --version: %.2f ms; spec load %.2f ms)"
      % (sys.argv[2], ms[0], ms[1], ms[0] - ms[1]))
if len(ms) > 2:
    print("                                    go   %.2f ms, ratio %.3f" % (ms[2], ms[0] / ms[2]))
EOF
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) after measuring"
