#!/usr/bin/env bash
# RECORDER ONLY. Builds a "latest" reference hcldec (HashiCorp's Go implementation), its
# hcldec-ext variant and hclfmt, for recording tests/conformance/cases-latest; prints the hcldec path
# (hcldec-ext is beside it), so that it can stand in for shared/tools/reference-hcldec.sh:
#
#   REF=scripts/reference-latest.sh /work/shared/tools/record-cases.sh tests/conformance/cases-latest/dialects
#
# The project's tests never need Go: they compare against the recorded expected.* files.
#
# What it builds (into ${REF_DIR:-/tmp/reflatest}):
#   hcl v2.24.0, go-cty v1.16.3, go-cty-yaml v1.2.0, go-textseg v15.0.0 (git tags of the
#   repositories given below), with Debian's Go 1.23 (golang-1.23-go, bookworm-backports) and
#   Debian's packages of pflag, agext/levenshtein, mitchellh/go-wordwrap, go-cmp and
#   golang.org/x/text, x/term, x/sys.
#   Go 1.22+ matters: regexp/syntax accepts (?<name>...) and encoding/json writes \b and \f
#   since Go 1.22.
# cmd/hcldec is patched exactly as shared/tools/reference-hcldec.sh patches it (the two CLI
# registration fixes where they still apply, and shared/tools/reference-ext/ext.go for
# --x-functions / --x-dynblock / optional()).
#
# The Go module proxy does not resolve on the project's machines, so this builds in GOPATH
# mode from sources at pinned tags instead of a go.mod: each repository is a git directory
# (a bare mirror or a clone) named by an environment variable:
#   HCL_GIT      hashicorp/hcl            (default /work/.mirror/hashicorp+hcl/repo)
#   CTY_GIT      zclconf/go-cty           (default /work/.mirror/zclconf+go-cty/repo)
#   CTY_YAML_GIT zclconf/go-cty-yaml      (default /work/.mirror/zclconf+go-cty-yaml/repo)
#   TEXTSEG_GIT  apparentlymart/go-textseg (default /work/.mirror/apparentlymart+go-textseg/repo)
#   EXT_GO       ext.go of the reference   (default /work/shared/tools/reference-ext/ext.go)
set -euo pipefail
REF_DIR=${REF_DIR:-/tmp/reflatest}
HCL_GIT=${HCL_GIT:-/work/.mirror/hashicorp+hcl/repo}
CTY_GIT=${CTY_GIT:-/work/.mirror/zclconf+go-cty/repo}
CTY_YAML_GIT=${CTY_YAML_GIT:-/work/.mirror/zclconf+go-cty-yaml/repo}
TEXTSEG_GIT=${TEXTSEG_GIT:-/work/.mirror/apparentlymart+go-textseg/repo}
EXT_GO=${EXT_GO:-/work/shared/tools/reference-ext/ext.go}
HCL_TAG=v2.24.0 CTY_TAG=v1.16.3 CTY_YAML_TAG=v1.2.0 TEXTSEG_TAG=v15.0.0

if [ -x "$REF_DIR/hcldec" ] && [ -x "$REF_DIR/hcldec-ext" ] && [ -x "$REF_DIR/hclfmt" ]; then echo "$REF_DIR/hcldec"; exit 0; fi

GO=/usr/lib/go-1.23/bin/go
debs=(golang-1.23-go golang-github-spf13-pflag-dev golang-github-agext-levenshtein-dev
  golang-github-mitchellh-go-wordwrap-dev golang-golang-x-text-dev golang-github-google-go-cmp-dev
  golang-golang-x-term-dev golang-golang-x-sys-dev)
if [ ! -x "$GO" ] || ! dpkg -s "${debs[@]}" >/dev/null 2>&1; then
  # golang-1.23-go is in bookworm-backports: add that suite beside the configured one.
  if ! apt-cache policy golang-1.23-go 2>/dev/null | grep -q Candidate: ||
     apt-cache policy golang-1.23-go | grep -q 'Candidate: (none)'; then
    src=/etc/apt/sources.list.d/debian.sources
    sed -n '1,/^$/p' "$src" | sed 's/^Suites:.*/Suites: bookworm-backports/; /^#/d' \
      > /etc/apt/sources.list.d/bookworm-backports.sources
  fi
  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y -t bookworm-backports "${debs[@]}") >&2
