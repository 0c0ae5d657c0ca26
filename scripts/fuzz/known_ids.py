"""Write a schemathesis.toml that feeds real ids into the path parameters half of the time.

Without it every {id}, {pid} and {slug} is random and the fuzzer stops at 404 (blind past the lookup).
The ids are harvested, as the signed-in admin, from the list routes the OpenAPI document declares
(any GET route without path parameters, audit routes aside; at most 15 ids from each), taking every string field named id, slug, member_id, calendar_id
or appointment_id. Request bodies get real ids too (again only part of the time, so validation is still
fuzzed): calendar_ids from GET /calendars (those the admin may create appointments in), membership_ids and
contacts from GET /directory/members, group_ids and parent_id from GET /groups, membership_role_ids from
GET /membership_roles; {collection} from GET /calendars/subscribe's feeds. Further session tokens (the member's) add the ids of what that account
lists (its own invites, which the admin's lists do not show). Usage: known_ids.py BASE_URL SESSION_TOKEN OUT_TOML [TOKEN...]
Only 127.0.0.1 is contacted.
"""

import json
import os
import sys
import urllib.request
from urllib.parse import urlsplit

ID_FIELDS = {"id", "slug", "member_id", "calendar_id", "appointment_id", "group_id", "memberId"}
MAX_IDS = 80
PER_ROUTE = 15


