#!/usr/bin/env bash
# Starts the production topology on this machine, as far as it allows: command-service, projection-service
# and search-indexer as three node processes (their built dist/main.js) behind the nginx gateway rendered
# from deploy/gateway/nginx.conf, on Kafka (KAFKA_BROKERS) and a MongoDB-wire server (MONGODB_URL).
#  - KAFKA_BROKERS / MONGODB_URL unset: Apache Kafka and FerretDB are started with scripts/kafka and
#    scripts/ferretdb (stop.sh stops them again).
#  - EVENTSTORE_URL / MEILI_URL (+ MEILI_KEY) are passed on when set; unset, the event store is the SQLite
#    log in the command service's DATA_DIR and search stays embedded (MiniSearch) in the indexer's. On
#    Meilisearch the run's indexes are prefixed (MEILI_INDEX_PREFIX, default cn_topology_<run>_).
#  - nginx is installed with apt-get when missing.
#  - KAFKA_PARTITIONS (default 1): partitions of the run's topic; PROJECTION_REPLICAS (default 1): how many
#    projection-service processes share its consumer group, all behind the gateway's projection upstream
#    (e.g. KAFKA_PARTITIONS=3 PROJECTION_REPLICAS=2; docs/ARCHITECTURE.md, "Kafka with several partitions").
# Writes $CN_TOPOLOGY_RUN_DIR/state.env (default /tmp/cn-topology): ports, pids, TOPOLOGY_GATEWAY_URL.
# Logs: <run dir>/*.log. Stop with scripts/topology/stop.sh (also after a failed start).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if [[ -f "$STATE" ]]; then
  log "a topology is already recorded in $STATE: run scripts/topology/stop.sh first"; exit 1
fi
mkdir -p "$RUN_DIR"
: >"$STATE"
record() { printf '%s=%q\n' "$1" "$2" >>"$STATE"; }

# ---- build ----
if [[ "${TOPOLOGY_SKIP_BUILD:-}" != 1 ]]; then
  log "npm run build:server"
  (cd "$ROOT" && npm run -s build:server) >&2
fi
for name in "${SERVICES[@]}"; do
  [[ -f "$ROOT/$name/dist/main.js" ]] || { log "$name/dist/main.js is missing (npm run build:server)"; exit 1; }
done
if [[ ! -f "$ROOT/member-ui/dist/index.html" || ! -f "$ROOT/admin-ui/dist/index.html" ]]; then
  log "the consoles are not built: npm run build:ui"
  (cd "$ROOT" && npm run -s build:ui) >&2
fi

# ---- backends ----
# started here, Kafka and FerretDB get their own run directories and free ports, so that another run of
# scripts/integration-tests.sh on the same machine (default /tmp/cn-kafka, 9092, 27017) is left alone
if [[ -z "${MONGODB_URL:-}" ]]; then
  export FERRETDB_PORT="${TOPOLOGY_FERRETDB_PORT:-$(free_port)}" CN_FERRETDB_RUN_DIR="$RUN_DIR/ferretdb"
  record STARTED_FERRETDB 1
  record CN_FERRETDB_RUN_DIR "$CN_FERRETDB_RUN_DIR"
  "$ROOT/scripts/ferretdb/start.sh"
  MONGODB_URL="mongodb://127.0.0.1:$FERRETDB_PORT/"
fi
if [[ -z "${KAFKA_BROKERS:-}" ]]; then
  export KAFKA_PORT="${TOPOLOGY_KAFKA_PORT:-$(free_port)}" KAFKA_CONTROLLER_PORT="$(free_port)" CN_KAFKA_RUN_DIR="$RUN_DIR/kafka"
  record STARTED_KAFKA 1
  record CN_KAFKA_RUN_DIR "$CN_KAFKA_RUN_DIR"
  "$ROOT/scripts/kafka/start.sh"
  KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT"
fi
if ! command -v nginx >/dev/null; then
  log "installing nginx (Debian package)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >&2
fi

# one run = its own topic and database, so that servers shared with other specs never mix their data in
run_id="$(date +%s)-$$"
record RUN_DIR "$RUN_DIR"
record SESSION_SECRET "$(openssl rand -hex 32 2>/dev/null || node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')"
record KAFKA_BROKERS "$KAFKA_BROKERS"
record KAFKA_TOPIC "${TOPOLOGY_KAFKA_TOPIC:-cn.topology.$run_id}"
record KAFKA_PARTITIONS "${KAFKA_PARTITIONS:-1}"
replicas="${PROJECTION_REPLICAS:-1}"
[[ "$replicas" =~ ^[1-9]$ ]] || { log "PROJECTION_REPLICAS must be 1 to 9"; exit 1; }
record PROJECTION_REPLICAS "$replicas"
record MONGODB_URL "$MONGODB_URL"
record MONGODB_DB "${TOPOLOGY_MONGODB_DB:-cn_topology_${run_id//-/_}}"
record EVENTSTORE_URL "${EVENTSTORE_URL:-}"
record MEILI_URL "${MEILI_URL:-}"
record MEILI_KEY "${MEILI_KEY:-}"
# on a Meilisearch server shared with other runs, the run's indexes (and the indexer's checkpoint) get
# names of their own as well: a later run would otherwise start on the documents an earlier one left
record MEILI_INDEX_PREFIX "${MEILI_URL:+${TOPOLOGY_MEILI_INDEX_PREFIX:-cn_topology_${run_id//-/_}_}}"
record COMMAND_PORT "${TOPOLOGY_COMMAND_PORT:-$(free_port)}"
record PROJECTION_PORT "${TOPOLOGY_PROJECTION_PORT:-$(free_port)}"
for ((replica = 2; replica <= replicas; replica++)); do record "PROJECTION_PORT_$replica" "$(free_port)"; done
record SEARCH_PORT "${TOPOLOGY_SEARCH_PORT:-$(free_port)}"
record GATEWAY_PORT "${TOPOLOGY_GATEWAY_PORT:-$(free_port)}"
# shellcheck disable=SC1090
source "$STATE"
TOPOLOGY_GATEWAY_URL="http://127.0.0.1:$GATEWAY_PORT"
record TOPOLOGY_GATEWAY_URL "$TOPOLOGY_GATEWAY_URL"

