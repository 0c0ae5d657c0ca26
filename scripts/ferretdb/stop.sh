#!/usr/bin/env bash
# Stops the FerretDB started by start.sh and removes its data.
set -euo pipefail
RUN_DIR="${CN_FERRETDB_RUN_DIR:-/tmp/cn-ferretdb}"
if [[ -f "$RUN_DIR/pid" ]]; then
  pid="$(cat "$RUN_DIR/pid")"
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -rf "$RUN_DIR"
fi
