#!/usr/bin/env bash
# Runs a command with the toolchain this project needs, installing what is missing into a cache outside the repo:
#   - Node.js >= 22.19 (Node 24 LTS from the npm registry when the machine's node is older);
#   - a pulumi CLI with a Node.js language host: the one on PATH when it has both, otherwise pulumi v$PULUMI_VERSION
#     built from Go modules (tools/pulumi-cli) together with our own minimal language host;
#   - streamkap-schema (tools/pulumi-cli/cmd/streamkap-schema): Pulumi's own schema binder and SDK generators, to
#     check schema.json and generate the SDKs of other languages; built from Go modules when Go is installed;
#   - pulumi-dotnet-gen (tools/pulumi-dotnet-gen): Pulumi's C# SDK generator, which newer Pulumi modules no longer
#     carry, from an older release; built from Go modules when Go is installed;
#   - pulumi-language-yaml (tools/pulumi-yaml), Pulumi YAML's language host, for YAML programs through the provider
#     plugin: the one on PATH, else built from Go modules when Go is installed; and yaml-examples from the same
#     module, which writes the schema's examples in YAML;
#   - pulumi-language-go, a Go language host for Go programs through the provider plugin (examples/go): the one on
#     PATH, else our own minimal one (tools/pulumi-cli/cmd/pulumi-language-go) built from Go modules when Go is
#     installed;
#   - pulumi-language-python, a Python language host for Python programs through the provider plugin
#     (examples/python): the one on PATH, else our own minimal one (tools/pulumi-cli/cmd/pulumi-language-python)
#     built from Go modules when Go is installed;
#   - pulumi-docs-gen (tools/pulumi-docs-gen): the Pulumi Registry's API docs generator, from an older pkg release,
#     to render schema.json's pages in a test; built from Go modules when Go is installed;
#   - actionlint (tools/actionlint), the GitHub Actions workflow checker, to check .github/workflows; built from Go
#     modules when Go is installed;
#   - gomodzip (tools/pulumi-cli/cmd/gomodzip): the Go SDK's module zip for the release's Go module proxy, made by
#     golang.org/x/mod/zip as the go command makes it; built from Go modules when Go is installed;
#   - hclread (tools/pulumi-cli/cmd/hclread): HashiCorp's HCL parser, to read the files from-terraform writes for
#     Terraform as Terraform reads them; built from Go modules when Go is installed;
#   - pulumi-converter-terraform (tools/pulumi-converter-terraform): Pulumi's Terraform converter plugin, a release
#     unmodified, which `pulumi convert --from terraform` runs; built from Go modules when Go is installed;
#   - rcodesign (crates.io's apple-codesign), which signs the release's macOS plugin executables on any platform;
#     built with cargo when Rust is installed;
#   - chromium, Debian's headless browser for the web console's tests (tests/harness/browser.ts drives it with
#     playwright-core): /usr/bin/chromium, else installed with apt-get when this runs as root.
# A second run finds everything in the cache and takes well under a second.
# Usage: scripts/toolchain.sh [--for demo|bench|console|generate|release|test] <command> [args…]
#   --print-env instead of a command prints the exports; --list prints the steps of that profile and installs nothing.
set -euo pipefail

# What each command uses, so that it builds nothing else: package.json's scripts name theirs with `--for`
# (`--for demo`: Node and pulumi with its Node host, which the quickstart runs on). Without `--for`, everything.
declare -A PROFILES=(
  [demo]="node pulumi"
  [bench]="node pulumi"
  [console]="node pulumi chromium"
  [generate]="node pulumi schema_tool dotnet_gen yaml_examples"
  [release]="node pulumi schema_tool dotnet_gen gomodzip rcodesign"
  [test]="node pulumi schema_tool dotnet_gen yaml_host yaml_examples docs_gen go_host python_host actionlint gomodzip hclread tf_converter rcodesign chromium"
)
PROFILE=test
if [ "${1:-}" = "--for" ]; then
  PROFILE="${2:-}"
  shift 2 || true
