#!/usr/bin/env bash
# The second, bounded pass of load/run.sh: while wrk runs, sends each request kind of the mix a few times with
# curl and checks every response: no 5xx, and a body that is well-formed JSON (jq) whenever Popcorn or the app
# wrote it (Kestrel's own 414 has no body). Prints "CHECK ok=N bad=N" and the failures.
# Usage: check.sh BASE_URL ROUNDS DEADLINE_EPOCH_SECONDS
set -uo pipefail
base=$1 rounds=$2 deadline=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wide="[$(printf 'a,%.0s' $(seq 1 4500))a]"
deep="$(printf '[%.0s' $(seq 1 4000))$(printf ']%.0s' $(seq 1 4000))"
ok=0 bad=0

# name|method|path|header|content-type|body
requests=(
  "valid include|GET|/api/employees?include=%5Bid%2CfirstName%2Cmanager%5BfirstName%5D%5D|||"
  "valid graphql syntax|GET|/api/employees/3?include=%7B%20id%20email%20manager%20%7B%20lastName%20%7D%20%7D|||"
  "deep wildcard|GET|/api/employees?include=%5B!full%5D|||"
  "header selection|GET|/api/employees/5|[!all,-email,boss:manager[email]]||"
  "departments|GET|/api/departments?include=%7B%20__full%20%7D|||"
  "cars|GET|/api/cars|||"
  "gateway|POST|/graphql||application/json|{\"query\":\"{ employees { id } car(id: 1) { make owner { lastName } } }\"}"
  "gateway GET|GET|/graphql?query=%7B%20departments%20%7B%20name%20%7D%20%7D|||"
  "create car|POST|/api/cars?include=%5Bid%2Cowner%5BfirstName%5D%5D||application/json|{\"make\":\"Check\",\"model\":\"T\",\"year\":2024,\"color\":\"red\",\"ownerId\":3}"
  "unknown field|GET|/api/employees?include=%5Bid%2Cemial%5D|||"
  "never field|GET|/api/employees/2?include=%5BsocialSecurityNumber%5D|||"
  "syntax error|GET|/api/employees?include=%5Bid|||"
  "not json|POST|/graphql||application/json|{not json"
  "wrong media type|POST|/graphql||text/plain|{}"
  "lone surrogate|POST|/graphql||application/json|{\"query\":\"{ employees { id } } #\\ud800\"}"
  "not found|GET|/api/employees/999|||"
  "oversized header|GET|/api/employees|${wide}||"
  "deep header|GET|/api/employees|${deep}||"
  "deep include|GET|/api/employees?include=$(printf '%%5Ba%.0s' $(seq 1 40))$(printf '%%5D%.0s' $(seq 1 40))|||"
)

for ((round = 0; round < rounds; round++)); do
  for entry in "${requests[@]}"; do
    [ "$(date +%s)" -ge "$deadline" ] && break 2
    IFS='|' read -r name method path header type body <<<"$entry"
    args=(-s -o "$tmp/body" -w '%{http_code}' --max-time 10 -X "$method")
    [ -n "$header" ] && args+=(-H "Popcorn-Include: $header")
    [ -n "$type" ] && args+=(-H "Content-Type: $type")
    [ -n "$body" ] && args+=(--data-binary "$body")
    status=$(curl "${args[@]}" "$base$path")
    if [ "${status:-000}" -ge 500 ] || [ "${status:-000}" = 000 ]; then
      bad=$((bad + 1)); echo "BAD $name: status $status"
    elif [ -s "$tmp/body" ] && ! jq empty "$tmp/body" 2>/dev/null; then
      bad=$((bad + 1)); echo "BAD $name: status $status, body is not JSON: $(head -c 200 "$tmp/body")"
    elif [ ! -s "$tmp/body" ] && [ "$status" != 414 ]; then
      bad=$((bad + 1)); echo "BAD $name: status $status with an empty body"
    else
      ok=$((ok + 1))
    fi
  done
done
echo "CHECK ok=$ok bad=$bad"
