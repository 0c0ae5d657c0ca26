"""Schemathesis hooks for scripts/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

- Every request must go to the loopback server this script started: anything else aborts the run.
- The fuzzer must not erase the accounts it is signed in with (or the other seed accounts): the erase
  route is real, and an erased admin would turn the rest of the run into 401/403 answers (blind fuzzing).
  A protected id in DELETE /administration/members/{id} is swapped for a random unknown id.
"""

import os
import uuid
from urllib.parse import urlsplit

import schemathesis

_PROTECTED = {i for i in os.environ.get("CN_FUZZ_PROTECTED_IDS", "").split(",") if i}
_ALLOWED_HOSTS = {"127.0.0.1"}


@schemathesis.hook
def before_call(context, case, kwargs):
    base = case.operation.schema.get_base_url()
    if urlsplit(base).hostname not in _ALLOWED_HOSTS:
        raise RuntimeError(f"cn-fuzz: refusing to send a request to {base!r}: only 127.0.0.1 is a target")
    if (
        case.method.upper() == "DELETE"
        and case.path == "/administration/members/{id}"
        and isinstance(case.path_parameters, dict)
        and str(case.path_parameters.get("id")) in _PROTECTED
    ):
        case.path_parameters["id"] = str(uuid.uuid4())