def fetch(base, token, path):
    request = urllib.request.Request(base + path, headers={"Cookie": f"cn_session={token}", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read().decode("utf-8") or "null")


def collect(value, found):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ID_FIELDS and isinstance(item, str) and item and len(found) < PER_ROUTE:
                found.setdefault(item, None)
            else:
                collect(item, found)
    elif isinstance(value, list):
        for item in value:
            collect(item, found)


# body field (schemathesis binding key) → dictionary of real ids
BODY_BINDINGS = (
    ("body.appointment.calendar_ids[*]", "calendar-ids"),
    ("body.appointment.contacts[*]", "member-ids"),
    ("body.calendar.membership_ids[*]", "member-ids"),
    ("body.membership_ids[*]", "member-ids"),
    ("body.participant.membership_ids[*]", "member-ids"),
    ("body.participant.group_ids[*]", "group-ids"),
    ("body.participant.membership_role_ids[*]", "role-ids"),
    ("body.parent_id", "group-ids"),
)
BODY_PROBABILITY = 0.9
# fixture kinds (accounts.py) that a path's {id} names; any other kind names the path parameter of its name
BY_ID = ("file", "article", "archive")
# fixture kinds that only request bodies name: body binding key → fixture kind
FIXTURE_BODIES = (
    ("body.message_ids[*]", "message"),
    ("body.files[*].id", "file"),
    ("body.legal_text_id", "legal-text"),
)


def harvest_body_ids(base, token):
    """Real ids for request bodies, by kind; a route that fails leaves its kind empty."""
    def ids_of(path, pick):
        try:
            return [item for item in pick(fetch(base, token, path)) if isinstance(item, str) and item][:PER_ROUTE]
        except Exception:
            return []

    return {
        "calendar-ids": ids_of(
            "/calendars",
            lambda body: [c.get("id") for c in body.get("calendars", []) if c.get("can", {}).get("create_appointments")],
        ),
        "member-ids": ids_of("/directory/members?per_page=50", lambda body: [m.get("id") for m in body.get("entries", []) if not m.get("deleted")]),
        "group-ids": ids_of("/groups", lambda body: [g.get("id") for g in body.get("groups", [])]),
        "role-ids": ids_of("/membership_roles", lambda body: [r.get("id") for r in body.get("membership_roles", [])]),
        # path parameters with a name of their own: drawn from their dictionary, not cut by MAX_IDS
        "category-slugs": ids_of("/api/v1/group_categories", lambda body: [c.get("slug") for c in body.get("group_categories", [])]),
    }


# path parameter → dictionary of real values (harvest_body_ids)
PATH_BINDINGS = (("path.categorySlug", "category-slugs"),)


def main(base, token, out, *more_tokens):
    if urlsplit(base).hostname != "127.0.0.1":
        raise SystemExit("known_ids.py: only 127.0.0.1 is a target")
    document = fetch(base, token, "/api/docs")
    found = {"me": None}
    sources = []
    for path, operations in sorted(document.get("paths", {}).items()):
        # audit routes list event ids, which no path takes
        if "get" not in operations or "{" in path or "audit" in path:
            continue
        for account in (token, *more_tokens):
            try:
                route_ids = {}
                collect(fetch(base, account, path), route_ids)
                for item in route_ids:
                    found.setdefault(item, None)
                if path not in sources:
                    sources.append(path)
            except Exception:  # a route that refuses the account or answers no JSON gives no ids
                continue
    ids = list(found)[:MAX_IDS]
    body_ids = harvest_body_ids(base, token)
    # {collection} of GET /calendars/feeds/{collection}.ics: the collections the subscribe route lists
    try:
        collections = [feed["collection"] for feed in fetch(base, token, "/calendars/subscribe").get("feeds", [])]
    except Exception:
        collections = []
    state_path = os.environ.get("CN_FUZZ_STATE")
    fixture_ids = {}
    if state_path:
        with open(state_path, encoding="utf-8") as state:
            fixture_ids = {name: values for name, values in json.load(state).get("fixtures", {}).items() if values and isinstance(values, list)}
    # fixtures named by {id} (the locked files, the fuzzing accounts' articles) and the fixture blogs first, so
    # that the cut to MAX_IDS never drops them (a 404 naming one counts as past authorization in summarize.py)
    first = [item for kind in (*BY_ID, "blogId") for item in fixture_ids.get(kind, [])]
    ids = [*first, *(item for item in ids if item not in first)][:MAX_IDS]
    named = {name: values for name, values in fixture_ids.items() if name not in BY_ID and name not in dict(map(reversed, FIXTURE_BODIES))}
    for key, kind in FIXTURE_BODIES:
        if fixture_ids.get(kind):
            body_ids[f"fixture-{kind}"] = fixture_ids[kind]
    binding = '{ dictionary = "known-ids", probability = 0.5 }'
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("# generated by scripts/fuzz/known_ids.py\n")
        handle.write(f"[dictionaries.known-ids]\nvalues = {json.dumps(ids)}\n\n")
        handle.write("[parameters]\n")
        for name in ("id", "pid", "slug"):
            handle.write(f'"path.{name}" = {binding}\n')
        if collections:
            handle.write('"path.collection" = { dictionary = "collections", probability = 0.5 }\n')
        # the fixtures accounts.py made (an app and its property), for the path parameters that name them
        for name in named:
            handle.write(f'"path.{name}" = {{ dictionary = "fixture-{name}", probability = 0.5 }}\n')
        for key, dictionary in (*BODY_BINDINGS, *PATH_BINDINGS, *((key, f"fixture-{kind}") for key, kind in FIXTURE_BODIES)):
            if body_ids.get(dictionary):
                handle.write(f'"{key}" = {{ dictionary = "{dictionary}", probability = {BODY_PROBABILITY} }}\n')
        if collections:
            handle.write(f"\n[dictionaries.collections]\nvalues = {json.dumps(collections)}\n")
        for name, values in named.items():
            handle.write(f"\n[dictionaries.fixture-{name}]\nvalues = {json.dumps(values)}\n")
        for dictionary, values in body_ids.items():
            if values:
                handle.write(f"\n[dictionaries.{dictionary}]\nvalues = {json.dumps(values)}\n")
    print(f"[fuzz] {len(ids)} known ids from {len(sources)} list routes ({', '.join(sources)})", file=sys.stderr)
    kinds = ", ".join(f"{len(values)} {kind}" for kind, values in body_ids.items())
    print(f"[fuzz] ids for request bodies: {kinds}", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:])
