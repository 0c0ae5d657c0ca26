"""Schemathesis hooks for scripts/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

The fuzzing account must stay signed in, and keep its rights and credentials, for the whole pass: a pass
that loses its session answers 401/403 to everything after that (blind fuzzing). run.sh signs every
session in once, before any fuzzing (accounts.py; never again mid-run, a sign-in throttle may refuse it),
and this hook picks, per request, which one goes on it (Cookie and X-CSRF-Token; run.sh passes no -H):

- sign-out calls (DELETE/POST on a path naming sign_out, logout or session) go with a decoy member's
  session, signed in for that purpose: sign-out revokes the session it is sent with, server-side;
- calls that change the caller's own credentials (any mutating /users/* route but sign-in, and any
  mutating route whose path names a password, credential, token or email, but an app's email integrations: PUT /users/password,
  POST/DELETE /users/calendar_token, ...) go with a second decoy session, so the fuzzing account's
  password and calendar token never change;
- a mutating call on a member route (/members/{id}, /users/{id}, e.g. DELETE /administration/members/{id}
  or PUT /administration/members/{id} with a password) that names a protected account (the seed
  accounts, the decoys, or `me`) gets a throwaway member's id instead: the fuzzer cannot erase, demote or
  re-password the accounts it runs as;
- a read of a member's own-only resource (GET /members/{id}/settings, /ignored, /subscriptions, /api/v1/members/{id}/following), and saving
  one's membership settings (PUT /members/{id}/settings), names the fuzzing account itself every other call
  (after the protection above): with an id drawn from the known ids it answers 403 almost always;
- a group search (GET /groups/{groupSlug}/search and .json) names the seed's open group every other call;
- a device route (/api/v1/devices/{id} and its settings) names, every other call, a device registered for it
  on the pass's own account (any other device is 404 to it);
- a mutating call naming a kept fixture (accounts.py's archive exports, legal text, whose public page the member's pass
  reads by handle, and its page, read by {pageSlug}) names its spare instead: the admin's pass may change or delete the spare, not it;
- a point of interest's route (/administration/map_places/{id}) names, every other call, a place created for it;
- GET /calendars/feeds/{collection}.ics, authenticated by ?token= (not declared in the document),
  gets the fuzzing account's calendar token when the case has none;
- everything else goes with the fuzzing account's session.

Every request must go to the loopback server run.sh started: anything else aborts the run.
Environment: CN_FUZZ_STATE (accounts.py's JSON), CN_FUZZ_PASS (admin or member).
"""

import json
import os
import re
import urllib.request
from urllib.parse import urlsplit

import schemathesis

_ALLOWED_HOSTS = {"127.0.0.1"}
_MUTATING = {"POST", "PUT", "PATCH", "DELETE"}
_SIGN_OUT = re.compile(r"sign_?out|log_?out|/sessions?(/|$)", re.IGNORECASE)
# an app's mail settings (/api/v1/apps/{app}/integrations/email) are no credential of the caller
# an address change is one; an app's email integrations and activating one's bounce-listed address again are not
_OWN_CREDENTIALS = re.compile(r"password|credential|token|(?<!/integrations)/emails?(/(?!reactivate$)|$)", re.IGNORECASE)
_SIGN_IN = re.compile(r"sign_?in|log_?in", re.IGNORECASE)
# a path parameter right after a members/users segment names a member
_MEMBER_PARAMETER = re.compile(r"/(?:members|users)/\{([^}]+)\}")


def _load_state():
    path = os.environ.get("CN_FUZZ_STATE")
    if not path:
        raise RuntimeError("cn-fuzz: CN_FUZZ_STATE is not set (run the fuzzing through scripts/fuzz/run.sh)")
    with open(path, encoding="utf-8") as handle:
        state = json.load(handle)
    pass_name = os.environ.get("CN_FUZZ_PASS", "")
    if pass_name not in state["passes"]:
        raise RuntimeError(f"cn-fuzz: CN_FUZZ_PASS={pass_name!r} is none of {sorted(state['passes'])}")
    return state, state["passes"][pass_name]


