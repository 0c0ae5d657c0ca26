#!/usr/bin/env bash
# Runs the e2e specs (the adapters' contract suites and the Kafka relay) against real servers:
# starts what this machine can serve (FerretDB as the MongoDB-wire server, Apache Kafka), runs
# `jest --selectProjects e2e`, stops the servers again and exits with jest's code.
# EventStoreDB and Meilisearch have no build for this machine: their specs run when EVENTSTORE_URL /
# MEILI_URL are set by the caller or a Docker engine is there for testcontainers, and are reported as
# skipped otherwise. A server already named by its env var (MONGODB_URL, KAFKA_BROKERS) is used as is.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=()

stop_servers() {
  local server
  for server in "${started[@]}"; do
    "$ROOT/scripts/$server/stop.sh" || echo "[integration] stopping $server failed" >&2
  done
}
trap stop_servers EXIT

start_server() {
  local server="$1"
  # recorded before starting, so that a half-started server is stopped too
  started+=("$server")
  "$ROOT/scripts/$server/start.sh"
}

if [[ -z "${MONGODB_URL:-}" ]]; then
  start_server ferretdb
  export MONGODB_URL="mongodb://127.0.0.1:${FERRETDB_PORT:-27017}/"
fi
if [[ -z "${KAFKA_BROKERS:-}" ]]; then
  start_server kafka
  export KAFKA_BROKERS="127.0.0.1:${KAFKA_PORT:-9092}"
fi

echo "[integration] MONGODB_URL=$MONGODB_URL KAFKA_BROKERS=$KAFKA_BROKERS" \
  "EVENTSTORE_URL=${EVENTSTORE_URL:-<unset>} MEILI_URL=${MEILI_URL:-<unset>}" >&2

status=0
npx jest --selectProjects e2e --runInBand "$@" || status=$?
exit "$status"
