#!/usr/bin/env python3
"""Differential test of our hclfmt against HashiCorp's (RECORDER ONLY: needs the Go builds).

Runs `hclfmt FILE` with ours and with the reference on every HCL input of the conformance
corpus (tests/conformance/**/{*.hcl,*.hcldec,*.t}) and of examples/ (**/*.hcl, *.hcldec),
compares standard output and exit status, and prints a summary (and the differing files).

    scripts/compare-hclfmt.py [--ours PATH] [--ref PATH] [--latest PATH] [--record]

--ref     the v2.14.1 reference hclfmt (default /tmp/refhcl/hclfmt, built beside the
          reference hcldec by shared/tools/reference-hcldec.sh);
--latest  a v2.24.0 hclfmt (default /tmp/reflatest/hclfmt, scripts/reference-latest.sh);
          where the two references disagree, ours must match the v2.24 one.
--record  writes tests/data/hclfmt/expected.tsv: for each input, the v2.24 reference's
          output as "unchanged" or a file under tests/data/hclfmt/out/ (hashed name), which
          tests/tests/hclfmt.rs checks without Go.
"""
import argparse, hashlib, os, subprocess, sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--ours", default=os.environ.get("CARGO_TARGET_DIR", str(root / "target")) + "/release/hclfmt")
ap.add_argument("--ref", default="/tmp/refhcl/hclfmt")
ap.add_argument("--latest", default="/tmp/reflatest/hclfmt")
ap.add_argument("--record", action="store_true")
ap.add_argument("-v", action="store_true")
ap.add_argument("--mangled", metavar="DIR", help="also compare on variants of every input "
                "with their spacing mangled (indentation stripped, tabs, CRLF, spaces doubled or "
                "dropped), plus tests/adversarial and the fuzz seeds, written to DIR (not recorded)")
a = ap.parse_args()

def inputs():
    out = []
    for base, pats in ((root / "tests/conformance", ("*.hcl", "*.hcldec", "*.t")),
                       (root / "examples", ("*.hcl", "*.hcldec"))):
        for p in pats:
            out += base.rglob(p)
    return sorted(set(out))

def run(exe, path):
    r = subprocess.run([exe, str(path)], capture_output=True, timeout=60)
    return r.returncode, r.stdout

files = inputs()
data = root / "tests/data/hclfmt"

def mangle(b):
    """Variants of b with its spacing mangled (their meaning may change; only the formatter's
    output matters)."""
    lines = b.split(b"\n")
    yield b"\n".join(l.lstrip(b" \t") for l in lines)
    yield b"\r\n".join(b"\t" * (len(l) - len(l.lstrip(b" "))) + l.lstrip(b" ") for l in lines)
    yield b.replace(b" ", b"  ")
    yield re.sub(rb" *([=,:?]) *", rb"\1", b)
    yield re.sub(rb"([=({\[,]) *", rb"\1 ", b.replace(b" = ", b"=")).replace(b"\n", b"  \n")

import re
if a.record:
    # Mangled variants of the examples are recorded too (realistic files, badly spaced).
    (data / "mangled").mkdir(parents=True, exist_ok=True)
    for old in (data / "mangled").iterdir():
        old.unlink()
    for f in files:
        if f.is_relative_to(root / "examples"):
            stem = "-".join(f.relative_to(root / "examples").parts)
            for j, m in enumerate(mangle(f.read_bytes())):
                (data / "mangled" / f"{stem}.{j}").write_bytes(m)
    files += sorted((data / "mangled").iterdir())
if a.mangled:
    out = Path(a.mangled)
    out.mkdir(parents=True, exist_ok=True)
    extra = sorted((root / "tests/adversarial").rglob("*.hcl")) + sorted((root / "fuzz/seeds").rglob("*"))
    extra = [e for e in extra if e.is_file()]
    for i, f in enumerate(files + extra):
        b = f.read_bytes()
        for j, m in enumerate(mangle(b)):
            (out / f"{i:04}-{j}-{f.name}").write_bytes(m)
    files = sorted(out.iterdir())

def relname(f):
    try:
        return f.relative_to(root)
    except ValueError:
        return f
stats = {"files": len(files), "ref_formats": 0, "match_ref": 0, "match_latest": 0,
         "ref_differs_latest": 0, "changed_by_ref": 0}
diffs = []
records = []
for f in files:
    rel = relname(f)
    ours = run(a.ours, f)
    ref = run(a.ref, f)
    latest = run(a.latest, f) if os.path.exists(a.latest) else ref
    if ref[0] == 0:
        stats["ref_formats"] += 1
    if ref[1] != f.read_bytes():
        stats["changed_by_ref"] += 1
    if ref != latest:
        stats["ref_differs_latest"] += 1
        if a.v:
            print(f"v2.14.1 and v2.24 differ on {rel}")
    if ours == ref:
        stats["match_ref"] += 1
    if ours == latest:
        stats["match_latest"] += 1
    else:
        diffs.append(str(rel))
    records.append((str(rel), latest))

for k, v in stats.items():
    print(f"{k}: {v}")
for d in diffs:
    print(f"DIFFERS: {d}")
if a.record:
    (data / "out").mkdir(parents=True, exist_ok=True)
    for old in (data / "out").iterdir():
        old.unlink()
    lines = ["# input\texit status\texpected output (\"unchanged\" or a file under out/)\n",
             "# Recorded by scripts/compare-hclfmt.py --record from HashiCorp's hclfmt (HCL v2.24.0).\n"]
    for rel, (code, out) in records:
        if out == (root / rel).read_bytes():
            exp = "unchanged"
        else:
            exp = hashlib.sha256(out).hexdigest()[:16] + ".hcl"
            (data / "out" / exp).write_bytes(out)
        lines.append(f"{rel}\t{code}\t{exp}\n")
    (data / "expected.tsv").write_text("".join(lines))
sys.exit(1 if diffs else 0)