_STATE, _PASS = _load_state()
_PROTECTED = set(_STATE["protected_ids"]) | {"me"}
_KEPT = (_STATE.get("fixtures") or {}).get("kept") or {}
# reads only the member themself may make; path → how many calls it has had
_OWN_ONLY = re.compile(r"^(?:/members/\{id\}/(?:settings|ignored|subscriptions|email/reactivate)|/api/v1/members/\{id\}/following)$")
_own_calls = {}


def session_for(method, path):
    """Which session a call goes with: 'signout' or 'credentials' (the decoy's) or 'own' (the fuzzing account's)."""
    method = method.upper()
    if method not in _MUTATING:
        return "own"
    if _SIGN_OUT.search(path):
        return "signout"
    if _SIGN_IN.search(path):
        return "own"  # signing in needs no session and ends none
    if path.startswith("/users/") or _OWN_CREDENTIALS.search(path):
        return "credentials"
    return "own"


def protect_members(case):
    """Swap a protected member id in a mutating member route for the throwaway target member."""
    if case.method.upper() not in _MUTATING or not isinstance(case.path_parameters, dict):
        return
    for name in _MEMBER_PARAMETER.findall(case.path):
        value = case.path_parameters.get(name)
        if value is not None and str(value).strip().lower() in {p.lower() for p in _PROTECTED}:
            case.path_parameters[name] = _STATE["target_id"]


def keep_fixtures(case):
    """Swap a kept fixture's id in a mutating call for its spare's."""
    if case.method.upper() not in _MUTATING or not isinstance(case.path_parameters, dict):
        return
    for name, value in list(case.path_parameters.items()):
        if isinstance(value, str) and value in _KEPT:
            case.path_parameters[name] = _KEPT[value]


def name_self(case):
    """Every other call of an own-only member resource (reading both, saving one's settings) names the fuzzing account."""
    method = case.method.upper()
    path = case.operation.path
    if method not in ("GET", "PUT", "POST") or not _OWN_ONLY.match(path) or not isinstance(case.path_parameters, dict):
        return
    if method == "PUT" and not path.endswith("/settings"):
        return
    # activating one's bounce-listed address again: another's is a 403, one's own (not listed) a 409 not_bounced
    if method == "POST" and not path.endswith("/email/reactivate"):
        return
    key = f"{method} {path}"
    calls = _own_calls[key] = _own_calls.get(key, 0) + 1
    if calls % 2 == 0:
        case.path_parameters["id"] = _PASS["session"]["id"]


# deleting or archiving the open group (the admin's pass may, and the member's, its admin) would take it from the
# other pass: such a call names the pass's own spare group instead (accounts.py founds one per pass)
_GROUP_ITSELF = re.compile(r"^/groups/\{slug\}(?:/archive)?$")


def keep_open_group(case):
    """A deletion or archiving of the open group goes to the pass's spare group."""
    method = case.method.upper()
    path = case.operation.path
    if not isinstance(case.path_parameters, dict) or not _GROUP_ITSELF.match(path):
        return
    if not (method == "DELETE" or (method == "PUT" and path.endswith("/archive"))):
        return
    spare = ((_STATE.get("fixtures") or {}).get("spare_groups") or {}).get(os.environ.get("CN_FUZZ_PASS", ""))
    if spare and str(case.path_parameters.get("slug", "")).strip().lower() == _OPEN_GROUP:
        case.path_parameters["slug"] = spare


# a group's search answers 404 for a group the caller may not see: every other call names the seed's open group
_GROUP_SEARCH = re.compile(r"^/groups/\{groupSlug\}/search(?:\.json)?$")
_OPEN_GROUP = "gardening"
_group_search_calls = {}


def name_open_group(case):
    """Every other group search names the seed's open group, which every member may see."""
    if case.method.upper() != "GET" or not _GROUP_SEARCH.match(case.operation.path) or not isinstance(case.path_parameters, dict):
        return
    calls = _group_search_calls[case.operation.path] = _group_search_calls.get(case.operation.path, 0) + 1
    if calls % 2 == 0:
        case.path_parameters["groupSlug"] = _OPEN_GROUP


