#!/usr/bin/env bash
# API fuzzing with schemathesis against the standalone server, driven by its own OpenAPI document.
#
#   bash scripts/fuzz/run.sh          (or: npm run fuzz)
#
# Builds the server if needed, starts it on a free loopback port with a fresh DATA_DIR and the demo
# seed, signs every session in (accounts.py, once), and runs schemathesis against http://127.0.0.1:PORT/api/docs twice: as the network
# administrator and as the plain member (403s are expected there, 500s are not). Stops the server.
# Exit status: 0 when both passes found nothing and exercised every operation, 1 otherwise, 2 on a setup error.
#
# Knobs (environment): FUZZ_MAX_EXAMPLES (per operation, default 50), FUZZ_MAX_TIME (seconds per pass,
# default 100), FUZZ_SEED (default: random, printed), FUZZ_CHECKS (default below), FUZZ_REPORT_DIR
# (default: a new temp dir; NDJSON + JUnit reports and the server log end up there),
# FUZZ_PASSES (default "admin member"), FUZZ_KNOWN_IDS (default 1: known_ids.py feeds real ids), FUZZ_PHASES (default: schemathesis' own: examples,coverage,fuzzing,stateful),
# FUZZ_JSON_REPORT or --json FILE (a jest-shaped { numPassedTests, numFailedTests, numPendingTests }: one test per pass × operation).
# A pass fails when schemathesis finds a failure, when an operation was never exercised past authorization
# (summarize.py; the member pass expects 403 from admin/auditor-only operations), or when its session was lost.
# Only 127.0.0.1 is ever targeted (hooks.py refuses anything else).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FUZZ_DIR="$ROOT/scripts/fuzz"
SCHEMATHESIS_VERSION="4.32.5"
VENV="${HOME}/.cache/cn-fuzz/venv-${SCHEMATHESIS_VERSION}"
MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-50}"
MAX_TIME="${FUZZ_MAX_TIME:-100}"
SEED="${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}"
CHECKS="${FUZZ_CHECKS:-not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance}"
PASSES="${FUZZ_PASSES:-admin member}"
REPORT_DIR="${FUZZ_REPORT_DIR:-$(mktemp -d -t cn-fuzz-report.XXXXXX)}"
mkdir -p "$REPORT_DIR"
# --json FILE (or FUZZ_JSON_REPORT): a jest-shaped summary, one test per pass × operation, for CI's closing line
JSON_REPORT="${FUZZ_JSON_REPORT:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --json) JSON_REPORT="$2"; shift 2 ;;
    --json=*) JSON_REPORT="${1#--json=}"; shift ;;
    *) printf '[fuzz] unknown argument %s\n' "$1" >&2; exit 2 ;;
  esac
done
if [[ -n "$JSON_REPORT" ]]; then
  JSON_REPORT="$(cd "$(dirname "$JSON_REPORT")" && pwd)/$(basename "$JSON_REPORT")"
  rm -f "$JSON_REPORT" # a run that stops early leaves none, and CI counts that as a failure
fi

log() { printf '[fuzz] %s\n' "$*" >&2; }

# 1. schemathesis in its own venv (pinned), reused across runs.
PYTHON="$(command -v python3.11 || command -v python3)"
if [[ ! -x "$VENV/bin/st" ]] || ! "$VENV/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  log "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
ST="$VENV/bin/st"

# 2. The server build (tsc -b is incremental: quick when nothing changed).
cd "$ROOT"
if ! npm run --silent build:server >"$REPORT_DIR/build.log" 2>&1; then
  if [[ -f standalone/dist/main.js ]]; then
    log "build:server failed (work in progress elsewhere?); fuzzing the last build in standalone/dist. See $REPORT_DIR/build.log"
  else
    log "build:server failed and there is no standalone/dist/main.js"; tail -30 "$REPORT_DIR/build.log" >&2; exit 2
  fi
fi

