"""Summarize a schemathesis NDJSON report per operation, and judge whether the pass really fuzzed.

Usage: summarize.py REPORT.ndjson LABEL [--openapi OPENAPI.json] [--role admin|member] [--json OUT.json]

Prints answers per operation and status, each distinct failing check, and a verdict per operation of the
OpenAPI document (stateful requests are attributed to the operation their method and path match):
- failed: schemathesis found a failing check (or an error) for it;
- failed, not exercised: it never answered anything but 401/403/404/429 (or was never called): the pass
  did not get past authorization (or past the lookup of its ids) there, so it was not fuzzed. A 404 among
  other answers is fine (random ids); 404 alone means not even the known ids got through, unless a 404
  answered a request naming a real id (the entity was found; what was asked of it was not there);
- with --role member, operations the document marks admin- or auditor-only (`x-required-role`) are
  expected to answer 401/403 and are exempt; one answering 2xx to the member fails (authorization leak);
- skipped: an operation without ids in its path that answers only 404 (the route is off in this
  configuration, e.g. translation without TRANSLATION_URL);
- passed otherwise.
--json writes { numPassedTests, numFailedTests, numPendingTests, operations } (jest's summary shape,
one test per operation). Exit status: 1 when an operation failed, 0 otherwise.
"""

import argparse
import base64
import collections
import json
import re
import sys
from urllib.parse import urlsplit

GATE = {401, 403, 404, 429}  # answers that stop a request before the operation itself runs
PRIVILEGED = {"admin", "auditor"}
# member routes whose authorization needs what a member's pass cannot hold, with why: they answer the member
# 401/403/404 and are exempt like the admin-only ones (a 2xx to the member fails)
OUT_OF_MEMBERS_REACH = {
    "DELETE /blogs/{blogId}/articles/{id}": "a channel's author or an admin deletes its articles, and only admins create channels",
}


def _decode(blob, limit=300):
    if not blob:
        return ""
    if isinstance(blob, dict) and "$base64" in blob:
        text = base64.b64decode(blob["$base64"]).decode("utf-8", "replace")
    else:
        text = str(blob)
    return text if len(text) <= limit else text[:limit] + "…"


def load_operations(path):
    """{label: required role or None} and a matcher from (method, url path) to label."""
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    operations = {}
    patterns = []
    for template, methods in document.get("paths", {}).items():
        for method, operation in methods.items():
            if not isinstance(operation, dict):
                continue
            label = f"{method.upper()} {template}"
            operations[label] = operation.get("x-required-role")
            regex = "".join(
                "[^/]*" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{[^}]+\})", template) if part
            )
            patterns.append((template.count("{"), method.upper(), re.compile(f"^{regex}$"), label))
    patterns.sort(key=lambda item: item[0])  # literal segments win: /appointments/categories before /appointments/{id}

    def match(method, uri):
        path = urlsplit(uri or "").path
        for _, candidate_method, regex, label in patterns:
            if candidate_method == (method or "").upper() and regex.match(path):
                return label
        return None

    return operations, match