fi
if [ -z "${PROFILES[$PROFILE]+set}" ]; then
  echo "[toolchain] error: unknown --for '$PROFILE': one of ${!PROFILES[*]}" >&2
  exit 2
fi
STEPS="${PROFILES[$PROFILE]}"
# `--list` names the steps the command would take, installing nothing (tests/unit/toolchain-profiles.test.ts).
if [ "${1:-}" = "--list" ]; then
  echo "$STEPS"
  exit 0
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${PULUMI_STREAMKAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-streamkap}"
NODE_VERSION=24.21.0
PULUMI_VERSION="$(sed -n 's#^[[:space:]]*github.com/pulumi/pulumi/pkg/v3 v\([0-9.]*\)$#\1#p' "$ROOT/tools/pulumi-cli/go.mod")"
MIN_PULUMI_MINOR=139 # 3.139 added `configure` for dynamic providers, which carries our credentials

log() { echo "[toolchain] $*" >&2; }
fail() {
  echo "[toolchain] error: $*" >&2
  exit 1
}

# One installer at a time; a second caller waits and then finds the cache ready. Whoever holds the lock writes
# "pid started-at" beside it, so a caller that has to wait can say for whom and since when.
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
  holder="holder unknown"
  read -r holder_pid holder_since _ <"$CACHE/.lock.owner" 2>/dev/null || true
  if [ -n "${holder_pid:-}" ] && kill -0 "$holder_pid" 2>/dev/null; then
    holder="pid $holder_pid, holding the lock since ${holder_since:-an unknown time}"
  fi
  log "waiting for another toolchain run ($holder) to finish with $CACHE; when it builds tools from Go modules, that can take several minutes"
  waited_from=$SECONDS
  flock 9
  log "got the toolchain lock after $((SECONDS - waited_from)) s"
fi
echo "$$ $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$CACHE/.lock.owner.$$" && mv -f "$CACHE/.lock.owner.$$" "$CACHE/.lock.owner"

# The package needs Node 22.19 (undici 8's engines; provider/node-version.ts, package.json's engines); as one number.
node_level() { "$1" -p 'const [a, b] = process.versions.node.split(".").map(Number); a * 1000 + b' 2>/dev/null || echo 0; }

ensure_node() {
  if command -v node >/dev/null && [ "$(node_level node)" -ge 22019 ]; then
    return
  fi
  local os arch home
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) fail "unsupported OS $(uname -s): install Node.js 22.19+ yourself" ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) fail "unsupported CPU $(uname -m): install Node.js 22.19+ yourself" ;; esac
  home="$CACHE/node-$NODE_VERSION"
  if [ ! -x "$home/bin/node" ]; then
    log "node $(node --version 2>/dev/null || echo 'is missing') is older than 22.19: fetching Node $NODE_VERSION (npm package node-$os-$arch) into $home"
    local tmp
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-$os-$arch@$NODE_VERSION" >/dev/null) || fail "could not fetch node-$os-$arch@$NODE_VERSION from the npm registry; install Node.js 22.19+ and retry"
    mkdir -p "$tmp/x"
    tar xzf "$tmp"/node-*.tgz -C "$tmp/x" --strip-components=1
    rm -rf "$home" && mv "$tmp/x" "$home" && rm -rf "$tmp"
  fi
  export PATH="$home/bin:$PATH"
}

pulumi_is_usable() { # $1: directory holding pulumi
  local dir="$1" version minor
  [ -x "$dir/pulumi" ] || return 1
  [ -x "$dir/pulumi-language-nodejs" ] || command -v pulumi-language-nodejs >/dev/null || return 1
  version="$("$dir/pulumi" version 2>/dev/null)" || return 1
  minor="$(echo "$version" | sed -n 's/^v3\.\([0-9]*\)\..*/\1/p')"
  [ -n "$minor" ] && [ "$minor" -ge "$MIN_PULUMI_MINOR" ]
}