# ---- the three services (the command service first: it seeds the demo and creates the topic) ----
for name in "${SERVICES[@]}"; do
  "$ROOT/scripts/topology/service.sh" "$name"
done
for ((replica = 2; replica <= PROJECTION_REPLICAS; replica++)); do
  "$ROOT/scripts/topology/service.sh" "projection-service-$replica"
done

# ---- gateway: the real deploy/gateway/nginx.conf with local addresses and paths, routing untouched ----
gw="$RUN_DIR/nginx"
mkdir -p "$gw"
source_conf="$ROOT/deploy/gateway/nginx.conf"
# every substitution must hit the lines it is meant for: a renamed upstream or path in the real file
# fails here instead of silently testing something else
expect_count() {
  local pattern="$1" want="$2" got
  got="$(grep -cE -- "$pattern" "$source_conf" || true)"
  [[ "$got" == "$want" ]] || { log "deploy/gateway/nginx.conf: expected $want line(s) matching '$pattern', found $got"; exit 1; }
}
expect_count '^    server command-service:3001 ' 1
expect_count '^    server projection-service:3002 ' 1
expect_count '^    server search-indexer:3003 ' 1
expect_count '^    listen 8080 default_server;$' 1
expect_count '/usr/share/nginx/html/member' 4
expect_count '/usr/share/nginx/html/admin/' 2
expect_count '^pid /tmp/nginx.pid;$' 1
expect_count '_temp_path /tmp/' 5
sed -e "s#^    server command-service:3001 #    server 127.0.0.1:$COMMAND_PORT #" \
    -e "s#^    server projection-service:3002 #    server 127.0.0.1:$PROJECTION_PORT #" \
    -e "s#^    server search-indexer:3003 #    server 127.0.0.1:$SEARCH_PORT #" \
    -e "s#^    listen 8080 default_server;#    listen 127.0.0.1:$GATEWAY_PORT default_server;#" \
    -e "s#/usr/share/nginx/html/member#$ROOT/member-ui/dist#g" \
    -e "s#/usr/share/nginx/html/admin/#$ROOT/admin-ui/dist/#g" \
    -e "s#^pid /tmp/nginx.pid;#pid $gw/nginx.pid;#" \
    -e "s#_temp_path /tmp/#_temp_path $gw/#" \
    "$source_conf" >"$gw/nginx.conf"
# further projection-service replicas join its upstream, right after its first server line
further=""
for ((replica = 2; replica <= PROJECTION_REPLICAS; replica++)); do
  port_var="PROJECTION_PORT_$replica"
  further+="    server 127.0.0.1:${!port_var} max_fails=0;\\n"
done
if [[ -n "$further" ]]; then
  sed -i "s#^\(    server 127.0.0.1:$PROJECTION_PORT .*\)\$#\1\n${further%\\n}#" "$gw/nginx.conf"
fi
# the rendered file differs from the real one in exactly those lines
changed="$(diff "$source_conf" "$gw/nginx.conf" | grep -c '^>' || true)"
expected_changes=$((16 + PROJECTION_REPLICAS - 1))
[[ "$changed" == "$expected_changes" ]] || { log "rendering the gateway changed $changed lines, expected $expected_changes"; diff "$source_conf" "$gw/nginx.conf" >&2 || true; exit 1; }
nginx -t -q -p "$gw/" -c "$gw/nginx.conf" -e "$gw/error.log" >&2
# as root nginx's workers run as nobody, who may read the built consoles (world-readable) but not /root
nohup nginx -p "$gw/" -c "$gw/nginx.conf" -e "$gw/error.log" -g 'daemon off;' >>"$RUN_DIR/gateway.log" 2>&1 </dev/null &
echo $! >"$RUN_DIR/gateway.pid"
wait_ready "$TOPOLOGY_GATEWAY_URL/gateway/health" "$(cat "$RUN_DIR/gateway.pid")" 20 gateway "$RUN_DIR/gateway.log"
log "gateway (nginx) on $TOPOLOGY_GATEWAY_URL -> command 127.0.0.1:$COMMAND_PORT, projection 127.0.0.1:$PROJECTION_PORT ($PROJECTION_REPLICAS replica(s)), search 127.0.0.1:$SEARCH_PORT"
search_at="embedded MiniSearch in $RUN_DIR/search-indexer-data"
[[ -n "$MEILI_URL" ]] && search_at="Meilisearch $MEILI_URL, indexes $MEILI_INDEX_PREFIX*"
log "Kafka $KAFKA_BROKERS topic $KAFKA_TOPIC ($KAFKA_PARTITIONS partition(s)); MongoDB-wire $MONGODB_URL db $MONGODB_DB;" \
  "event store ${EVENTSTORE_URL:-SQLite log in $RUN_DIR/command-service-data}; search $search_at"
echo "TOPOLOGY_GATEWAY_URL=$TOPOLOGY_GATEWAY_URL"