# 3. The server on a free loopback port with a fresh data folder.
PORT="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
BASE="http://127.0.0.1:$PORT"
DATA_DIR="$(mktemp -d -t cn-fuzz-data.XXXXXX)"
SERVER_LOG="$REPORT_DIR/server.log"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PORT="$PORT" DATA_DIR="$DATA_DIR" DEMO_SEED=true PASSWORD_SCRYPT_N=1024 LOG_LEVEL=warn \
  node standalone/dist/main.js >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
log "server pid $SERVER_PID on $BASE, data in $DATA_DIR"
for _ in $(seq 1 120); do
  if curl -sf "$BASE/health/ready" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then log "server exited during start"; tail -40 "$SERVER_LOG" >&2; exit 2; fi
  sleep 0.5
done
curl -sf "$BASE/health/ready" >/dev/null || { log "server not ready after 60 s"; tail -40 "$SERVER_LOG" >&2; exit 2; }

# 4. Sessions, all signed in now and never again mid-run (the fuzzer's wrong passwords may get this address
# throttled): the fuzzing accounts, a decoy member per pass for sign-out and own-credential calls, the
# protected ids (accounts.py; hooks.py picks the session per request and keeps the erase route off them).
curl -sf "$BASE/api/docs" >"$REPORT_DIR/openapi.json" || { log "GET /api/docs failed"; exit 2; }
STATE="$REPORT_DIR/accounts.json"
"$PYTHON" "$FUZZ_DIR/accounts.py" "$BASE" "$STATE" || { log "setting up the sessions failed"; exit 2; }
state_field() { "$PYTHON" -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval('d' + sys.argv[2]))" "$STATE" "$1"; }
session_alive() { # token → 0 when the session still names a member
  curl -sf -H "Cookie: cn_session=$1" "$BASE/api/v1/network" \
    | "$PYTHON" -c "import json,sys; print((json.load(sys.stdin).get('current_member') or {}).get('id') or '')" 2>/dev/null | grep -q .
}
export CN_FUZZ_STATE="$STATE"
export SCHEMATHESIS_HOOKS="$FUZZ_DIR/hooks.py"

# Real ids for {id}/{pid}/{slug}/{collection} half of the time (FUZZ_KNOWN_IDS=0: random ids only, mostly 404s).
CONFIG=()
if [[ "${FUZZ_KNOWN_IDS:-1}" != 0 ]]; then
  # the admin's lists, and the member's (its own invites): both passes then reach real ids
  if "$PYTHON" "$FUZZ_DIR/known_ids.py" "$BASE" "$(state_field "['passes']['admin']['session']['token']")" "$REPORT_DIR/schemathesis.toml" \
    "$(state_field "['passes'].get('member', {}).get('session', {}).get('token', '')")"; then
    CONFIG=(--config-file "$REPORT_DIR/schemathesis.toml")
  else
    log "could not harvest known ids; path parameters stay random"
  fi
fi