# a member's device routes answer 404 for any device not their own, and the fuzzer's drawn ids never are:
# every other call registers a fresh device for the pass's account and names it (so a removal removes that one)
_DEVICE_ROUTE = re.compile(r"^/api/v1/devices/\{id\}(?:/settings)?$")
_device_calls = {}
_own_device = {}


def _register_device(base):
    session = _PASS["session"]
    body = json.dumps({"device": {"platform": "android", "name": "Fuzz device"}}).encode("utf-8")
    request = urllib.request.Request(
        base.rstrip("/") + "/api/v1/devices",
        data=body,
        method="POST",
        headers={"Cookie": f"cn_session={session['token']}", "X-CSRF-Token": session["csrf"], "Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read().decode("utf-8")).get("id")
    except Exception:
        return None  # the account holds the most devices it may (the fuzzer registered them): the drawn id stays


def name_own_device(case, base):
    """Every other call of a device route names a device of the pass's own account, registered for it."""
    if not _DEVICE_ROUTE.match(case.operation.path) or not isinstance(case.path_parameters, dict):
        return
    key = f"{case.method.upper()} {case.operation.path}"
    calls = _device_calls[key] = _device_calls.get(key, 0) + 1
    if calls % 2 != 0:
        return
    # a removal gets a device of its own; the settings routes share one (the account may hold only 20)
    if case.method.upper() == "DELETE" or "settings" not in _own_device:
        device = _register_device(base)
        if device and case.method.upper() != "DELETE":
            _own_device["settings"] = device
    else:
        device = _own_device["settings"]
    if device:
        case.path_parameters["id"] = device


# a group's or a group category's design routes answer 404 unless the design belongs to the scope the path
# names: every other call names the pair accounts.py made (the group's design, the category's design)
_DESIGN_ROUTES = {
    "group": re.compile(r"^/groups/\{slug\}/administration/designs/\{id\}"),
    "category": re.compile(r"^/group-categories/\{categoryId\}/administration/designs/\{id\}"),
}
_design_calls = {}


# a version awaiting approval is named by its file and its own id together, which drawn ids never pair; a group's
# resolved widget bar by the group's id and a valid bar slug (group slugs have dashes, bar slugs may not):
# every other call names accounts.py's pending version, or the open group with a bar slug
_PENDING_VERSION_ROUTE = re.compile(r"^/api/storage/files/\{id\}/pending_versions/\{versionId\}(?:/approve)?$")
_GROUP_WIDGETBAR_ROUTE = re.compile(r"^/widgetbars/g-\{groupId\}-as-\{slug\}$")
_paired_calls = {}


def name_fixture_pairs(case):
    """Every other call of a route whose path names two fixtures that belong together names such a pair."""
    if not isinstance(case.path_parameters, dict):
        return
    fixtures = _STATE.get("fixtures") or {}
    path = case.operation.path
    if _PENDING_VERSION_ROUTE.match(path) and fixtures.get("pending_version"):
        pair = fixtures["pending_version"]
    elif _GROUP_WIDGETBAR_ROUTE.match(path) and fixtures.get("groupId"):
        pair = {"groupId": fixtures["groupId"][0], "slug": "fuzz_bar"}
    else:
        return
    key = f"{case.method.upper()} {path}"
    calls = _paired_calls[key] = _paired_calls.get(key, 0) + 1
    if calls % 2 == 0:
        case.path_parameters.update(pair)


def name_design_pair(case):
    """Every other call of a scoped design route names a design of that scope with its scope."""
    if not isinstance(case.path_parameters, dict):
        return
    pairs = (_STATE.get("fixtures") or {}).get("design_routes") or {}
    for scope, pattern in _DESIGN_ROUTES.items():
        if not pattern.match(case.operation.path) or scope not in pairs:
            continue
        key = f"{case.method.upper()} {case.operation.path}"
        calls = _design_calls[key] = _design_calls.get(key, 0) + 1
        if calls % 2 == 0:
            case.path_parameters.update(pairs[scope])


# a property set answers 404 for an unknown context or a name nobody saved, and drawn names and ids never
# are: every other call names the network's `profile` set (saved by the pass's PUTs, then read back)
_PROPERTY_SET_ROUTE = re.compile(r"^/api/v1/property_sets/\{name\}$")
_property_set_calls = {}


def name_network_property_set(case):
    """Every other call of a property-set route names the network's profile set."""
    if not _PROPERTY_SET_ROUTE.match(case.operation.path) or not isinstance(case.path_parameters, dict):
        return
    key = case.method.upper()
    calls = _property_set_calls[key] = _property_set_calls.get(key, 0) + 1
    if calls % 2 != 0:
        return
    case.path_parameters["name"] = "profile"
    query = case.query if isinstance(case.query, dict) else {}
    query.pop("context_id", None)
    query["context_type"] = "network"
    case.query = query


# a point of interest's routes answer 404 for any id but a place's, and drawn ids never are: every other call
# names a place the pass put on the map for it (the member's pass may not: its POST is 403 and the drawn id stays)
_MAP_PLACE_ROUTE = re.compile(r"^/administration/map_places/\{id\}$")
_map_place_calls = {}
_own_map_place = {}


def _create_map_place(base):
    session = _PASS["session"]
    body = json.dumps({"name": "Fuzz place", "lat": 52.5, "lng": 13.4}).encode("utf-8")
    request = urllib.request.Request(
        base.rstrip("/") + "/administration/map_places",
        data=body,
        method="POST",
        headers={"Cookie": f"cn_session={session['token']}", "X-CSRF-Token": session["csrf"], "Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read().decode("utf-8")).get("id")
    except Exception:
        return None


def name_map_place(case, base):
    """Every other call of a place route names a place created for it (a removal removes that one)."""
    if not _MAP_PLACE_ROUTE.match(case.operation.path) or not isinstance(case.path_parameters, dict):
        return
    key = f"{case.method.upper()} {case.operation.path}"
    calls = _map_place_calls[key] = _map_place_calls.get(key, 0) + 1
    if calls % 2 != 0:
        return
    # a removal gets a place of its own; reads and edits share one
    if case.method.upper() == "DELETE" or "shared" not in _own_map_place:
        place = _create_map_place(base)
        if place and case.method.upper() != "DELETE":
            _own_map_place["shared"] = place
    else:
        place = _own_map_place["shared"]
    if place:
        case.path_parameters["id"] = place
# a rebuild of a read model answers 404 for a drawn collection: every other call names the network's read
# model (small, so its blue/green rebuilds end at once; a second while one runs answers 409, as documented)
_REBUILD_ROUTE = re.compile(r"^/api/v1/audit/projections/\{collection\}/rebuilds$")
_rebuild_calls = {"count": 0}


def name_known_read_model(case):
    """Every other rebuild request names a read model the projection service keeps."""
    if not _REBUILD_ROUTE.match(case.operation.path) or not isinstance(case.path_parameters, dict):
        return
    _rebuild_calls["count"] += 1
    if _rebuild_calls["count"] % 2 == 0:
        case.path_parameters["collection"] = "network_v1"


@schemathesis.hook
def before_call(context, case, kwargs):
    base = case.operation.schema.get_base_url()
    if urlsplit(base).hostname not in _ALLOWED_HOSTS:
        raise RuntimeError(f"cn-fuzz: refusing to send a request to {base!r}: only 127.0.0.1 is a target")
    protect_members(case)
    keep_fixtures(case)
    name_self(case)
    name_open_group(case)
    keep_open_group(case)
    name_own_device(case, base)
    name_design_pair(case)
    name_fixture_pairs(case)
    name_network_property_set(case)
    name_map_place(case, base)
    name_known_read_model(case)
    if "/calendars/feeds/" in case.path and case.method.upper() == "GET":
        if case.query is None:
            case.query = {}
        if "token" not in case.query:
            case.query["token"] = _PASS["session"]["calendar_token"]
    which = session_for(case.method, case.path)
    session = _PASS["session"] if which == "own" else _PASS["decoy"][which]
    # in place, keeping schemathesis' container (it notices the change and revalidates the case's metadata)
    if case.headers is None:
        case.headers = {}
    for name in [n for n in case.headers if n.lower() in ("cookie", "x-csrf-token")]:
        del case.headers[name]
    case.headers["Cookie"] = f"cn_session={session['token']}"
    case.headers["X-CSRF-Token"] = session["csrf"]
