# Shared by start.sh, service.sh and stop.sh (sourced, not run).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUN_DIR="${CN_TOPOLOGY_RUN_DIR:-/tmp/cn-topology}"
STATE="$RUN_DIR/state.env"
SERVICES=(command-service projection-service search-indexer)

log() { echo "[topology] $*" >&2; }

# a free TCP port on 127.0.0.1 (the kernel picks it; several topologies or test runs may share the machine)
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close();});'
}

# waits until the URL answers 2xx, or the pid exits, or the timeout (s) passes
wait_ready() {
  local url="$1" pid="$2" timeout="$3" name="$4" logfile="$5"
  local deadline=$((SECONDS + timeout))
  while ((SECONDS < deadline)); do
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then
      log "$name exited before it was ready:"; tail -40 "$logfile" >&2 || true; return 1
    fi
    sleep 0.2
  done
  log "$name not ready at $url within ${timeout}s:"; tail -40 "$logfile" >&2 || true
  return 1
}

stop_pid() {
  local pid="$1" signal="${2:-TERM}" wait_s="${3:-15}"
  kill -"$signal" "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 $((wait_s * 10))); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  log "pid $pid did not exit within ${wait_s}s after SIG$signal: SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}
