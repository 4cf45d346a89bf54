#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 30) and fails on any
# crash, timeout or out-of-memory. Needs the nightly toolchain (cargo-fuzz
# uses sanitizer flags); installs cargo-fuzz from crates.io if missing.
# Exit status: 0 clean, 1 a target crashed, timed out or ran out of memory,
# 3 fuzzing is not possible here (no nightly, cargo-fuzz not installable,
# or the nightly build fails: its log is shown; `cargo check` in fuzz/
# with the stable toolchain tells whether the targets' code compiles).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Each run starts from the seed corpus fuzz/seeds/<target> (committed, a
# few dozen small inputs) and the conformance inputs vendored in
# tests/conformance; new interesting inputs go to fuzz/corpus/<target>,
# which is not committed (docs/robustness.md: how to grow and minimise it).
set -euo pipefail
secs=${1:-30}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz.sh: the nightly toolchain is not installed; cannot fuzz" >&2
  exit 3
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  if ! cargo install cargo-fuzz --locked; then
    echo "fuzz.sh: cargo-fuzz could not be installed" >&2
    exit 3
  fi
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(native_parse json_parse spec_load decode eval typed dynblock eval_functions format edit_roundtrip)
fi

conformance="$root/tests/conformance"
seeds="$root/fuzz/target/seeds"
mkdir -p "$seeds"
seed_dir() {  # target -> a directory of seed inputs (outside the corpus)
  local t=$1 d="$seeds/$1" pattern
  case $t in
    json_parse) pattern='*.json' ;;
    spec_load) pattern='*.hcldec' ;;
    *) pattern='*.hcl' ;;
  esac
  if [ ! -d "$d" ]; then
    mkdir -p "$d"
    local i=0
    for f in $(find "$root/examples" "$conformance" -name "$pattern" 2>/dev/null | sort); do
      i=$((i + 1)); cp "$f" "$d/seed-$i"
    done
  fi
  echo "$d"
}

# cargo-fuzz reports its own errors through anyhow, which prints a
# backtrace of cargo-fuzz itself where RUST_BACKTRACE is set; that hides
# the error, so it is turned off for cargo-fuzz (not for the targets).
export RUST_LIB_BACKTRACE=0
mkdir -p target
for t in "${targets[@]}"; do
  if ! cargo +nightly fuzz build -O "$t" > "target/build-$t.log" 2>&1; then
    # The targets' code is checked with the stable toolchain (.ci/run:
    # cargo check in fuzz/), so a failing build here is this machine's
    # nightly toolchain or cargo-fuzz: say which, show why, and skip.
    {
      echo "fuzz.sh: cargo fuzz could not build $t with" \
        "$(rustc +nightly --version 2>&1) and $(cargo +nightly fuzz --version 2>&1):"
      tail -n 40 "target/build-$t.log"
      echo "fuzz.sh: cannot fuzz with this toolchain; smoke not run"
    } >&2
    exit 3
  fi
  tail -n 1 "target/build-$t.log"
done
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "== $t: ${secs}s"
  if ! cargo +nightly fuzz run -O "$t" "corpus/$t" "seeds/$t" "$(seed_dir "$t")" -- \
      -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      2> "target/$t.log"; then
    echo "fuzz.sh: $t FAILED; see fuzz/target/$t.log and fuzz/artifacts/$t" >&2
    tail -n 40 "target/$t.log" >&2
    status=1
  else
    grep -E '^stat::(number_of_executed_units|new_units_added|peak_rss_mb)|cov:' "target/$t.log" | tail -n 4 || true
  fi
done
exit $status
