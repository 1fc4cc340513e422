"""A Python client of the org's own Apex REST endpoint, against `replica-mock serve --https --apex`.

The standard library only (urllib): it places an order through POST /services/apexrest/orders/v1,
reads it back, sends an order the org's validation rule refuses, and asks the control API which
platform events the environment published.

Run: SSL_CERT_FILE=<ca.pem> REPLICA_URL=https://127.0.0.1:4010 python3 replica_apex_orders.py
"""
import json
import os
import ssl
import urllib.error
import urllib.request

BASE = os.environ.get("REPLICA_URL", "https://127.0.0.1:4010")
API_KEY = os.environ.get("REPLICA_API_KEY", "test-api-key")
# the default context verifies against the CA named by SSL_CERT_FILE (OpenSSL reads it)
CONTEXT = ssl.create_default_context()


def call(method, url, token=None, body=None):
    """(status, parsed JSON body); an error status is an answer too, not an exception."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, context=CONTEXT) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


_, environment = call("POST", f"{BASE}/v1/environments", API_KEY, {"apps": ["crm"]})
_, credentials = call("POST", f"{BASE}/v1/environments/{environment['id']}/apps/crm/credentials", API_KEY, {})
# the token is a secret: use it, never print it
orders, token = f"{credentials['url']}/services/apexrest/orders/v1", credentials["token"]

placed_status, placed = call("POST", orders, token, {"customer": "ACME-001", "orderNumber": "PY-1", "amount": 42.5})
read_status, read = call("GET", f"{orders}/PY-1", token)
refused_status, refused = call("POST", orders, token, {"customer": "ACME-001", "orderNumber": "PY-2", "amount": 0})
_, events = call("GET", f"{BASE}/__replica/environments/{environment['id']}/events?type=Order_Placed__e")

print(json.dumps({
    "placed": [placed_status, placed["status"]],
    "read": [read_status, read["customer"], read["amount"]],
    "refused": [refused_status, refused[0]["errorCode"]],
    "events": [event["fields"]["Order_Number__c"] for event in events["data"]],
}))