# 5. The passes.
status=0
operations=""
for pass in $PASSES; do
  case "$pass" in
    admin) email=admin@example.org ;;
    member) email=member@example.org ;;
    *) log "unknown pass $pass"; exit 2 ;;
  esac
  token="$(state_field "['passes']['$pass']['session']['token']")"
  log "pass '$pass' as $email: max $MAX_EXAMPLES examples per operation, ${MAX_TIME}s, seed $SEED, checks $CHECKS"
  # no -H: hooks.py puts the session (Cookie, X-CSRF-Token) on each request, CN_FUZZ_PASS says whose
  args=(run "$BASE/api/docs"
    --checks "$CHECKS" --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --seed "$SEED"
    --request-timeout 10 --generation-database none --no-color
    --report ndjson,junit --report-dir "$REPORT_DIR"
    --report-ndjson-path "$REPORT_DIR/$pass.ndjson" --report-junit-path "$REPORT_DIR/$pass.junit.xml")
  [[ -n "${FUZZ_PHASES:-}" ]] && args+=(--phases "$FUZZ_PHASES")
  set +e
  # From the report dir: schemathesis keeps its replay cache (.schemathesis/) in the working directory.
  (cd "$REPORT_DIR" && CN_FUZZ_PASS="$pass" "$ST" "${CONFIG[@]}" "${args[@]}") 2>&1 | tee "$REPORT_DIR/$pass.txt"
  rc=${PIPESTATUS[0]}
  # per operation: answers, failures, and whether it was exercised past authorization (exit 1 when not)
  "$PYTHON" "$FUZZ_DIR/summarize.py" "$REPORT_DIR/$pass.ndjson" "$pass" --openapi "$REPORT_DIR/openapi.json" \
    --role "$pass" --json "$REPORT_DIR/$pass.result.json" --known-ids "$REPORT_DIR/schemathesis.toml"
  summary_rc=$?
  set -e
  [[ $summary_rc -ne 0 ]] && status=1
  if session_alive "$token"; then log "pass '$pass': the session was still valid at the end"; else
    log "pass '$pass': the session was NOT valid at the end (signed out or erased): later answers were 401/403"
    echo "session" >>"$REPORT_DIR/$pass.lost"; status=1; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then log "the server died during pass '$pass'"; tail -40 "$SERVER_LOG" >&2
    echo "server" >>"$REPORT_DIR/$pass.lost"; status=1; break; fi
  echo "$rc" >"$REPORT_DIR/$pass.rc"
  [[ $rc -ne 0 ]] && status=1
  log "pass '$pass': schemathesis exit code $rc"
done

# One test per pass × operation (summarize.py's verdicts); a pass without verdicts, a lost session, a dead
# server, or a schemathesis failure no operation accounts for counts as one more failed test.
write_json_report() {
  [[ -n "$JSON_REPORT" ]] || return 0
  "$PYTHON" - "$REPORT_DIR" "$JSON_REPORT" $PASSES <<'PY'
import json, os, sys
report_dir, out, passes = sys.argv[1], sys.argv[2], sys.argv[3:]
total = {"numPassedTests": 0, "numFailedTests": 0, "numPendingTests": 0, "passes": {}}
for name in passes:
    result_path = os.path.join(report_dir, f"{name}.result.json")
    if not os.path.exists(result_path):
        total["numFailedTests"] += 1
        total["passes"][name] = "no verdicts (the pass did not run to the end)"
        continue
    result = json.load(open(result_path, encoding="utf-8"))
    for key in ("numPassedTests", "numFailedTests", "numPendingTests"):
        total[key] += result[key]
    lost = open(os.path.join(report_dir, f"{name}.lost")).read().split() if os.path.exists(os.path.join(report_dir, f"{name}.lost")) else []
    total["numFailedTests"] += len(lost)
    rc_path = os.path.join(report_dir, f"{name}.rc")
    rc = int(open(rc_path).read().strip() or 1) if os.path.exists(rc_path) else 1
    if rc != 0 and result["numFailedTests"] == 0:
        total["numFailedTests"] += 1
    total["passes"][name] = {k: result[k] for k in ("numPassedTests", "numFailedTests", "numPendingTests")} | {"lost": lost, "schemathesis_exit_code": rc}
json.dump(total, open(out, "w", encoding="utf-8"), indent=2)
print(f"[fuzz] {total['numPassedTests']} passed, {total['numFailedTests']} failed, {total['numPendingTests']} skipped (pass × operation) → {out}", file=sys.stderr)
PY
}

errors="$(grep -c '"level":50' "$SERVER_LOG" || true)"
log "server log: $errors error lines (level 50) in $SERVER_LOG"
log "reports in $REPORT_DIR; rerun with FUZZ_SEED=$SEED, or replay one case with: cd $REPORT_DIR && $ST replay CASE_ID"
write_json_report
if [[ $status -ne 0 ]]; then log "FAILED: failures found, operations not exercised past authorization, or a lost session"; else
  log "passed: no failures found, every operation exercised past authorization"; fi
exit $status