tools_fingerprint() { cat "$ROOT/tools/pulumi-cli/go.mod" "$ROOT/tools/pulumi-cli/go.sum" "$ROOT"/tools/pulumi-cli/cmd/pulumi-language-nodejs/*.go "$ROOT"/tools/pulumi-cli/internal/*/*.go | cksum | cut -d' ' -f1; }
# One Go program of a module under tools/, built into $1 when its fingerprint (the files after the first five
# arguments) changed: $2 the module, $3 the package, $4 what to call it, $5 how long a build from a cold Go cache
# takes on 2 cores (for the log line; with a warm cache it takes seconds). Without Go it answers 1 and builds
# nothing (the tests that need the program say so and fail).
ensure_go_tool() {
  local dir="$1" module="$2" package="$3" label="$4" estimate="$5" fingerprint started=$SECONDS
  shift 5
  fingerprint="$(cat "$@" | cksum | cut -d' ' -f1)"
  if [ "$(cat "$dir/.fingerprint" 2>/dev/null)" = "$fingerprint" ] && [ -x "$dir/$(basename "$package")" ]; then
    return 0
  fi
  command -v go >/dev/null || return 1
  log "building $label from Go modules into $dir (one-time: $estimate on 2 cores from a cold Go cache; rebuilds take seconds)"
  mkdir -p "$dir"
  (
    cd "$module"
    export GOMODCACHE="$CACHE/gomod" GOCACHE="$CACHE/gobuild" GOFLAGS="-trimpath -mod=readonly" CGO_ENABLED=0
    go build -ldflags "-s -w" -o "$dir/" "$package"
  ) || fail "building $label from Go modules failed (see above)"
  echo "$fingerprint" >"$dir/.fingerprint"
  log "built $(basename "$package") in $((SECONDS - started)) s"
}

# streamkap-schema: Pulumi's schema binder and SDK generators.
ensure_schema_tool() {
  local module="$ROOT/tools/pulumi-cli" dir="$CACHE/streamkap-schema"
  ensure_go_tool "$dir" "$module" ./cmd/streamkap-schema "streamkap-schema (Pulumi's schema binder and SDK generators)" \
    "up to about 5 minutes" \
    "$module/go.mod" "$module/go.sum" "$module"/cmd/streamkap-schema/*.go || return 0
  export PULUMI_STREAMKAP_SCHEMA_TOOL="$dir/streamkap-schema"
}

# pulumi-dotnet-gen: Pulumi's C# generator, from an older pulumi/pkg (tools/pulumi-dotnet-gen/go.mod says why).
ensure_dotnet_gen() {
  local module="$ROOT/tools/pulumi-dotnet-gen" dir="$CACHE/pulumi-dotnet-gen"
  ensure_go_tool "$dir" "$module" pulumi-streamkap.local/tools/pulumi-dotnet-gen "pulumi-dotnet-gen (Pulumi's C# SDK generator)" \
    "about 1–3 minutes" \
    "$module/go.mod" "$module/go.sum" "$module"/*.go || return 0
  export PULUMI_STREAMKAP_DOTNET_GEN="$dir/pulumi-dotnet-gen"
}

# Pulumi YAML's language host, beside the CLI on PATH: the one on PATH, else ours.
ensure_yaml_host() {
  command -v pulumi-language-yaml >/dev/null && return 0
  local module="$ROOT/tools/pulumi-yaml" dir="$CACHE/pulumi-yaml"
  ensure_go_tool "$dir" "$module" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml \
    "pulumi-language-yaml (Pulumi YAML)" "about 1–2 minutes" "$module/go.mod" "$module/go.sum" || return 0
  export PATH="$dir:$PATH"
}

# yaml-examples: the schema's examples in YAML, with Pulumi YAML's own program generator (scripts/gen-schema).
ensure_yaml_examples() {
  local module="$ROOT/tools/pulumi-yaml" dir="$CACHE/yaml-examples"
  ensure_go_tool "$dir" "$module" ./cmd/yaml-examples "yaml-examples (Pulumi YAML's program generator)" \
    "about 1–2 minutes" "$module/go.mod" "$module/go.sum" "$module"/cmd/yaml-examples/*.go || return 0
  export PULUMI_STREAMKAP_YAML_EXAMPLES="$dir/yaml-examples"
}

# pulumi-docs-gen: the Registry's API docs generator, to render schema.json's pages (tests/generated/registry-docs.test.ts).
ensure_docs_gen() {
  local module="$ROOT/tools/pulumi-docs-gen" dir="$CACHE/pulumi-docs-gen"
  ensure_go_tool "$dir" "$module" pulumi-streamkap.local/tools/pulumi-docs-gen "pulumi-docs-gen (the Registry's docs generator)" \
    "about 1–3 minutes" "$module/go.mod" "$module/go.sum" "$module"/*.go || return 0
  export PULUMI_STREAMKAP_DOCS_GEN="$dir/pulumi-docs-gen"
}

# A Go language host, beside the CLI on PATH: the one on PATH (a pulumi install bundles it), else ours, since the
# upstream one's module is not served by the Go module proxy these machines reach.
ensure_go_host() {
  command -v pulumi-language-go >/dev/null && return 0
  local module="$ROOT/tools/pulumi-cli" dir="$CACHE/pulumi-language-go"
  ensure_go_tool "$dir" "$module" ./cmd/pulumi-language-go "pulumi-language-go (our minimal Go language host)" \
    "up to about 5 minutes" \
    "$module/go.mod" "$module/go.sum" "$module"/cmd/pulumi-language-go/*.go "$module"/internal/*/*.go || return 0
  export PATH="$dir:$PATH"
}

