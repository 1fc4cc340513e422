#!/bin/sh
# curl (and jq) against `replica-mock serve --https`: credentials, a record, a query.
# Run: CA=<ca.pem> REPLICA_URL=https://127.0.0.1:4010 sh replica_records.sh
set -eu
BASE="${REPLICA_URL:-https://127.0.0.1:4010}"
API_KEY="${REPLICA_API_KEY:-test-api-key}"
V=services/data/v60.0

# call METHOD URL TOKEN [JSON-BODY]: --cacert trusts the local CA for this call only
call() {
  curl -sS --fail-with-body --cacert "$CA" -X "$1" "$2" \
    -H "authorization: Bearer $3" -H 'content-type: application/json' ${4:+-d "$4"}
}

ENV=$(call POST "$BASE/v1/environments" "$API_KEY" '{"apps":["crm"]}' | jq -r .id)
CREDS=$(call POST "$BASE/v1/environments/$ENV/apps/crm/credentials" "$API_KEY" '{}')
APP_URL=$(printf '%s' "$CREDS" | jq -r .url)
# the token is a secret: use it, never print it
TOKEN=$(printf '%s' "$CREDS" | jq -r .token)

ID=$(call POST "$APP_URL/$V/sobjects/Account" "$TOKEN" '{"Name":"Acme over TLS"}' | jq -r .id)
NAME=$(call GET "$APP_URL/$V/sobjects/Account/$ID" "$TOKEN" | jq -r .Name)
FOUND=$(call GET "$APP_URL/$V/query?q=SELECT+Id+FROM+Account+WHERE+Id=%27$ID%27" "$TOKEN" | jq .totalSize)

jq -cn --arg env "$ENV" --arg url "$APP_URL" --arg name "$NAME" --argjson found "$FOUND" \
  '{environment: $env, https: ($url | startswith("https://")), record: $name, queried: ($found == 1)}'
