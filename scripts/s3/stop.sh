#!/usr/bin/env bash
# Stops the S3 server scripts/s3/start.sh started and removes its data.
set -euo pipefail
RUN_DIR="${CN_S3_RUN_DIR:-/tmp/cn-s3}"
if [[ -f "$RUN_DIR/pid" ]]; then
  kill "$(cat "$RUN_DIR/pid")" 2>/dev/null || true
fi
rm -rf "$RUN_DIR"