# A Python language host, beside the CLI on PATH: the one on PATH (a pulumi install bundles it), else ours, since
# the upstream one's module is not served by the Go module proxy these machines reach.
ensure_python_host() {
  command -v pulumi-language-python >/dev/null && return 0
  local module="$ROOT/tools/pulumi-cli" dir="$CACHE/pulumi-language-python"
  ensure_go_tool "$dir" "$module" ./cmd/pulumi-language-python "pulumi-language-python (our minimal Python language host)" \
    "up to about 5 minutes" \
    "$module/go.mod" "$module/go.sum" "$module"/cmd/pulumi-language-python/*.go "$module"/cmd/pulumi-language-python/*.py \
    "$module"/internal/*/*.go || return 0
  export PATH="$dir:$PATH"
}

# actionlint: the checker of .github/workflows (tests/generated/workflows.test.ts).
ensure_actionlint() {
  local module="$ROOT/tools/actionlint" dir="$CACHE/actionlint"
  ensure_go_tool "$dir" "$module" github.com/rhysd/actionlint/cmd/actionlint "actionlint (GitHub Actions workflow checker)" \
    "about 1 minute" \
    "$module/go.mod" "$module/go.sum" || return 0
  export PULUMI_STREAMKAP_ACTIONLINT="$dir/actionlint"
}

