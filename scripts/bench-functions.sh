#!/usr/bin/env bash
# Function-heavy decoding: ours (`hcldec --functions=stdlib`) against the
# reference's extended build (`hcldec-ext --x-functions`), interleaved runs.
#
#   scripts/bench-functions.sh [JOBS] [RUNS]
#
# Writes a Nomad-style config of JOBS jobs (default 500; each job makes
# about 20 library calls: templates, format, merge, lookup, join/split, for
# expressions over ranges, jsonencode, regex_replace, ...) and prints the
# median wall time of each binary over RUNS runs (default 9) and their ratio.
# Needs a release build (cargo build --release -p hcldec --bin hcldec)
# and the reference (../shared/tools/reference-hcldec.sh).
set -euo pipefail
jobs=${1:-500}
runs=${2:-9}
here=$(cd "$(dirname "$0")/.." && pwd)
ours=${HCLDEC:-$here/target/release/hcldec}
ref_dir=${REF_DIR:-/tmp/refhcl}
ref=$ref_dir/hcldec-ext
[ -x "$ref" ] || bash "$here/../shared/tools/reference-hcldec.sh" >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat > "$dir/spec.hcldec" <<'EOF'
object {
  block_map "job" {
    labels = ["name"]
    object {
      attr "name" { type = string }
      attr "region" { type = string }
      attr "tags" { type = list(string) }
      attr "meta" { type = map(string) }
      attr "image" { type = string }
      attr "ports" { type = list(number) }
      attr "env" { type = string }
      attr "cpu" { type = number }
      attr "dcs" { type = list(string) }
      attr "slug" { type = string }
      attr "limits" { type = map(number) }
    }
  }
}
EOF

python3 - "$jobs" > "$dir/config.hcl" <<'EOF'
import sys
n = int(sys.argv[1])
for i in range(n):
    print(f'''job "svc-{i}" {{
  name   = format("%s-%04d", "svc", {i})
  region = lookup({{eu = "europe", us = "america"}}, "{"eu" if i % 2 else "us"}", "global")
  tags   = [for t in split(",", "web, api ,edge,v{i % 7}"): upper(trimspace(t))]
  meta   = merge({{owner = "team-{i % 13}", tier = "gold"}}, {{for k in range(4): "k${{k}}" => format("%d", k * {i})}})
  image  = "${{lower("REGISTRY.EXAMPLE")}}/${{replace("svc_{i}_app", "_", "-")}}:${{join(".", ["1", "{i % 10}", "0"])}}"
  ports  = [for p in range(3): p + 8000 + {i}]
  env    = jsonencode({{NAME = title("service {i}"), COUNT = length(["a", "b", "c"]), ON = tobool("true")}})
  cpu    = max(100, {i} * 10, ceil({i} / 3))
  dcs    = formatlist("dc-%s", ["a", "b"])
  slug   = regex_replace(lower("Svc {i} Main"), "[^a-z0-9]+", "-")
  limits = {{for k, v in zipmap(["cpu", "mem"], [{i}, {i * 2}]): k => v * 2 if v >= 0}}
}}''')
EOF

echo "config: $(wc -c < "$dir/config.hcl") bytes, $jobs jobs"
"$ours" --spec="$dir/spec.hcldec" --functions=stdlib "$dir/config.hcl" > "$dir/ours.json"
"$ref" --spec="$dir/spec.hcldec" --x-functions "$dir/config.hcl" > "$dir/ref.json"
python3 - "$dir/ours.json" "$dir/ref.json" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a == b, "outputs differ"
print("outputs identical")
EOF

python3 - "$ours" "$ref" "$dir" "$runs" <<'EOF'
import statistics, subprocess, sys, time
ours, ref, d, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
cmds = {
    "ours": [ours, f"--spec={d}/spec.hcldec", "--functions=stdlib", f"{d}/config.hcl"],
    "ref": [ref, f"--spec={d}/spec.hcldec", "--x-functions", f"{d}/config.hcl"],
}
times = {k: [] for k in cmds}
for _ in range(runs):
    for k, c in cmds.items():
        t = time.perf_counter()
        subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
        times[k].append(time.perf_counter() - t)
m = {k: statistics.median(v) for k, v in times.items()}
print(f"ours {m['ours']*1000:.1f} ms, hcldec-ext {m['ref']*1000:.1f} ms, ratio {m['ours']/m['ref']:.3f}")
EOF
