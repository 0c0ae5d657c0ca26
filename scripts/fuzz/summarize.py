"""Summarize a schemathesis NDJSON report: answers per operation and status, each distinct failure, and
whether every operation was fuzzed past authorization.

Usage: summarize.py REPORT.ndjson LABEL [OPENAPI.json RESULT.json]

With the OpenAPI document and a result file, it also judges the pass, one test per documented operation:
passed when no check failed for it and it was exercised past authorization (some answer other than 401 and
403), failed otherwise. Operations the document marks `x-required-role: admin|auditor` are expected to
answer 403 in the member pass and only need no failing check there. The counts are added to RESULT.json
(jest's report shape: numPassedTests, numFailedTests, numPendingTests) for the CI summary. Exit status 1
when an operation failed a check or was never exercised past authorization.
"""

import base64
import collections
import json
import os
import sys

AUTH_ONLY = {401, 403}
PRIVILEGED = {"admin", "auditor"}


def _decode(blob, limit=300):
    if not blob:
        return ""
    if isinstance(blob, dict) and "$base64" in blob:
        text = base64.b64decode(blob["$base64"]).decode("utf-8", "replace")
    else:
        text = str(blob)
    return text if len(text) <= limit else text[:limit] + "…"


def read_report(path):
    statuses = collections.defaultdict(collections.Counter)
    failures = {}
    cases = 0
    for line in open(path, encoding="utf-8"):
        event = json.loads(line)
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
            if op == "Stateful tests":
                op = f"{request.get('method')} (stateful)"
            statuses[op][response.get("status_code", "no answer")] += 1
            for check in (recorder.get("checks") or {}).get(case_id, []):
                if check.get("status") != "failure":
                    continue
                key = (check["name"], op, response.get("status_code"))
                if key not in failures:
                    failures[key] = (request, response)
    return cases, statuses, failures


def documented_operations(docs_path):
    docs = json.load(open(docs_path, encoding="utf-8"))
    operations = {}
    for path, methods in docs.get("paths", {}).items():
        for method, operation in methods.items():
            if isinstance(operation, dict):
                operations[f"{method.upper()} {path}"] = operation.get("x-required-role", "none")
    return operations


def judge(label, statuses, failures, docs_path, result_path):
    operations = documented_operations(docs_path)
    failing_ops = {op for (_check, op, _status) in failures}
    passed, failed, unexercised = 0, 0, []
    for op, role in sorted(operations.items()):
        answers = statuses.get(op, collections.Counter())
        exempt = label == "member" and role in PRIVILEGED
        exercised = any(status not in AUTH_ONLY for status in answers)
        if op in failing_ops or not (exercised or exempt):
            failed += 1
            if not (exercised or exempt):
                unexercised.append(f"{op} ({', '.join(f'{s}×{n}' for s, n in answers.items()) or 'never called'})")
        else:
            passed += 1
    # failures of the stateful phase name no single documented operation: each counts once more
    failed += len({op for op in failing_ops if op not in operations})
    result = {"numPassedTests": 0, "numFailedTests": 0, "numPendingTests": 0}
    if os.path.exists(result_path):
        result.update(json.load(open(result_path, encoding="utf-8")))
    result["numPassedTests"] += passed
    result["numFailedTests"] += failed
    json.dump(result, open(result_path, "w", encoding="utf-8"))
    print(f"== {label}: {passed} of {len(operations)} operations passed (no failing check, exercised past authorization)")
    if unexercised:
        print(f"== {label}: {len(unexercised)} operations were never exercised past authorization:")
        for line in unexercised:
            print(f"   - {line}")
    return failed == 0


def main(path, label, docs_path=None, result_path=None):
    cases, statuses, failures = read_report(path)
    print(f"== {label}: {cases} requests recorded")
    for op in sorted(statuses):
        counts = ", ".join(f"{status}×{n}" for status, n in sorted(statuses[op].items(), key=lambda kv: str(kv[0])))
        print(f"   {op:45} {counts}")
    if not failures:
        print(f"== {label}: no failing checks")
    else:
        print(f"== {label}: {len(failures)} distinct failures (check, operation, status), first request of each")
        for (check, op, status), (request, response) in failures.items():
            print(f" - {check}: {op} → {status}")
            print(f"     request:  {request.get('method')} {request.get('uri')} body={_decode(request.get('body'))}")
            print(f"     response: {_decode(response.get('content'))}")
    if docs_path and result_path:
        return 0 if judge(label, statuses, failures, docs_path, result_path) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]) if len(sys.argv) > 2 else main(sys.argv[1], "pass"))