def load_known_ids(path):
    """The real ids known_ids.py fed into path parameters (its [dictionaries.known-ids] values), 'me' aside."""
    if not path:
        return set()
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        return set()
    found = re.search(r"\[dictionaries\.known-ids\]\s*values = (\[.*?\])\n", text, re.S)
    return {value for value in json.loads(found.group(1)) if value != "me"} if found else set()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("label", nargs="?", default="pass")
    parser.add_argument("--openapi")
    parser.add_argument("--role", choices=("admin", "member"), default="admin")
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--known-ids", dest="known_ids", help="the schemathesis.toml known_ids.py wrote")
    args = parser.parse_args()
    known = load_known_ids(args.known_ids)
    # operations that answered 404 to a request naming a real id: the request got past authorization and
    # found the entity; what it asked for (a waiting-list place, an invite of someone else) was not there
    known_404 = set()

    operations, match = load_operations(args.openapi) if args.openapi else ({}, lambda method, uri: None)
    statuses = collections.defaultdict(collections.Counter)
    failures = {}
    errors = collections.defaultdict(list)
    cases = 0
    for line in open(args.report, encoding="utf-8"):
        event = json.loads(line)
        error = event.get("NonFatalError")
        if error:
            label = error.get("label") or "(no operation)"
            info = error.get("info") or error.get("value") or {}
            errors[label].append(str(info.get("message") or info.get("title") or info)[:300] if isinstance(info, dict) else str(info)[:300])
            continue
        finished = event.get("ScenarioFinished")
        if not finished:
            continue
        recorder = finished["recorder"]
        interactions = recorder.get("interactions") or {}
        for case_id, interaction in interactions.items():
            cases += 1
            request = interaction.get("request") or {}
            response = interaction.get("response") or {}
            op = recorder["label"]
            if op not in operations:
                op = match(request.get("method"), request.get("uri")) or (
                    f"{request.get('method')} (stateful)" if op == "Stateful tests" else op
                )
            statuses[op][response.get("status_code", "no answer")] += 1
            if response.get("status_code") == 404 and known and set(urlsplit(request.get("uri") or "").path.split("/")) & known:
                known_404.add(op)
            for check in (recorder.get("checks") or {}).get(case_id, []):
                if check.get("status") != "failure":
                    continue
                key = (check["name"], op, response.get("status_code"))
                if key not in failures:
                    failures[key] = (request, response)

    print(f"== {args.label}: {cases} requests recorded")
    for op in sorted(set(statuses) | set(operations)):
        counts = ", ".join(f"{status}×{n}" for status, n in sorted(statuses[op].items(), key=lambda kv: str(kv[0])))
        print(f"   {op:45} {counts or 'never called'}")

    verdicts = {}
    failing_ops = {op for _, op, _ in failures} | set(errors)
    for op in sorted(operations or statuses):
        answered = {status for status in statuses[op] if isinstance(status, int)}
        exempt = args.role == "member" and (operations.get(op) in PRIVILEGED or op in OUT_OF_MEMBERS_REACH)
        if exempt and any(200 <= status < 300 for status in answered):
            verdict = "failed: admin/auditor-only, yet it answered 2xx to a member"
        elif exempt:
            why = OUT_OF_MEMBERS_REACH.get(op, "admin/auditor-only")
            verdict = "failed: schemathesis found failures" if op in failing_ops else f"passed ({why}: 401/403 expected)"
        elif not answered:
            verdict = "failed: never called"
        elif answered == {404} and "{" not in op:
            # no id to miss: the route itself is off in this configuration (e.g. translation without TRANSLATION_URL)
            verdict = "skipped: answers only 404 without any id in its path (feature off here?)"
        elif answered <= GATE and op not in known_404:
            verdict = "failed: not exercised past authorization (only " + "/".join(str(s) for s in sorted(answered)) + ")"
        elif op in failing_ops:
            verdict = "failed: schemathesis found failures"
        else:
            verdict = "passed"
        verdicts[op] = {"verdict": verdict, "statuses": {str(k): v for k, v in statuses[op].items()}, "role": operations.get(op)}

    exercised = [op for op, v in verdicts.items() if not v["verdict"].startswith(("failed: never", "failed: not exercised", "skipped"))]
    exempt_count = sum(1 for v in verdicts.values() if "401/403 expected" in v["verdict"])
    print(
        f"== {args.label}: {len(exercised) - exempt_count} of {len(verdicts) - exempt_count} operations exercised past authorization"
        + (f" ({exempt_count} admin/auditor-only operations answered 401/403 as expected)" if exempt_count else "")
    )
    unexercised = [op for op, v in verdicts.items() if v["verdict"].startswith(("failed: never", "failed: not exercised"))]
    if unexercised:
        print(f"== {args.label}: {len(unexercised)} operations NOT exercised past authorization:")
        for op in unexercised:
            print(f" - {op}: {verdicts[op]['verdict'].split(': ', 1)[1]}")
    leaks = [op for op, v in verdicts.items() if "answered 2xx to a member" in v["verdict"]]
    for op in leaks:
        print(f" ! {op}: admin/auditor-only, yet it answered 2xx to the member")
    if errors:
        print(f"== {args.label}: errors reported by schemathesis")
        for op, messages in errors.items():
            print(f" - {op}: {messages[0]}" + (f" (+{len(messages) - 1} more)" if len(messages) > 1 else ""))
    if failures:
        print(f"== {args.label}: {len(failures)} distinct failures (check, operation, status), first request of each")
        for (check, op, status), (request, response) in failures.items():
            print(f" - {check}: {op} → {status}")
            print(f"     request:  {request.get('method')} {request.get('uri')} body={_decode(request.get('body'))}")
            print(f"     response: {_decode(response.get('content'))}")
    else:
        print(f"== {args.label}: no failing checks")

    failed = sum(1 for v in verdicts.values() if v["verdict"].startswith("failed"))
    skipped = [op for op, v in verdicts.items() if v["verdict"].startswith("skipped")]
    for op in skipped:
        print(f" ~ {op}: {verdicts[op]['verdict']}")
    passed = len(verdicts) - failed - len(skipped)
    print(f"== {args.label}: {passed} operations passed, {failed} failed, {len(skipped)} skipped")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as handle:
            json.dump(
                {"numPassedTests": passed, "numFailedTests": failed, "numPendingTests": len(skipped), "operations": verdicts},
                handle,
                indent=2,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