# gomodzip: the module zip of the Go SDK for the release's module proxy (scripts/go-module-proxy.ts).
ensure_gomodzip() {
  local module="$ROOT/tools/pulumi-cli" dir="$CACHE/gomodzip"
  ensure_go_tool "$dir" "$module" ./cmd/gomodzip "gomodzip (golang.org/x/mod/zip's module zip writer)" \
    "under a minute" \
    "$module/go.mod" "$module/go.sum" "$module"/cmd/gomodzip/*.go || return 0
  export PULUMI_STREAMKAP_GOMODZIP="$dir/gomodzip"
}

# hclread: HCL read by github.com/hashicorp/hcl/v2, Terraform's own parser, to hold the files from-terraform writes
# for Terraform (removed blocks, state rm addresses) to what Terraform reads from them (tests/harness/hcl.ts).
ensure_hclread() {
  local module="$ROOT/tools/pulumi-cli" dir="$CACHE/hclread"
  ensure_go_tool "$dir" "$module" ./cmd/hclread "hclread (HashiCorp's HCL parser, as Terraform reads files)" \
    "under a minute" \
    "$module/go.mod" "$module/go.sum" "$module"/cmd/hclread/*.go || return 0
  export PULUMI_STREAMKAP_HCLREAD="$dir/hclread"
}

# pulumi-converter-terraform: Pulumi's Terraform converter plugin, which `pulumi convert --from terraform` runs from
# PATH (tools/pulumi-converter-terraform/go.mod says which release and why). It leaves the version it reports unset:
# the release stamps pkg/version.Version, which no package of the converter imports.
ensure_tf_converter() {
  local module="$ROOT/tools/pulumi-converter-terraform" dir="$CACHE/pulumi-converter-terraform"
  ensure_go_tool "$dir" "$module" github.com/pulumi/pulumi-converter-terraform/cmd/pulumi-converter-terraform \
    "pulumi-converter-terraform (Pulumi's Terraform converter)" "about 3 minutes" \
    "$module/go.mod" "$module/go.sum" "$module"/shim/* || return 0
  export PULUMI_STREAMKAP_TF_CONVERTER="$dir/pulumi-converter-terraform"
}

# rcodesign: ad-hoc signs the macOS plugin executables of `npm run release` (scripts/release.ts). Built from the
# crate's own lockfile, without the notarization features (which pull in an AWS SDK); a maintainer signing with a
# Developer ID uses the same binary (docs/releases.md).
RCODESIGN_VERSION=0.29.0
ensure_rcodesign() {
  local dir="$CACHE/rcodesign-$RCODESIGN_VERSION" started=$SECONDS
  if [ ! -x "$dir/bin/rcodesign" ]; then
    command -v cargo >/dev/null || return 0
    log "building rcodesign $RCODESIGN_VERSION with cargo into $dir (one-time: about 5 minutes on 2 cores)"
    cargo install --quiet --locked --no-default-features apple-codesign@"$RCODESIGN_VERSION" --root "$dir.building" \
      || fail "building rcodesign with cargo failed (see above)"
    rm -rf "$dir" && mv "$dir.building" "$dir"
    log "built rcodesign in $((SECONDS - started)) s"
  fi
  export PULUMI_STREAMKAP_RCODESIGN="$dir/bin/rcodesign"
}

# Debian's Chromium, for the console tests (tests/harness/browser.ts): installed here rather than from a test, so
# that only this step runs apt-get, once, under the lock. Where it cannot be installed (not root, no apt-get, no
# network) the toolchain goes on: only the console tests need it, and they fail saying how to get it.
ensure_chromium() {
  local chromium=/usr/bin/chromium
  if [ -n "${PULUMI_STREAMKAP_CHROMIUM:-}" ] && [ -x "$PULUMI_STREAMKAP_CHROMIUM" ]; then
    return 0
  fi
  if [ ! -x "$chromium" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing Debian's chromium with apt-get (the web console's tests drive it; one-time: about 1–2 minutes)"
    # stdout to stderr: `--print-env`'s stdout is evaluated by the caller.
    if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >&2; then
      log "installing chromium failed (see above); the console tests will fail until it is installed"
    fi
  fi
  if [ -x "$chromium" ]; then
    export PULUMI_STREAMKAP_CHROMIUM="$chromium"
  fi
  return 0
}

build_pulumi() { # $1: bin directory to fill
  local bin="$1"
  command -v go >/dev/null || fail "no pulumi CLI on PATH and no Go toolchain to build one.
  Install either the pulumi CLI (https://www.pulumi.com/docs/install/, 3.$MIN_PULUMI_MINOR or newer, with its bundled
  pulumi-language-nodejs) or Go 1.25+ (https://go.dev/dl/), then run this command again."
  log "building pulumi v$PULUMI_VERSION and its Node.js language host from Go modules into $bin"
  log "(first time only: about 5–15 minutes on 2 cores, and a few hundred MB of module downloads; other toolchain runs wait for it)"
  local started=$SECONDS
  mkdir -p "$bin"
  (
    cd "$ROOT/tools/pulumi-cli"
    export GOMODCACHE="$CACHE/gomod" GOCACHE="$CACHE/gobuild" GOFLAGS="-trimpath -mod=readonly" CGO_ENABLED=0
    go build -tags osusergo,grpcnotrace \
      -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
      -o "$bin/" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
    go build -ldflags "-s -w -X main.version=$PULUMI_VERSION" -o "$bin/" ./cmd/pulumi-language-nodejs
  ) || fail "building pulumi from Go modules failed (see above)"
  tools_fingerprint >"$bin/.fingerprint"
  log "built in $((SECONDS - started)) s"
}

ensure_pulumi() {
  if command -v pulumi >/dev/null && pulumi_is_usable "$(dirname "$(command -v pulumi)")"; then
    PULUMI_BIN_DIR="$(dirname "$(command -v pulumi)")"
  else
    PULUMI_BIN_DIR="$CACHE/pulumi/$PULUMI_VERSION/bin"
    if ! pulumi_is_usable "$PULUMI_BIN_DIR" || [ "$(cat "$PULUMI_BIN_DIR/.fingerprint" 2>/dev/null)" != "$(tools_fingerprint)" ]; then
      build_pulumi "$PULUMI_BIN_DIR"
    fi
    export PATH="$PULUMI_BIN_DIR:$PATH"
  fi
  # The engine runs dynamic providers through this shim; it must sit beside pulumi or it tries to download one.
  local shim="$ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ ! -x "$PULUMI_BIN_DIR/pulumi-resource-pulumi-nodejs" ] && ! command -v pulumi-resource-pulumi-nodejs >/dev/null; then
    [ -f "$shim" ] || fail "node_modules is missing: run \`npm ci\` first"
    install -m 0755 "$shim" "$PULUMI_BIN_DIR/pulumi-resource-pulumi-nodejs"
  fi
  export PULUMI_STREAMKAP_PULUMI_BIN="$PULUMI_BIN_DIR"
}


for step in $STEPS; do "ensure_$step"; done
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true

if [ "${1:-}" = "--print-env" ]; then
  echo "export PATH=\"$PATH\""
  echo "export PULUMI_STREAMKAP_PULUMI_BIN=\"$PULUMI_STREAMKAP_PULUMI_BIN\""
  echo "export PULUMI_STREAMKAP_SCHEMA_TOOL=\"${PULUMI_STREAMKAP_SCHEMA_TOOL:-}\""
  echo "export PULUMI_STREAMKAP_DOTNET_GEN=\"${PULUMI_STREAMKAP_DOTNET_GEN:-}\""
  echo "export PULUMI_STREAMKAP_YAML_EXAMPLES=\"${PULUMI_STREAMKAP_YAML_EXAMPLES:-}\""
  echo "export PULUMI_STREAMKAP_DOCS_GEN=\"${PULUMI_STREAMKAP_DOCS_GEN:-}\""
  echo "export PULUMI_STREAMKAP_ACTIONLINT=\"${PULUMI_STREAMKAP_ACTIONLINT:-}\""
  echo "export PULUMI_STREAMKAP_GOMODZIP=\"${PULUMI_STREAMKAP_GOMODZIP:-}\""
  echo "export PULUMI_STREAMKAP_HCLREAD=\"${PULUMI_STREAMKAP_HCLREAD:-}\""
  echo "export PULUMI_STREAMKAP_TF_CONVERTER=\"${PULUMI_STREAMKAP_TF_CONVERTER:-}\""
  echo "export PULUMI_STREAMKAP_RCODESIGN=\"${PULUMI_STREAMKAP_RCODESIGN:-}\""
  echo "export PULUMI_STREAMKAP_CHROMIUM=\"${PULUMI_STREAMKAP_CHROMIUM:-}\""
  exit 0
fi
exec 9>&- # release the lock before handing over
exec "$@"
