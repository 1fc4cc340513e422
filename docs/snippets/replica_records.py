"""Python standard library against `replica-mock serve --https`: credentials, a record, a query.

Run: SSL_CERT_FILE=<ca.pem> REPLICA_URL=https://127.0.0.1:4010 python3 replica_records.py
"""
import json
import os
import ssl
import urllib.parse
import urllib.request

BASE = os.environ.get("REPLICA_URL", "https://127.0.0.1:4010")
API_KEY = os.environ.get("REPLICA_API_KEY", "test-api-key")
# the default context verifies against the CA named by SSL_CERT_FILE (OpenSSL reads it)
CONTEXT = ssl.create_default_context()


def call(method, url, token, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, context=CONTEXT) as response:
        return json.load(response)


environment = call("POST", f"{BASE}/v1/environments", API_KEY, {"apps": ["crm"]})
credentials = call("POST", f"{BASE}/v1/environments/{environment['id']}/apps/crm/credentials", API_KEY, {})
# the token is a secret: use it, never print it
app_url, token = credentials["url"], credentials["token"]

created = call("POST", f"{app_url}/services/data/v60.0/sobjects/Account", token, {"Name": "Acme over TLS"})
record = call("GET", f"{app_url}/services/data/v60.0/sobjects/Account/{created['id']}", token)
soql = urllib.parse.quote("SELECT Id, Name FROM Account WHERE Name = 'Acme over TLS'")
result = call("GET", f"{app_url}/services/data/v60.0/query?q={soql}", token)

print(json.dumps({
    "environment": environment["id"],
    "https": app_url.startswith("https://"),
    "record": record["Name"],
    "queried": [row["Id"] for row in result["records"]] == [created["id"]],
}))
