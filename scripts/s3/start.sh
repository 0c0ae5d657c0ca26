#!/usr/bin/env bash
# Starts a real S3-compatible server for the file storage's S3 contract suite: the Versity S3 Gateway
# (versitygw, Apache 2.0) on its POSIX backend, on 127.0.0.1:${S3_PORT:-7070}. Built once from the Go
# module proxy into ${CN_S3_BUILD:-/work/s3-build} (outside the repository). Prints the variables the
# suites read: eval "$(bash scripts/s3/start.sh)".
set -euo pipefail

VERSION="${VERSITYGW_VERSION:-v1.0.14}"
PORT="${S3_PORT:-7070}"
BUILD="${CN_S3_BUILD:-/work/s3-build}"
RUN_DIR="${CN_S3_RUN_DIR:-/tmp/cn-s3}"
BIN="$BUILD/bin/versitygw-$VERSION"
ACCESS="${S3_ACCESS_KEY_ID:-cn-test-access}"
SECRET="${S3_SECRET_ACCESS_KEY:-cn-test-secret-key}"

log() { echo "[s3] $*" >&2; }

if [[ ! -x "$BIN" ]]; then
  command -v go >/dev/null || { log "go is not installed"; exit 1; }
  log "building versitygw $VERSION (first run only)"
  # the proxy refuses the module's version list (so no @latest) but serves this exact release
  dir="$(cd /tmp && GOFLAGS=-mod=mod go mod download -json "github.com/versity/versitygw@$VERSION" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -d "$dir" ]] || { log "could not download github.com/versity/versitygw@$VERSION"; exit 1; }
  src="$BUILD/src-$VERSION"
  rm -rf "$src" && mkdir -p "$BUILD/bin" && cp -r "$dir" "$src" && chmod -R u+w "$src"
  (cd "$src" && GOFLAGS=-mod=mod go build -o "$BIN" ./cmd/versitygw)
fi

vars() {
  echo "export S3_URL=http://127.0.0.1:$PORT S3_ACCESS_KEY_ID=$ACCESS S3_SECRET_ACCESS_KEY=$SECRET S3_REGION=us-east-1"
}

if [[ -f "$RUN_DIR/pid" ]] && kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null; then
  log "already running (pid $(cat "$RUN_DIR/pid"))"; vars; exit 0
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  log "127.0.0.1:$PORT is already in use by another process (set S3_PORT)"; exit 1
fi

rm -rf "$RUN_DIR" && mkdir -p "$RUN_DIR/root" "$RUN_DIR/sidecar"
# the sidecar folder keeps object metadata where the file system has no extended attributes (tmpfs, overlay)
ROOT_ACCESS_KEY_ID="$ACCESS" ROOT_SECRET_ACCESS_KEY="$SECRET" \
  "$BIN" --port "127.0.0.1:$PORT" --region us-east-1 posix --sidecar "$RUN_DIR/sidecar" "$RUN_DIR/root" \
  >"$RUN_DIR/versitygw.log" 2>&1 &
echo $! > "$RUN_DIR/pid"

for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    log "listening on 127.0.0.1:$PORT (pid $(cat "$RUN_DIR/pid"))"; vars; exit 0
  fi
  kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null || { log "exited:"; tail -20 "$RUN_DIR/versitygw.log" >&2; exit 1; }
  sleep 0.1
done
log "did not start listening in 10 s"; tail -20 "$RUN_DIR/versitygw.log" >&2
exit 1
