"""Summarize a schemathesis NDJSON report: answers per operation and status, and each distinct failure.

The status table shows whether a pass was blind (an operation answering only 401/403 was never fuzzed
past authorization). Usage: summarize.py REPORT.ndjson [LABEL]
"""

import base64
import collections
import json
import sys


def _decode(blob, limit=300):
    if not blob:
        return ""
    if isinstance(blob, dict) and "$base64" in blob:
        text = base64.b64decode(blob["$base64"]).decode("utf-8", "replace")
    else:
        text = str(blob)
    return text if len(text) <= limit else text[:limit] + "…"


def main(path, label):
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
    print(f"== {label}: {cases} requests recorded")
    for op in sorted(statuses):
        counts = ", ".join(f"{status}×{n}" for status, n in sorted(statuses[op].items(), key=lambda kv: str(kv[0])))
        print(f"   {op:45} {counts}")
        if set(statuses[op]) <= {401, 403, 404} and sum(statuses[op].values()) > 5:
            print(f"   ^ only 401/403/404 answers: {op} was never exercised past authorization")
    if not failures:
        print(f"== {label}: no failing checks")
        return
    print(f"== {label}: {len(failures)} distinct failures (check, operation, status), first request of each")
    for (check, op, status), (request, response) in failures.items():
        print(f" - {check}: {op} → {status}")
        print(f"     request:  {request.get('method')} {request.get('uri')} body={_decode(request.get('body'))}")
        print(f"     response: {_decode(response.get('content'))}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "pass")
