#!/bin/sh
# Builds the site with React Router moved to the newest release of its major, in a throwaway copy
# of the committed tree (the working copy and its node_modules are never touched), and runs the
# checks of site/react-router-adapter.ts: postbuild stops the build on any change in what React
# Router writes, and the adapter's own test runs too. CI runs it weekly and for every update of
# React Router (.github/workflows/ci.yml); run it by hand before raising the pins.
set -eu
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work" "$work.versions"' EXIT
git -C "$repo" archive HEAD | tar -x -C "$work"
cd "$work"
major=$(node -p 'require("./package.json").dependencies["react-router"].split(".")[0]')
packages="react-router @react-router/node @react-router/dev"
# The packages pin each other exactly, and the registry can list a release of one before the
# others: move to the newest release of the major that all of them have.
for package in $packages; do npm view "$package@^$major" version --json >>"$work.versions"; echo >>"$work.versions"; done
target=$(node -e '
  // One JSON value per package: an array of versions, or a string when only one matches.
  const lists = require("fs").readFileSync(process.argv[1], "utf8").trim().split(/\n(?=[["])/);
  const sets = lists.map((list) => new Set([].concat(JSON.parse(list))));
  const parts = (v) => v.split(".").map(Number);
  const older = (a, b) => parts(a).reduce((d, n, i) => d || n - parts(b)[i], 0);
  const shared = [...sets[0]].filter((v) => sets.every((set) => set.has(v))).sort(older);
  if (!shared.length) throw new Error("no release of the major is published for every package");
  console.log(shared.at(-1));
' "$work.versions")
current=$(node -p 'require("./package.json").dependencies["react-router"]')
echo "router-upgrade-check: pinned $current, newest release of $major.x shared by $packages: $target"
npm ci --no-audit --no-fund
# shellcheck disable=SC2086 # one argument per package
npm install --no-audit --no-fund --save-exact $(for package in $packages; do printf '%s@%s ' "$package" "$target"; done)
echo "router-upgrade-check: building with React Router $(node -p 'require("react-router/package.json").version')"
npm run build
npx vitest run site/react-router-adapter.test.ts