fi

gopath="$REF_DIR/gopath"
rm -rf "$gopath" && mkdir -p "$gopath/src"
extract() { # git-dir tag destination
  mkdir -p "$gopath/src/$3"
  git --git-dir="$1" archive "$2" | tar -x -C "$gopath/src/$3"
}
extract "$HCL_GIT" "$HCL_TAG" github.com/hashicorp/hcl/v2
extract "$CTY_GIT" "$CTY_TAG" github.com/zclconf/go-cty
extract "$CTY_YAML_GIT" "$CTY_YAML_TAG" github.com/zclconf/go-cty-yaml
extract "$TEXTSEG_GIT" "$TEXTSEG_TAG" github.com/apparentlymart/go-textseg/v15
# go-textseg's repository keeps each major version in a folder of its own.
if [ -d "$gopath/src/github.com/apparentlymart/go-textseg/v15/v15" ]; then
  mv "$gopath/src/github.com/apparentlymart/go-textseg/v15" "$gopath/src/github.com/apparentlymart/ts"
  mv "$gopath/src/github.com/apparentlymart/ts/v15" "$gopath/src/github.com/apparentlymart/go-textseg/"
  rm -rf "$gopath/src/github.com/apparentlymart/ts"
fi
grep -q "github.com/apparentlymart/go-textseg/v15" "$gopath/src/github.com/apparentlymart/go-textseg/v15/go.mod"

hcl="$gopath/src/github.com/hashicorp/hcl/v2"
spec="$hcl/cmd/hcldec/spec.go"
grep -q '"block_attrs",' "$spec" || sed -i 's/^\t"transform",$/\t"transform",\n\t"block_attrs",/' "$spec"
awk '/^func decodeDefaultSpec/{f=1} f && /content.Blocks\[1\].DefRange/ && !done {sub(/Blocks\[1\]/,"Blocks[0]"); done=1} {print}' "$spec" > "$spec.new" && mv "$spec.new" "$spec"

export GOPATH="$gopath:/usr/share/gocode" GO111MODULE=off GOCACHE="$REF_DIR/gocache" GOFLAGS= GOTOOLCHAIN=local
"$GO" build -o "$REF_DIR/hcldec" github.com/hashicorp/hcl/v2/cmd/hcldec >&2
# hclfmt too, unpatched: the v2.24 oracle of scripts/compare-hclfmt.py.
"$GO" build -o "$REF_DIR/hclfmt" github.com/hashicorp/hcl/v2/cmd/hclfmt >&2

ext="$gopath/src/hcldec-ext"
rm -rf "$ext" && cp -r "$hcl/cmd/hcldec" "$ext"
cp "$EXT_GO" "$ext/"
main="$ext/main.go"
perl -0pi -e 's/(\tfor name, f := range specContent.Functions \{\n\t\tctx.Functions\[name\] = f\n\t\})/$1\n\taddExtFunctions(ctx)/' "$main"
perl -0pi -e 's/(\t\tvars := )hcldec.Variables\(body, spec\)/$1extVariables(body, spec)/; s/(\tval, decDiags := hcldec.Decode\(body, spec, ctx\))/\tbody = extBody(body, ctx)\n$1/' "$main"
spec_go="$ext/spec.go"
perl -0pi -e 's/spec.Type, typeDiags = evalTypeExpr\(args.Type\)\n(.*?)\treturn spec, diags\n\}/spec.Type, typeDiags = extEvalTypeExpr(args.Type)\n$1\treturn extWrapAttr(spec, args.Type), diags\n}/s' "$spec_go"
grep -q 'extWrapAttr(spec, args.Type)' "$spec_go" &&
grep -q 'addExtFunctions(ctx)' "$main" && grep -q 'extBody(body, ctx)' "$main" && grep -q 'extVariables(body, spec)' "$main" || { echo "reference-ext: patch did not apply" >&2; exit 1; }
(cd "$ext" && "$GO" build -o "$REF_DIR/hcldec-ext" .) >&2
echo "$REF_DIR/hcldec"
