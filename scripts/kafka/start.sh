#!/usr/bin/env bash
# Starts a single-node Apache Kafka (KRaft, broker + controller) on 127.0.0.1:${KAFKA_PORT:-9092} for the
# e2e specs. Kafka's jars come from Maven Central through Maven (pom.xml beside this script) and are
# cached in ~/.cache/cn-kafka; the broker's data lives in a temporary directory removed by stop.sh.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PORT="${KAFKA_PORT:-9092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
CACHE="${CN_KAFKA_CACHE:-$HOME/.cache/cn-kafka}"
RUN_DIR="${CN_KAFKA_RUN_DIR:-/tmp/cn-kafka}"
KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$HERE/pom.xml")"
LIBS="$CACHE/libs-$KAFKA_VERSION"

log() { echo "[kafka] $*" >&2; }

if [[ ! -f "$LIBS/.complete" ]]; then
  command -v mvn >/dev/null || { log "maven (mvn) is not installed"; exit 1; }
  log "fetching Kafka $KAFKA_VERSION jars with Maven (first run only)"
  rm -rf "$LIBS"
  mvn -q -B -Dstyle.color=never -f "$HERE/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIBS"
  touch "$LIBS/.complete"
fi

if [[ -f "$RUN_DIR/pid" ]] && kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null; then
  log "already running (pid $(cat "$RUN_DIR/pid"))"
  exit 0
fi

for port in "$PORT" "$CONTROLLER_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    log "127.0.0.1:$port is already in use by another process (set KAFKA_PORT / KAFKA_CONTROLLER_PORT)"; exit 1
  fi
done

rm -rf "$RUN_DIR" && mkdir -p "$RUN_DIR/data"
cat >"$RUN_DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$RUN_DIR/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS

JAVA_OPTS=(-Xms256m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true
  "-Dlog4j.configuration=file:$HERE/log4j.properties" "-Dkafka.logs.dir=$RUN_DIR")
CP="$LIBS/*"

java "${JAVA_OPTS[@]}" -cp "$CP" kafka.tools.StorageTool format --ignore-formatted \
  -t "$(java -cp "$CP" kafka.tools.StorageTool random-uuid 2>/dev/null)" \
  -c "$RUN_DIR/server.properties" >"$RUN_DIR/format.log" 2>&1 \
  || { log "formatting the storage failed:"; cat "$RUN_DIR/format.log" >&2; exit 1; }

java "${JAVA_OPTS[@]}" -cp "$CP" kafka.Kafka "$RUN_DIR/server.properties" >"$RUN_DIR/kafka.log" 2>&1 &
echo $! > "$RUN_DIR/pid"

# the port opens before the broker has registered with its controller: wait for the start-up line too
for _ in $(seq 1 600); do
  if grep -q "Kafka Server started" "$RUN_DIR/kafka.log" 2>/dev/null \
    && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    log "Kafka $KAFKA_VERSION listening on 127.0.0.1:$PORT (pid $(cat "$RUN_DIR/pid"))"
    exit 0
  fi
  kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null || { log "exited:"; tail -30 "$RUN_DIR/kafka.log" >&2; exit 1; }
  sleep 0.1
done
log "did not start in 60 s"; tail -30 "$RUN_DIR/kafka.log" >&2
exit 1
