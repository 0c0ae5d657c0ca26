#!/usr/bin/env bash
# Stops what scripts/topology/start.sh started: the gateway, the three services (SIGTERM, graceful), and
# Kafka / FerretDB when start.sh started them. Removes the run directory's data and the run's Meilisearch
# indexes; the logs stay unless TOPOLOGY_KEEP_LOGS=0. Safe to run after a half-finished start.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[[ -d "$RUN_DIR" ]] || exit 0
if [[ -f "$STATE" ]]; then
  # shellcheck disable=SC1090
  source "$STATE"
fi
if [[ -f "$RUN_DIR/gateway.pid" ]]; then
  stop_pid "$(cat "$RUN_DIR/gateway.pid")" QUIT 10
  rm -f "$RUN_DIR/gateway.pid"
fi
# the readers first, then the writer (its relay may still be publishing)
for name in search-indexer projection-service-{9..2} projection-service command-service; do
  if [[ -f "$RUN_DIR/$name.pid" ]]; then
    stop_pid "$(cat "$RUN_DIR/$name.pid")" TERM 20
    rm -f "$RUN_DIR/$name.pid"
  fi
done
# only the servers start.sh started, in their own run directories
if [[ "${STARTED_KAFKA:-}" == 1 && -n "${CN_KAFKA_RUN_DIR:-}" ]]; then
  CN_KAFKA_RUN_DIR="$CN_KAFKA_RUN_DIR" "$ROOT/scripts/kafka/stop.sh" || log "stopping Kafka failed"
fi
if [[ "${STARTED_FERRETDB:-}" == 1 && -n "${CN_FERRETDB_RUN_DIR:-}" ]]; then
  CN_FERRETDB_RUN_DIR="$CN_FERRETDB_RUN_DIR" "$ROOT/scripts/ferretdb/stop.sh" || log "stopping FerretDB failed"
fi
# the run's Meilisearch indexes (start.sh named them after the run): deleted, as the run's data is
if [[ -n "${MEILI_URL:-}" && -n "${MEILI_INDEX_PREFIX:-}" ]]; then
  MEILI_URL="$MEILI_URL" MEILI_KEY="${MEILI_KEY:-}" MEILI_INDEX_PREFIX="$MEILI_INDEX_PREFIX" node -e '
    const { MEILI_URL: url, MEILI_KEY: key, MEILI_INDEX_PREFIX: prefix } = process.env;
    const headers = key ? { authorization: `Bearer ${key}` } : {};
    (async () => {
      const listed = await fetch(`${url.replace(/\/$/, "")}/indexes?limit=1000`, { headers });
      if (!listed.ok) throw new Error(`listing indexes: ${listed.status}`);
      for (const { uid } of (await listed.json()).results) {
        if (uid.startsWith(prefix)) await fetch(`${url.replace(/\/$/, "")}/indexes/${encodeURIComponent(uid)}`, { method: "DELETE", headers });
      }
    })().catch((error) => { console.error(String(error)); process.exit(1); });
  ' || log "deleting the run's Meilisearch indexes ($MEILI_INDEX_PREFIX*) failed"
fi
rm -rf "$RUN_DIR"/*-data "$RUN_DIR/nginx" "$STATE"
if [[ "${TOPOLOGY_KEEP_LOGS:-1}" == 0 ]]; then rm -rf "$RUN_DIR"; fi
log "stopped"
