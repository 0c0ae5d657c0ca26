#!/usr/bin/env bash
# Runs the e2e specs (the adapters' contract suites and the Kafka relay) against real servers:
# starts what this machine can serve (FerretDB as the MongoDB-wire server, Apache Kafka), runs
# `jest --selectProjects e2e`, stops the servers again and exits with jest's code.
# EventStoreDB and Meilisearch have no build for this machine: their specs run when EVENTSTORE_URL /
# MEILI_URL are set by the caller or a Docker engine is there for testcontainers, and are reported as
# skipped otherwise. A server already named by its env var (MONGODB_URL, KAFKA_BROKERS) is used as is.
# Then the production topology (scripts/topology/start.sh: the three services as separate processes behind
# the nginx gateway, on these Kafka and FerretDB servers) and its spec, standalone/src/production-topology;
# stopped again on exit. Jest's arguments go to both runs; a --json --outputFile report covers both.
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
if [[ -z "${S3_URL:-}" ]]; then
  # versitygw on its POSIX backend: the file storage's S3 contract suite (it prints the S3_* variables)
  started+=(s3)
  if s3_env="$("$ROOT/scripts/s3/start.sh")"; then
    eval "$s3_env"
  else
    echo "[integration] the S3 server did not start: the S3 contract suite reports itself skipped" >&2
  fi
fi

echo "[integration] MONGODB_URL=$MONGODB_URL KAFKA_BROKERS=$KAFKA_BROKERS" \
  "EVENTSTORE_URL=${EVENTSTORE_URL:-<unset>} MEILI_URL=${MEILI_URL:-<unset>}" >&2

# ---- 1. the adapters' contract suites and the Kafka relay ----
status=0
npx jest --selectProjects e2e --runInBand --testPathIgnorePatterns production-topology "$@" || status=$?

# ---- 2. the production topology: three service processes behind the gateway ----
# issue 8: the topic has 3 partitions and projection-service runs twice in one consumer group (the spec
# reads its own writes through each replica, and through the survivor after stopping one)
export KAFKA_PARTITIONS="${KAFKA_PARTITIONS:-3}" PROJECTION_REPLICAS="${PROJECTION_REPLICAS:-2}"
topology_dir="$(mktemp -d /tmp/cn-topology.XXXXXX)"
rmdir "$topology_dir"
export CN_TOPOLOGY_RUN_DIR="$topology_dir"
stop_topology() {
  # the services' logs stay when something failed
  TOPOLOGY_KEEP_LOGS="$((status == 0 ? 0 : 1))" "$ROOT/scripts/topology/stop.sh" \
    || echo "[integration] stopping the topology failed" >&2
}
trap 'stop_topology; stop_servers' EXIT

# the second run writes its own report, merged into the one asked for (--outputFile=FILE or --outputFile FILE)
report=""
topology_args=()
expect_file=0
for arg in "$@"; do
  if ((expect_file)); then report="$arg"; topology_args+=("$arg.topology"); expect_file=0; continue; fi
  case "$arg" in
    --outputFile=*) report="${arg#--outputFile=}"; topology_args+=("--outputFile=$report.topology") ;;
    --outputFile) expect_file=1; topology_args+=("$arg") ;;
    *) topology_args+=("$arg") ;;
  esac
done

started_at=$SECONDS
if "$ROOT/scripts/topology/start.sh"; then
  TOPOLOGY_GATEWAY_URL="$(sed -n 's/^TOPOLOGY_GATEWAY_URL=//p' "$topology_dir/state.env")" \
    TOPOLOGY_STATE="$topology_dir/state.env" \
    npx jest --selectProjects e2e --runInBand --testPathPatterns production-topology "${topology_args[@]}" || status=$?
  echo "[integration] production topology: $((SECONDS - started_at)) s (logs in $topology_dir)" >&2
else
  echo "[integration] the production topology did not start (logs in $topology_dir)" >&2
  status=1
fi

if [[ -n "$report" && -f "$report.topology" ]]; then
  node -e '
    const fs = require("node:fs");
    const [file, extra] = process.argv.slice(1);
    const a = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
    const b = JSON.parse(fs.readFileSync(extra, "utf8"));
    for (const [key, value] of Object.entries(b)) {
      if (typeof value === "number" && key.startsWith("num")) a[key] = (a[key] ?? 0) + value;
    }
    a.success = (a.success ?? true) && b.success;
    a.testResults = [...(a.testResults ?? []), ...(b.testResults ?? [])];
    fs.writeFileSync(file, JSON.stringify(a));
    fs.rmSync(extra);
  ' "$report" "$report.topology"
fi
exit "$status"
