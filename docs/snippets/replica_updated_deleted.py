"""simple-salesforce's sf.Contact.updated(start, end) / deleted(start, end), as the requests it sends.

simple-salesforce is not installed here, so this sends what its SFType does (read from its
source, simple_salesforce/api.py): GET https://{host}/services/data/v{version}/sobjects/Contact/
joined with "updated/?start=...&end=..." (urljoin), each datetime written as
YYYY-MM-DDTHH:MM:SS+HH:MM with ":" sent as %3A and "+" as %2B, the headers Content-Type:
application/json, Authorization: Bearer <session>, X-PrettyPrint: 1; the answer parsed as JSON.

Run: SSL_CERT_FILE=<ca.pem> REPLICA_URL=https://127.0.0.1:4010 python3 replica_updated_deleted.py
"""
import datetime
import json
import os
import ssl
import urllib.parse
import urllib.request

BASE = os.environ.get("REPLICA_URL", "https://127.0.0.1:4010")
API_KEY = os.environ.get("REPLICA_API_KEY", "test-api-key")
CONTEXT = ssl.create_default_context()


def call(method, url, token=None, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, context=CONTEXT) as response:
        return json.load(response)


def sf_datetime(moment):
    """A timezone-aware datetime the way simple-salesforce puts it in the URL."""
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    offset = moment.strftime("%z")
    return f"{text}{offset[:3]}:{offset[3:]}".replace(":", "%3A").replace("+", "%2B")


environment = call("POST", f"{BASE}/v1/environments", API_KEY, {"apps": ["crm"]})
credentials = call("POST", f"{BASE}/v1/environments/{environment['id']}/apps/crm/credentials", API_KEY, {})
# simple-salesforce keeps only the host of the instance URL; the session token routes the call
host = urllib.parse.urlsplit(credentials["url"]).netloc
session = credentials["token"]
base_url = f"https://{host}/services/data/v60.0/sobjects/Contact/"

kept = call("POST", base_url, session, {"LastName": "Replicated"})
gone = call("POST", base_url, session, {"LastName": "Removed"})
urllib.request.urlopen(
    urllib.request.Request(
        urllib.parse.urljoin(base_url, gone["id"]),
        method="DELETE",
        headers={"Authorization": f"Bearer {session}"},
    ),
    context=CONTEXT,
).close()
# a window covers finished minutes: a test moves the mock clock past this one
call("POST", f"{BASE}/__replica/clock", body={"advanceMs": 120_000})

now = datetime.datetime.now(datetime.timezone.utc)
start, end = now - datetime.timedelta(hours=1), now + datetime.timedelta(hours=1)
sf_headers = {"X-PrettyPrint": "1"}
updated = call(
    "GET",
    urllib.parse.urljoin(base_url, f"updated/?start={sf_datetime(start)}&end={sf_datetime(end)}"),
    session,
    headers=sf_headers,
)
deleted = call(
    "GET",
    urllib.parse.urljoin(base_url, f"deleted/?start={sf_datetime(start)}&end={sf_datetime(end)}"),
    session,
    headers=sf_headers,
)

print(json.dumps({
    "updated": updated["ids"] == [kept["id"]],
    "deleted": [record["id"] for record in deleted["deletedRecords"]] == [gone["id"]],
    "latestDateCovered": updated["latestDateCovered"],
    "earliestDateAvailable": "earliestDateAvailable" in deleted,
}))
