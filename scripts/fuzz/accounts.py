"""Set up every session the fuzz passes need, once, before any fuzzing: usage accounts.py BASE_URL OUT_JSON

Nothing signs in after this: the fuzzer hammers POST /users/sign_in with wrong passwords, and a sign-in
throttle (429 too_many_attempts with Retry-After, per address) would refuse the harness mid-run. So all
sign-ins happen here, and a 429 here is waited out (Retry-After, at most MAX_WAIT seconds in all).

Writes OUT_JSON:
  passes.<pass>.session   the fuzzing account's {token, csrf, id, calendar_token} (admin@ / member@example.org)
  passes.<pass>.decoy     a throwaway member's sessions {signout: {token, csrf}, credentials: {token, csrf}, id}:
                          hooks.py sends the pass's sign-out and own-credential calls with these, so the
                          fuzzing account is never signed out and never has its password or tokens changed
  target_id               a throwaway member that hooks.py puts in place of a protected id in member routes
  protected_ids           the seed accounts and the decoys: never erased or edited by the fuzzer
  collections             the calendar feed collections (for {collection} in /calendars/feeds/{collection}.ics)
Only 127.0.0.1 is contacted.
"""

import base64
import json
import secrets
import string
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

SEED_PASSWORD = "changeme"
PASSES = {"admin": "admin@example.org", "member": "member@example.org"}
SEED_EMAILS = ("admin@example.org", "member@example.org", "guest@example.org", "auditor@example.org")
MAX_WAIT = 180
_waited = 0.0


def strong_password():
    """32 random characters from every class (a password policy is coming: long, mixed, not the email)."""
    alphabet = string.ascii_letters + string.digits + "!#%*+-=?@^_~"
    while True:
        password = "".join(secrets.choice(alphabet) for _ in range(32))
        if (
            any(c.islower() for c in password)
            and any(c.isupper() for c in password)
            and any(c.isdigit() for c in password)
            and any(not c.isalnum() for c in password)
        ):
            return password


