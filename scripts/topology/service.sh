#!/usr/bin/env bash
# Starts one of the three services (command-service, projection-service, search-indexer) of the topology
# written by start.sh, as its own node process (the built dist/main.js), and waits for its /health/ready.
# start.sh uses it for the first start; the production-topology e2e spec uses it to restart a service it
# killed. Each service has its own DATA_DIR: only the command service writes the SQLite event log there
# (when EVENTSTORE_URL is unset), the others keep only what their embedded adapters need.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

name="${1:?usage: service.sh command-service|projection-service|projection-service-<n>|search-indexer}"
[[ -f "$STATE" ]] || { log "no topology state in $STATE (run scripts/topology/start.sh)"; exit 1; }
# shellcheck disable=SC1090
source "$STATE"

# projection-service-<n>: a further replica of projection-service (PROJECTION_REPLICAS), in the same
# Kafka consumer group, on its own port and DATA_DIR
program="$name"
case "$name" in
  command-service) port="$COMMAND_PORT"; seed=true ;;
  projection-service) port="$PROJECTION_PORT"; seed=false ;;
  projection-service-[2-9])
    port_var="PROJECTION_PORT_${name##*-}"
    port="${!port_var:?no $port_var in $STATE (start the topology with PROJECTION_REPLICAS)}"
    program=projection-service; seed=false ;;
  search-indexer) port="$SEARCH_PORT"; seed=false ;;
  *) log "unknown service $name"; exit 1 ;;
esac

pidfile="$RUN_DIR/$name.pid"
if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
  log "$name already running (pid $(cat "$pidfile"))"; exit 0
fi
mkdir -p "$RUN_DIR/$name-data"
logfile="$RUN_DIR/$name.log"
echo "---- start $(date -u +%FT%TZ) ----" >>"$logfile"

# only the adapter variables the caller set are passed: an unset EVENTSTORE_URL / MEILI_URL selects the
# embedded adapter (SQLite log in the command service's DATA_DIR, MiniSearch in the indexer's DATA_DIR).
# COMMAND_SERVICE_URL: where the projection service's chat socket sends its writes (the others ignore it)
env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production LOG_LEVEL="${TOPOLOGY_LOG_LEVEL:-info}" \
  PORT="$port" DATA_DIR="$RUN_DIR/$name-data" SESSION_SECRET="$SESSION_SECRET" DEMO_SEED="$seed" TRUST_PROXY=loopback \
  KAFKA_BROKERS="$KAFKA_BROKERS" KAFKA_TOPIC="$KAFKA_TOPIC" KAFKA_PARTITIONS="${KAFKA_PARTITIONS:-1}" \
  MONGODB_URL="$MONGODB_URL" MONGODB_DB="$MONGODB_DB" \
  EVENTSTORE_URL="$EVENTSTORE_URL" MEILI_URL="$MEILI_URL" MEILI_KEY="$MEILI_KEY" MEILI_INDEX_PREFIX="${MEILI_INDEX_PREFIX:-}" \
  COMMAND_SERVICE_URL="http://127.0.0.1:$COMMAND_PORT" \
  nohup node "$ROOT/$program/dist/main.js" >>"$logfile" 2>&1 </dev/null &
pid=$!
echo "$pid" >"$pidfile"
wait_ready "http://127.0.0.1:$port/health/ready" "$pid" "${TOPOLOGY_READY_TIMEOUT:-90}" "$name" "$logfile"
log "$name ready on 127.0.0.1:$port (pid $pid)"
