#!/usr/bin/env bash
# Starts FerretDB 1.x (MongoDB wire protocol) with its SQLite backend on 127.0.0.1:${FERRETDB_PORT:-27017}
# for the e2e specs. Built once from the Go module proxy and cached in ~/.cache/cn-ferretdb.
set -euo pipefail

VERSION="${FERRETDB_VERSION:-v1.24.0}"
PORT="${FERRETDB_PORT:-27017}"
CACHE="${CN_FERRETDB_CACHE:-$HOME/.cache/cn-ferretdb}"
RUN_DIR="${CN_FERRETDB_RUN_DIR:-/tmp/cn-ferretdb}"
BIN="$CACHE/bin/ferretdb-$VERSION"

log() { echo "[ferretdb] $*" >&2; }

if [[ ! -x "$BIN" ]]; then
  command -v go >/dev/null || { log "go is not installed"; exit 1; }
  log "building FerretDB $VERSION (first run only)"
  # `go install ...@version` reads the module's version list for its deprecation check, which the proxy
  # refuses here; `go mod download` of the exact version does not. The module zip also lacks the
  # generated build/version/version.txt that the binary checks at start, so it is built from a copy.
  dir="$(cd /tmp && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$VERSION" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -d "$dir" ]] || { log "could not download github.com/FerretDB/FerretDB@$VERSION"; exit 1; }
  src="$CACHE/src-$VERSION"
  rm -rf "$src" && mkdir -p "$CACHE/bin" && cp -r "$dir" "$src" && chmod -R u+w "$src"
  echo "$VERSION" > "$src/build/version/version.txt"
  (cd "$src" && GOFLAGS=-mod=mod go build -o "$BIN" ./cmd/ferretdb)
fi

if [[ -f "$RUN_DIR/pid" ]] && kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null; then
  log "already running (pid $(cat "$RUN_DIR/pid"))"
  exit 0
fi

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  log "127.0.0.1:$PORT is already in use by another process (set FERRETDB_PORT)"; exit 1
fi

rm -rf "$RUN_DIR" && mkdir -p "$RUN_DIR/data"
"$BIN" --handler=sqlite --sqlite-url="file:$RUN_DIR/data/" --state-dir="$RUN_DIR" \
  --listen-addr="127.0.0.1:$PORT" --debug-addr="127.0.0.1:$((PORT + 1000))" \
  --telemetry=disable --log-level=warn >"$RUN_DIR/ferretdb.log" 2>&1 &
echo $! > "$RUN_DIR/pid"

for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    log "listening on 127.0.0.1:$PORT (pid $(cat "$RUN_DIR/pid"))"
    exit 0
  fi
  kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null || { log "exited:"; tail -20 "$RUN_DIR/ferretdb.log" >&2; exit 1; }
  sleep 0.1
done
log "did not start listening in 10 s"; tail -20 "$RUN_DIR/ferretdb.log" >&2
exit 1
