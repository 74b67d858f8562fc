#!/usr/bin/env bash
# Checks that production needs no dev dependency at run time: in a scratch copy of the project
# with dist/ and generated/docs/ as `npm run build` left them, `npm ci --omit=dev && npm start`
# must answer /healthz and serve /docs (200). The project's own node_modules is not touched.
#   bash scripts/check-production.sh    (after `npm run build`)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/src/server.js ] && [ -f generated/docs/index.html ] || { echo "check-production: run \`npm run build\` first" >&2; exit 1; }
scratch=$(mktemp -d)
port=${CHECK_PORT:-3988}
server=""
cleanup() {
  if [ -n "$server" ]; then kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
tar --exclude=./node_modules --exclude=./.git --exclude=./data --exclude=./dist --exclude=./generated/docs -cf - . | tar -xf - -C "$scratch"
cp -r dist "$scratch"/ && mkdir -p "$scratch/generated" && cp -r generated/docs "$scratch/generated/"
(cd "$scratch" && npm ci --omit=dev --no-audit --no-fund --prefer-offline >/dev/null)
for dev in typescript tsx @redocly/cli; do
  [ ! -e "$scratch/node_modules/$dev" ] || { echo "check-production: $dev is installed with --omit=dev" >&2; exit 1; }
done
start=$(date +%s%N)
(cd "$scratch" && DATA_DIR="$scratch/data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn exec setsid npm start >"$scratch/server.log" 2>&1) &
server=$!
for _ in $(seq 1 600); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
  kill -0 "$server" 2>/dev/null || { cat "$scratch/server.log"; echo "check-production: npm start exited" >&2; exit 1; }
  sleep 0.1
done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
docs=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/docs")
[ "$docs" = 200 ] || { cat "$scratch/server.log"; echo "check-production: /docs answered $docs" >&2; exit 1; }
echo "check-production: npm ci --omit=dev && npm start answered /healthz in ${ms} ms and /docs 200, with no dev dependency installed"
