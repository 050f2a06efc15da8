#!/bin/sh
# Builds the site with React Router moved to the newest release of its major, in a throwaway copy
# of the committed tree (the working copy and its node_modules are never touched), and runs the
# checks of site/react-router-adapter.ts: postbuild stops the build on any change in what React
# Router writes, and the adapter's own test runs too. CI runs it weekly and for every update of
# React Router (.github/workflows/ci.yml); run it by hand before raising the pins.
set -eu
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$repo" archive HEAD | tar -x -C "$work"
cd "$work"
major=$(node -p 'require("./package.json").dependencies["react-router"].split(".")[0]')
npm ci --no-audit --no-fund
npm install --no-audit --no-fund --save-exact \
  "react-router@$major" "@react-router/node@$major" "@react-router/dev@$major"
echo "router-upgrade-check: React Router $(node -p 'require("react-router/package.json").version')"
npm run build
npx vitest run site/react-router-adapter.test.ts