def request(base, method, path, body=None, token=None, csrf=None, headers=None):
    """→ (status, headers, parsed JSON or None); waits out a 429 by its Retry-After."""
    global _waited
    while True:
        all_headers = {"Accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            all_headers["Content-Type"] = "application/json"
        if token:
            all_headers["Cookie"] = f"cn_session={token}"
        if csrf:
            all_headers["X-CSRF-Token"] = csrf
        req = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                raw = response.read().decode("utf-8")
                return response.status, response.headers, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read().decode("utf-8", "replace")
            if error.code == 429:
                try:
                    wait = float(error.headers.get("Retry-After") or 5)
                except ValueError:
                    wait = 5.0
                wait = max(1.0, min(wait, 60.0))
                if _waited + wait > MAX_WAIT:
                    raise SystemExit(f"accounts.py: {method} {path} still answers 429 after {_waited:.0f} s of waiting")
                print(f"[fuzz] {method} {path}: 429, waiting {wait:.0f} s (Retry-After)", file=sys.stderr)
                _waited += wait
                time.sleep(wait)
                continue
            try:
                parsed = json.loads(raw) if raw else None
            except ValueError:
                parsed = raw
            return error.code, error.headers, parsed


def sign_in(base, email, password):
    status, headers, body = request(base, "POST", "/users/sign_in", {"email": email, "password": password})
    if status != 200:
        raise SystemExit(f"accounts.py: sign-in as {email} answered {status}: {body}")
    token = None
    for cookie in headers.get_all("Set-Cookie") or []:
        name, _, rest = cookie.partition("=")
        if name.strip() == "cn_session":
            token = rest.split(";", 1)[0]
    if not token:
        raise SystemExit(f"accounts.py: sign-in as {email} set no cn_session cookie")
    status, _, network = request(base, "GET", "/api/v1/network", token=token)
    if status != 200 or not network.get("csrf_token"):
        raise SystemExit(f"accounts.py: no CSRF token for {email} ({status})")
    return {"token": token, "csrf": network["csrf_token"], "id": body["member"]["id"]}


def expect(what, status, body, ok=(200, 201)):
    if status not in ok:
        raise SystemExit(f"accounts.py: {what} answered {status}: {body}")
    return body


def register(base, admin, label):
    """A throwaway member registered by the admin; signed in only once the read side knows it."""
    email = f"fuzz-{label}-{secrets.token_hex(4)}@example.org"
    password = strong_password()
    body = {"user": {"email": email, "password": password, "first_name": "Fuzz", "last_name": label.capitalize()}}
    status, _, answer = request(base, "POST", "/administration/members", body, admin["token"], admin["csrf"])
    answer = expect(f"registering {email}", status, answer)
    # read your own write: the query waits until the read models reached the registration
    request(base, "GET", "/administration/members", token=admin["token"], headers={"X-Consistency-Position": str(answer["position"])})
    return {"email": email, "password": password, "id": answer["id"]}


# a 1x1 PNG: the smallest image the editor images' upload accepts (sniffed and resized)
TINY_PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


def upload(base, session, path="/api/storage/files", text="a file the fuzzer may lock and unlock", filename="fuzz.txt", content_type="text/plain", data=None):
    """A multipart upload of a small text file (a new file, or a new version on .../versions), or of `data`; its answer's id, or None."""
    boundary = "cn-fuzz-" + secrets.token_hex(8)
    part = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\nContent-Type: {content_type}\r\n\r\n'.encode("utf-8")
        + (data if data is not None else text.encode("utf-8"))
        + f"\r\n--{boundary}--\r\n".encode("utf-8")
    )
    sent = urllib.request.Request(
        base + path,
        data=part,
        method="POST",
        headers={"Cookie": f"cn_session={session['token']}", "X-CSRF-Token": session["csrf"], "Accept": "application/json", "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    try:
        with urllib.request.urlopen(sent, timeout=30) as response:
            return json.loads(response.read().decode("utf-8"))["id"]
    except (urllib.error.URLError, KeyError, ValueError) as error:
        print(f"[fuzz] note: an upload to {path} failed ({error})", file=sys.stderr)
        return None


def upload_published(base, admin, folder_id="root"):
    """A file uploaded and published into a folder (the network's root by default); its id, or None."""
    file_id = upload(base, admin)
    if file_id is None:
        return None
    status, _, answer = request(base, "POST", "/api/storage/files/publish", {"files": [{"id": file_id}], "folder_ids": [folder_id]}, admin["token"], admin["csrf"])
    if status not in (200, 201):
        print(f"[fuzz] note: a file fixture could not be published ({status}: {answer})", file=sys.stderr)
        return None
    return file_id


def pending_version(base, admin, member, group_id):
    """A version awaiting approval in the open group, which the seed's member administers: a third member who
    joined the group proposes a new version of the member's file there. {"id": file, "versionId": version}, or None."""
    status, _, roots = request(base, "GET", "/api/storage/roots", None, member["token"], member["csrf"])
    root = next((r for r in (roots or {}).get("roots", []) if r.get("group_id") == group_id), None) if status == 200 else None
    file_id = upload_published(base, member, root["id"]) if root else None
    if file_id is None:
        return None
    proposer = register(base, admin, "proposer")
    session = sign_in(base, proposer["email"], proposer["password"])
    status, _, answer = request(base, "POST", "/api/v1/groups/gardening/join", None, session["token"], session["csrf"])
    if status not in (200, 201, 204) or upload(base, session, f"/api/storage/files/{file_id}/versions", "a proposed version") is None:
        print(f"[fuzz] note: no version could be proposed ({status}: {answer})", file=sys.stderr)
        return None
    status, _, review = request(base, "GET", "/api/storage/approval/open", None, member["token"], member["csrf"])
    version = next((v for v in (review or {}).get("versions", []) if v.get("file_id") == file_id), None) if status == 200 else None
    return {"id": file_id, "versionId": version["id"]} if version else None


def fixtures(base, admin, member=None):
    """What no list route offers and the fuzzer cannot make up: an app (its id is its slug) with a property,
    so that the routes under /api/v1/apps/{app} are exercised past authorization. A fixture that cannot be
    made is left out, with a note: the summary then names the operations it would have exercised."""
    made = {}
    status, _, answer = request(base, "POST", "/api/v1/apps", {"slug": "fuzz-board", "name": "Fuzz board"}, admin["token"], admin["csrf"])
    if status in (200, 201):
        made["app"] = ["fuzz-board"]
        status, _, answer = request(
            base, "PUT", "/api/v1/apps/fuzz-board/properties/fuzz_status", {"name": "status", "type": "text", "label": "Status"}, admin["token"], admin["csrf"]
        )
        if status == 200:
            made["propertyId"] = ["fuzz_status"]
        # a tag property and an item with tags: the network's tags exist only where items are tagged, and their
        # ids (harvested from GET /administration/tags by known_ids.py) let rename, merge and delete pass the lookup
        tag_status, _, tag_answer = request(
            base, "PUT", "/api/v1/apps/fuzz-board/properties/fuzz_tags", {"name": "tags", "type": "tag", "label": "Tags", "multiple": True}, admin["token"], admin["csrf"]
        )
        if tag_status == 200:
            tags = [f"Fuzz tag {n}" for n in range(1, 13)]
            tag_status, _, tag_answer = request(base, "POST", "/api/v1/apps/fuzz-board/items", {"values": {"tags": tags}}, admin["token"], admin["csrf"])
        if tag_status not in (200, 201):
            print(f"[fuzz] note: a tagged item could not be made ({tag_status}: {tag_answer})", file=sys.stderr)
    if status not in (200, 201):
        print(f"[fuzz] note: an app fixture could not be made ({status}: {answer})", file=sys.stderr)
    # published files in the network's root folder, one locked by each fuzzing account (an unlock is its own
    # locker's or an admin's), their ids joining the known ids of every path's {id}
    for locker in (account for account in (admin, member) if account):
        file_id = upload_published(base, admin)
        if file_id is None:
            continue
        status, _, answer = request(base, "PUT", f"/api/storage/files/{file_id}/lock", {}, locker["token"], locker["csrf"])
        if status in (200, 201, 204):
            made.setdefault("file", []).append(file_id)
        else:
            print(f"[fuzz] note: a file fixture could not be locked ({status}: {answer})", file=sys.stderr)
    # an editor image (GET /api/storage/assets/{assetId}/preview has no list route naming its id but the uploader's picker)
    asset_id = upload(base, admin, "/api/storage/assets/ckeditor/images", filename="fuzz.png", content_type="image/png", data=TINY_PNG)
    if asset_id is not None:
        made["assetId"] = [asset_id]
    # GET /api/storage/images/{id}/get/{size}: the named sizes (the locked files above are its {id}s)
    made["size"] = ["thumb", "preview", "lightbox"]
    # an archive export of the network's root folder by each fuzzing account (only its asker reads or downloads
    # it): GET /api/storage/archives/{id} and its download are exercised past the lookup; and a spare one each:
    # DELETE /api/storage/archives/{id} aimed at the kept export deletes the spare instead (hooks.py)
    for asker in (account for account in (admin, member) if account):
        ids = []
        for _ in range(2):
            status, _, answer = request(base, "POST", "/api/storage/archives", {"folder_ids": ["root"]}, asker["token"], asker["csrf"])
            if status == 201 and isinstance(answer, dict) and answer.get("id"):
                ids.append(answer["id"])
            else:
                print(f"[fuzz] note: an archive export could not be requested ({status}: {answer})", file=sys.stderr)
        if ids:
            made.setdefault("archive", []).append(ids[0])
        if len(ids) == 2:
            made["kept"] = {**made.get("kept", {}), ids[0]: ids[1]}
    # a channel of the admin's with an article in its blog (no list offers blog or article ids); members may not
    # create channels, so a member's pass cannot delete an article (summarize.py names it out of the member's reach)
    status, _, answer = request(base, "POST", "/channels", {"channel": {"title": "Fuzz channel", "slug": "fuzz-channel"}}, admin["token"], admin["csrf"])
    if status in (200, 201):
        made["blogId"] = ["fuzz-channel"]
        status, _, answer = request(
            base, "POST", "/blogs/fuzz-channel/articles", {"article": {"title": "Fuzz article", "html_content": "<p>An article the fuzzer may delete.</p>"}}, admin["token"], admin["csrf"]
        )
        if status in (200, 201):
            made["article"] = [answer["id"]]
    if status not in (200, 201):
        print(f"[fuzz] note: a channel or article fixture could not be made ({status}: {answer})", file=sys.stderr)
    # direct messages both ways, so each pass has one in its inbox and one among its sent messages: the batch
    # routes (read, unread, delete) name them in their bodies (known_ids.py's message-ids)
    if member:
        for sender, recipient in ((admin, member), (member, admin)):
            status, _, answer = request(base, "POST", "/api/v1/messages", {"to": [recipient["id"]], "subject": "Fuzz", "content": "A message the fuzzer may read and delete."}, sender["token"], sender["csrf"])
            if status in (200, 201):
                made.setdefault("message", []).append(answer["id"])
            else:
                print(f"[fuzz] note: a message fixture could not be sent ({status}: {answer})", file=sys.stderr)
    # a design of the seed's open group and one of its category: their routes name the scope and the design
    # together, which drawn ids almost never pair; hooks.py names these pairs every other call
    design_routes = {}
    design_body = {"name": "Fuzz design", "primary_color": "#336699", "primary_text_color": "#ffffff", "background_color": "#fafafa", "logo_url": None}
    status, _, answer = request(base, "POST", "/groups/gardening/administration/designs", design_body, admin["token"], admin["csrf"])
    if status in (200, 201):
        design_routes["group"] = {"slug": "gardening", "id": answer["id"]}
    status, _, group = request(base, "GET", "/api/v1/groups/gardening", None, admin["token"], admin["csrf"])
    category_id = group.get("group_category_id") if status == 200 and isinstance(group, dict) else None
    # {groupId} (a group's widget bars) names the open group half of the time (known_ids.py binds a fixture by its
    # parameter's name): the seed's member administers it, so both passes get past the group-admin check
    if status == 200 and isinstance(group, dict) and group.get("id"):
        made["groupId"] = [group["id"]]
        # pending_versions/{versionId} (approve, discard) past the group-admin check: hooks.py names the pair every other call
        pair = pending_version(base, admin, member, group["id"]) if member else None
        if pair:
            made["pending_version"] = pair
        else:
            print("[fuzz] note: a pending version fixture could not be made", file=sys.stderr)
    if category_id:
        status, _, answer = request(base, "POST", f"/group-categories/{category_id}/administration/designs", design_body, admin["token"], admin["csrf"])
        if status in (200, 201):
            design_routes["category"] = {"categoryId": category_id, "id": answer["id"]}
    if category_id:
        # {ref} and {categoryId} name the open group's category half of the time, and the seed's member
        # administers it, so that both passes get past the category's own rule (its administration, designs)
        made["ref"] = [category_id]
        made["categoryId"] = [category_id]
        if member:
            status, _, answer = request(base, "PUT", f"/administration/group-categories/{category_id}/administrators/{member['id']}", None, admin["token"], admin["csrf"])
            if status not in (200, 201, 204):
                print(f"[fuzz] note: the member could not be made the category's administrator ({status}: {answer})", file=sys.stderr)
    if category_id:
        # a spare group in the open group's category for each pass, founded by that pass's account (so that it
        # administers it): deleting or archiving the open group goes to the pass's spare instead (hooks.py), so the
        # admin's pass cannot take the open group the member's pass reads (its widget bars, search, designs) away
        status, _, listed = request(base, "GET", "/api/v1/group_categories", None, admin["token"], admin["csrf"])
        category_slug = next((c.get("slug") for c in (listed or {}).get("group_categories", []) if c.get("id") == category_id), None) if status == 200 else None
        spares = {}
        for name, account in (("admin", admin), ("member", member)):
            if not account or not category_slug:
                continue
            body = {"group_category_slug": category_slug, "group": {"name": f"Fuzz spare group {name}"}}
            status, _, answer = request(base, "POST", "/groups", body, account["token"], account["csrf"])
            if status in (200, 201) and isinstance(answer, dict) and answer.get("slug"):
                spares[name] = answer["slug"]
            else:
                print(f"[fuzz] note: a spare group could not be founded for the {name} pass ({status}: {answer})", file=sys.stderr)
        made["spare_groups"] = spares
    if len(design_routes) < 2:
        print(f"[fuzz] note: a design fixture could not be made ({status}: {answer})", file=sys.stderr)
    made["design_routes"] = design_routes
    # a legal text, whose handle names its public page, and a spare one: a change or deletion the fuzzer aims at
    # the kept text goes to the spare instead (hooks.py), so that its page still answers in the member's pass
    texts = {}
    for handle, name in (("fuzz-terms", "Fuzz terms"), ("fuzz-spare", "Fuzz spare")):
        status, _, answer = request(base, "POST", "/administration/legal_texts", {"name": name, "handle": handle, "text": "<p>Terms the fuzzer reads.</p>"}, admin["token"], admin["csrf"])
        if status in (200, 201):
            texts[handle] = answer["id"]
        else:
            print(f"[fuzz] note: a legal text fixture could not be made ({status}: {answer})", file=sys.stderr)
    if "fuzz-terms" in texts:
        made["handle"] = ["fuzz-terms"]
        made["legal-text"] = [texts["fuzz-terms"]]
        if "fuzz-spare" in texts:
            made["kept"] = {**made.get("kept", {}), texts["fuzz-terms"]: texts["fuzz-spare"]}
    # a page, whose slug names it (GET /api/v1/pages/{pageSlug}), and a spare one: changes and deletions aimed at
    # the kept page go to the spare (hooks.py), so that both passes still read it
    pages = {}
    for slug, title in (("fuzz-page", "Fuzz page"), ("fuzz-page-spare", "Fuzz page spare")):
        status, _, answer = request(base, "POST", "/administration/pages", {"title": title, "slug": slug, "content": "<p>A page the fuzzer reads.</p>"}, admin["token"], admin["csrf"])
        if status in (200, 201):
            pages[slug] = answer["id"]
        else:
            print(f"[fuzz] note: a page fixture could not be made ({status}: {answer})", file=sys.stderr)
    if "fuzz-page" in pages:
        made["pageSlug"] = ["fuzz-page"]
        if "fuzz-page-spare" in pages:
            made["kept"] = {**made.get("kept", {}), pages["fuzz-page"]: pages["fuzz-page-spare"]}
    return made


def main(base, out):
    if urlsplit(base).hostname != "127.0.0.1":
        raise SystemExit("accounts.py: only 127.0.0.1 is a target")
    sessions = {name: sign_in(base, email, SEED_PASSWORD) for name, email in PASSES.items()}
    admin = sessions["admin"]

    # the other seed accounts' ids without signing them in (fewer sign-ins, nothing to revoke)
    status, _, members = request(base, "GET", "/administration/members", token=admin["token"])
    members = expect("listing members", status, members, ok=(200,))
    protected = {m["id"] for m in members if m.get("email") in SEED_EMAILS}

    passes = {}
    for name, session in sessions.items():
        # the account's calendar token, for the feed (hooks.py adds ?token=); the fuzzer never rotates it
        status, _, issued = request(base, "POST", "/users/calendar_token", {}, session["token"], session["csrf"])
        session["calendar_token"] = expect(f"issuing {name}'s calendar token", status, issued)["token"]
        decoy = register(base, admin, f"decoy-{name}")
        passes[name] = {
            "session": session,
            "decoy": {
                "id": decoy["id"],
                "email": decoy["email"],
                # two sessions: sign-outs revoke the first; own-credential calls keep the second usable
                "signout": {k: v for k, v in sign_in(base, decoy["email"], decoy["password"]).items() if k != "id"},
                "credentials": {k: v for k, v in sign_in(base, decoy["email"], decoy["password"]).items() if k != "id"},
            },
        }
        protected.add(session["id"])
        protected.add(decoy["id"])
    target = register(base, admin, "target")

    status, _, subscribe = request(base, "GET", "/calendars/subscribe", token=admin["token"])
    collections = [feed["collection"] for feed in (subscribe or {}).get("feeds", [])] if status == 200 else []

    state = {
        "passes": passes,
        "target_id": target["id"],
        "protected_ids": sorted(protected),
        "collections": collections,
        "fixtures": fixtures(base, admin, sessions.get("member")),
    }
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(state, handle, indent=2)
    print(
        f"[fuzz] sessions ready: {', '.join(f'{n} ({PASSES[n]})' for n in passes)}, a decoy member per pass for "
        f"sign-out and own-credential calls, {len(protected)} protected ids, {len(collections)} feed collections",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
