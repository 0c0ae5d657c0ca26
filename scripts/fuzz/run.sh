#!/usr/bin/env bash
# API fuzzing with schemathesis against the standalone server, driven by its own OpenAPI document.
#
#   bash scripts/fuzz/run.sh          (or: npm run fuzz)
#
# Builds the server if needed, starts it on a free loopback port with a fresh DATA_DIR and the demo
# seed, signs in, and runs schemathesis against http://127.0.0.1:PORT/api/docs twice: as the network
# administrator and as the plain member (403s are expected there, 500s are not). Stops the server.
# Exit status: 0 when both passes found nothing, 1 when schemathesis reported failures, an operation was never
# exercised past authorization or a pass lost its session, 2 on a setup error.
#
# Knobs (environment): FUZZ_MAX_EXAMPLES (per operation, default 50), FUZZ_MAX_TIME (seconds per pass,
# default 100), FUZZ_SEED (default: random, printed), FUZZ_CHECKS (default below), FUZZ_REPORT_DIR
# (default: a new temp dir; NDJSON + JUnit reports and the server log end up there), FUZZ_RESULT (a file that
# gets the pass/fail count per pass and operation in jest's report shape, for CI's closing line),
# FUZZ_PASSES (default "admin member"), FUZZ_KNOWN_IDS (default 1: known_ids.py feeds real ids), FUZZ_PHASES (default: schemathesis' own: examples,coverage,fuzzing,stateful).
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
RESULT="${FUZZ_RESULT:-$REPORT_DIR/result.json}"
[[ "$RESULT" = /* ]] || RESULT="$PWD/$RESULT"
rm -f "$RESULT"

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

# 4. Sessions: sign in, take the cn_session cookie and the CSRF token.
json_field() { "$PYTHON" -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]) or '')" "$1"; }
sign_in() { # email → prints "token csrf memberId"
  local jar body token csrf id
  jar="$(mktemp)"
  body="$(curl -sf -c "$jar" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"changeme\"}" "$BASE/users/sign_in")" || { rm -f "$jar"; return 1; }
  id="$(json_field "['member']['id']" <<<"$body")"
  token="$(awk '$6 == "cn_session" { print $7 }' "$jar")"
  rm -f "$jar"
  csrf="$(curl -sf -H "Cookie: cn_session=$token" "$BASE/api/v1/network" | json_field "['csrf_token']")"
  [[ -n "$token" && -n "$csrf" ]] || return 1
  printf '%s %s %s\n' "$token" "$csrf" "$id"
}
session_alive() { # token → 0 when the session still names a member
  curl -sf -H "Cookie: cn_session=$1" "$BASE/api/v1/network" | json_field "['current_member']['id']" 2>/dev/null | grep -q .
}

# The seed accounts must survive the admin pass (hooks.py keeps the erase route off them).
PROTECTED=""
for email in admin@example.org member@example.org guest@example.org auditor@example.org; do
  if creds="$(sign_in "$email")"; then PROTECTED="$PROTECTED,${creds##* }"; fi
done
export CN_FUZZ_PROTECTED_IDS="${PROTECTED#,}"
export SCHEMATHESIS_HOOKS="$FUZZ_DIR/hooks.py"

# Real ids for {id}/{pid}/{slug} half of the time (FUZZ_KNOWN_IDS=0: random ids only, mostly 404s).
CONFIG=()
if [[ "${FUZZ_KNOWN_IDS:-1}" != 0 ]]; then
  read -r admin_token _ <<<"$(sign_in admin@example.org)" || true
  if [[ -n "${admin_token:-}" ]] && "$PYTHON" "$FUZZ_DIR/known_ids.py" "$BASE" "$admin_token" "$REPORT_DIR/schemathesis.toml"; then
    CONFIG=(--config-file "$REPORT_DIR/schemathesis.toml")
  else
    log "could not harvest known ids; path parameters stay random"
  fi
fi

# 5. The passes. Every session is opened before the first pass: the fuzzer's sign-in attempts may throttle
# this address later (429 too_many_attempts), and the fuzzing sessions stay valid to the end (hooks.py).
curl -sf "$BASE/api/docs" >"$REPORT_DIR/openapi.json" || { log "could not read the OpenAPI document"; exit 2; }
declare -A TOKENS CSRFS
for pass in $PASSES; do
  case "$pass" in
    admin) email=admin@example.org ;;
    member) email=member@example.org ;;
    *) log "unknown pass $pass"; exit 2 ;;
  esac
  read -r token csrf _ <<<"$(sign_in "$email")" || { log "sign-in as $email failed"; exit 2; }
  [[ -n "${token:-}" ]] || { log "sign-in as $email failed"; exit 2; }
  TOKENS[$pass]="$token"
  CSRFS[$pass]="$csrf"
done
read -r admin_token admin_csrf _ <<<"$(sign_in admin@example.org)" || { log "sign-in as admin failed"; exit 2; }
# a disposable member per pass takes the calls that end sessions (sign-out, own password change) and the
# password changes aimed at the seed accounts
disposable() { # pass → exports CN_FUZZ_DISPOSABLE_{ID,TOKEN,CSRF}
  local email password body id creds
  email="fuzz-$1-$RANDOM$RANDOM@example.org"
  password="$("$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(24))')"
  body="$(curl -sf -H 'Content-Type: application/json' -H "Cookie: cn_session=$admin_token" -H "X-CSRF-Token: $admin_csrf" \
    -d "{\"user\":{\"email\":\"$email\",\"password\":\"$password\"}}" "$BASE/administration/members")" || return 1
  id="$(json_field "['id']" <<<"$body")"
  creds="$(curl -sf -o /dev/null -c - -H 'Content-Type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$BASE/users/sign_in" | awk '$6 == "cn_session" { print $7 }')" || return 1
  export CN_FUZZ_DISPOSABLE_ID="$id" CN_FUZZ_DISPOSABLE_TOKEN="$creds"
  CN_FUZZ_DISPOSABLE_CSRF="$(curl -sf -H "Cookie: cn_session=$creds" "$BASE/api/v1/network" | json_field "['csrf_token']")"
  export CN_FUZZ_DISPOSABLE_CSRF
  [[ -n "$id" && -n "$creds" && -n "$CN_FUZZ_DISPOSABLE_CSRF" ]]
}

status=0
for pass in $PASSES; do
  case "$pass" in
    admin) email=admin@example.org ;;
    member) email=member@example.org ;;
  esac
  token="${TOKENS[$pass]}"
  csrf="${CSRFS[$pass]}"
  disposable "$pass" || { log "could not register the disposable member for pass '$pass'"; exit 2; }
  log "pass '$pass' as $email: max $MAX_EXAMPLES examples per operation, ${MAX_TIME}s, seed $SEED, checks $CHECKS"
  # the session goes to hooks.py, which sends it with every call but the session-ending ones
  export CN_FUZZ_TOKEN="$token" CN_FUZZ_CSRF="$csrf"
  args=(run "$BASE/api/docs"
    --checks "$CHECKS" --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --seed "$SEED"
    --request-timeout 10 --generation-database none --no-color
    --report ndjson,junit --report-dir "$REPORT_DIR"
    --report-ndjson-path "$REPORT_DIR/$pass.ndjson" --report-junit-path "$REPORT_DIR/$pass.junit.xml")
  [[ -n "${FUZZ_PHASES:-}" ]] && args+=(--phases "$FUZZ_PHASES")
  set +e
  # From the report dir: schemathesis keeps its replay cache (.schemathesis/) in the working directory.
  (cd "$REPORT_DIR" && "$ST" "${CONFIG[@]}" "${args[@]}") 2>&1 | tee "$REPORT_DIR/$pass.txt"
  rc=${PIPESTATUS[0]}
  set -e
  if ! "$PYTHON" "$FUZZ_DIR/summarize.py" "$REPORT_DIR/$pass.ndjson" "$pass" "$REPORT_DIR/openapi.json" "$RESULT"; then
    log "pass '$pass': an operation failed a check or was never exercised past authorization"; status=1; fi
  if session_alive "$token"; then log "pass '$pass': the session was still valid at the end"; else
    log "pass '$pass': FAILED: the session was NOT valid at the end (signed out or erased): later answers were 401/403"; status=1; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then log "the server died during pass '$pass'"; tail -40 "$SERVER_LOG" >&2; status=1; break; fi
  [[ $rc -ne 0 ]] && status=1
  log "pass '$pass': schemathesis exit code $rc"
done

errors="$(grep -c '"level":50' "$SERVER_LOG" || true)"
log "server log: $errors error lines (level 50) in $SERVER_LOG"
log "reports in $REPORT_DIR; rerun with FUZZ_SEED=$SEED, or replay one case with: cd $REPORT_DIR && $ST replay CASE_ID"
if [[ $status -ne 0 ]]; then log "FAILED: schemathesis found failures"; else log "passed: no failures found"; fi
exit $status
