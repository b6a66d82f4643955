#!/usr/bin/env bash
# Publishes one release of Balancer Lens, the steps of docs/releasing.md: the npm package, the
# GitHub Action's vX.Y.Z tag and its major tag (a commit off main that adds the action's bundle,
# action/dist, which main never holds), and the .vsix to the VS Code Marketplace and Open VSX.
#
#   scripts/release.sh X.Y.Z [--dry-run]
#
# It checks first (on main, a clean tree, a new version, a CHANGELOG "## Unreleased" section with
# something in it, the tests pass), then releases locally (the CHANGELOG section named, the version
# set, the release commit, the tag commit with the bundle, the tags, the .vsix), and only then
# pushes and publishes. --dry-run does all of it but the pushing and publishing, which it prints.
# RELEASE_TESTS is the test command (default: npm test).
set -euo pipefail

say() { printf 'release: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}
usage() { printf 'usage: scripts/release.sh X.Y.Z [--dry-run]\n'; }

version=''
dry_run=0
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=1 ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown option $arg ($(usage))" ;;
    *)
      [ -z "$version" ] || die "one version only ($(usage))"
      version=$arg
      ;;
  esac
done
[ -n "$version" ] || die "give the version to release ($(usage))"
[[ $version =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] || die "the version is X.Y.Z (three numbers), not '$version'"
tag="v$version"
major_tag="v${version%%.*}"
vsix="balancer-lens-$version.vsix"

cd "$(dirname "$0")/.."

# Pushing and publishing: printed with --dry-run, run without it.
publish() {
  if [ "$dry_run" = 1 ]; then
    say "dry run, not running: $*"
  else
    "$@"
  fi
}

# The "## Unreleased" section of CHANGELOG.md, without its heading.
unreleased() { awk '/^## /{ inside = ($0 == "## Unreleased"); next } inside' CHANGELOG.md; }

say "checking"
[ "$(git symbolic-ref --quiet --short HEAD || true)" = main ] || die "releases are made on main"
[ -z "$(git status --porcelain)" ] || die "the working tree has changes: commit or stash them first"
! git rev-parse --quiet --verify "refs/tags/$tag" >/dev/null || die "$tag is already tagged"
[ "$(node -p "require('./package.json').version")" != "$version" ] || die "package.json is at $version already"
grep -qx '## Unreleased' CHANGELOG.md || die "CHANGELOG.md has no '## Unreleased' section"
# Read whole: grep -q would stop awk early, and pipefail takes that SIGPIPE for an empty section.
[ -n "$(unreleased | tr -d '[:space:]')" ] || die "CHANGELOG.md's '## Unreleased' section is empty"
if [ "$dry_run" = 0 ]; then
  [ -n "${VSCE_PAT:-}" ] || die "VSCE_PAT is not set (the Marketplace's token)"
  [ -n "${OVSX_PAT:-}" ] || die "OVSX_PAT is not set (Open VSX's token)"
  npm whoami >/dev/null || die "npm whoami fails: npm login first"
fi

tests=${RELEASE_TESTS:-npm test}
say "testing: $tests"
bash -c "$tests" || die "the tests failed: nothing was changed"

say "releasing $version locally"
notes=$(mktemp)
trap 'rm -f "$notes"' EXIT
unreleased >"$notes"
node -e "const fs = require('fs'); fs.writeFileSync('CHANGELOG.md', fs.readFileSync('CHANGELOG.md', 'utf8').replace(/^## Unreleased\$/m, process.argv[1]))" \
  "## $version — $(date -u +%F)"
npm version "$version" --no-git-tag-version >/dev/null
npm run build >/dev/null
git add CHANGELOG.md package.json package-lock.json
git commit --quiet -m "Release $version"

# The tag's commit: a child of the release commit that adds the action's bundle, off main.
git switch --quiet --detach
git add --force action/dist
git commit --quiet -m "Release $version: the action's bundle"
[ "$(node action/dist/cli.js --version)" = "$version" ] || die "action/dist/cli.js is not at $version"
git tag -a "$tag" -m "Balancer Lens $version"
git tag --force "$major_tag" >/dev/null
git switch --quiet main

npm pack --dry-run >/dev/null
npm run package >/dev/null
[ -f "$vsix" ] || die "npm run package made no $vsix"
say "made the release commit, $tag and $major_tag (with action/dist), and $vsix"

say "pushing and publishing"
publish git push origin main
publish git push origin "$tag"
publish git push --force origin "$major_tag"
publish npm publish --access public
publish npx @vscode/vsce publish --packagePath "$vsix"
publish npx --yes ovsx publish "$vsix"
if command -v gh >/dev/null 2>&1; then
  publish gh release create "$tag" "$vsix" --title "Balancer Lens $version" --notes-file "$notes"
else
  say "gh is not installed: create the GitHub release from $tag by hand, with the CHANGELOG section as its text, and attach $vsix"
fi
say "done: check npx --yes balancer-lens@$version --version, and the .vsix in a clean VS Code (docs/releasing.md)"
