"""Schemathesis hooks for scripts/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

- Every request must go to the loopback server this script started: anything else aborts the run.
- The fuzzing accounts stay signed in for the whole pass, so that every operation is fuzzed past
  authorization (a pass whose session ends turns into 401/403 answers: blind fuzzing):
  - signing out and changing the own password end sessions: those calls are sent with a disposable
    member's session instead (the routes still run for real);
  - erasing a seed account is sent for a random unknown id instead, and setting a seed account's password
    goes to the disposable member.
"""

import os
import uuid
from urllib.parse import urlsplit

import schemathesis

_PROTECTED = {i for i in os.environ.get("CN_FUZZ_PROTECTED_IDS", "").split(",") if i}
_DISPOSABLE_ID = os.environ.get("CN_FUZZ_DISPOSABLE_ID", "")
# the pass's own session: sent with every call (run.sh passes it here rather than as -H, which would
# override what this hook sets for the calls below)
_SESSION_HEADERS = {
    "Cookie": f"cn_session={os.environ.get('CN_FUZZ_TOKEN', '')}",
    "X-CSRF-Token": os.environ.get("CN_FUZZ_CSRF", ""),
}
_DISPOSABLE_HEADERS = {
    "Cookie": f"cn_session={os.environ.get('CN_FUZZ_DISPOSABLE_TOKEN', '')}",
    "X-CSRF-Token": os.environ.get("CN_FUZZ_DISPOSABLE_CSRF", ""),
}
_ALLOWED_HOSTS = {"127.0.0.1"}
# calls that end the caller's sessions: sent as the disposable member
_SESSION_ENDING = {("DELETE", "/users/sign_out"), ("PUT", "/api/v1/members/me/password")}


def _protected_id(case):
    return isinstance(case.path_parameters, dict) and str(case.path_parameters.get("id")) in _PROTECTED


@schemathesis.hook
def before_call(context, case, kwargs):
    base = case.operation.schema.get_base_url()
    if urlsplit(base).hostname not in _ALLOWED_HOSTS:
        raise RuntimeError(f"cn-fuzz: refusing to send a request to {base!r}: only 127.0.0.1 is a target")
    method = case.method.upper()
    headers = dict(case.headers or {})
    headers.update(_DISPOSABLE_HEADERS if (method, case.path) in _SESSION_ENDING else _SESSION_HEADERS)
    case.headers = headers
    if case.path == "/administration/members/{id}" and _protected_id(case):
        if method == "DELETE":
            case.path_parameters["id"] = str(uuid.uuid4())
        elif method == "PUT" and _DISPOSABLE_ID:
            case.path_parameters["id"] = _DISPOSABLE_ID
