#!/usr/bin/env bash
# Starts the multi-service sample: the customers service (127.0.0.1:5302), the orders service (127.0.0.1:5301), each
# with its own SQLite file under ${STORE_SERVICES_DATA:-$HOME/.popcorn-store-services}, the shipping service
# (127.0.0.1:5303, a plain JSON API described by OpenAPI, no Popcorn), and the gateway in front
# (http://127.0.0.1:5300/graphql) once all three answer. Ctrl+C (or the end of this script) stops all four.
# Ports: ORDERS_PORT, CUSTOMERS_PORT, SHIPPING_PORT, GATEWAY_PORT. See docs/gateway.md, "The multi-service sample".
set -euo pipefail
cd "$(dirname "$0")"
data=${STORE_SERVICES_DATA:-$HOME/.popcorn-store-services}
orders_port=${ORDERS_PORT:-5301}
customers_port=${CUSTOMERS_PORT:-5302}
shipping_port=${SHIPPING_PORT:-5303}
gateway_port=${GATEWAY_PORT:-5300}
mkdir -p "$data"
# One cursor key for the run, shared by the Popcorn apps, so a cursor the orders service issues pages the gateway's
# /api/orders too (its Link: rel="next"); a deployment keeps its key in its secret store instead.
cursor_key="--Popcorn:CursorKey=$(head -c 32 /dev/urandom | base64)"

for project in Customers Orders Shipping Gateway; do
  dotnet build "$project" -nologo -v quiet
done

pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

# Each app runs from its output folder, so its appsettings.json is the one it reads.
start() { # name, port, more arguments
  local name=$1 port=$2
  shift 2
  (cd "$name/bin/Debug/net10.0" && exec dotnet "Popcorn.StoreServices.$name.dll" --urls "http://127.0.0.1:$port" "$@") &
  pids+=($!)
}

# The gateway reads each service's schema (or OpenAPI document) when it starts: wait until all answer.
until_answers() { # url, the pid of the app that should answer it
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    if ! kill -0 "$2" 2>/dev/null; then echo "The app behind $1 has stopped (see its output above)." >&2; return 1; fi
    sleep 0.5
  done
  echo "$1 did not answer within 60 s." >&2
  return 1
}

start Customers "$customers_port" "--ConnectionStrings:Customers=Data Source=$data/customers.db" "$cursor_key"
customers=${pids[-1]}
start Orders "$orders_port" "--ConnectionStrings:Orders=Data Source=$data/orders.db" "$cursor_key"
orders=${pids[-1]}
start Shipping "$shipping_port"
shipping=${pids[-1]}
until_answers "http://127.0.0.1:$customers_port/popcorn/schema" "$customers"
until_answers "http://127.0.0.1:$orders_port/popcorn/schema" "$orders"
until_answers "http://127.0.0.1:$shipping_port/openapi/v1.json" "$shipping"
start Gateway "$gateway_port" \
  "--Popcorn:Upstreams:orders:BaseAddress=http://127.0.0.1:$orders_port" \
  "--Popcorn:Upstreams:customers:BaseAddress=http://127.0.0.1:$customers_port" \
  "--Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:$shipping_port" \
  "$cursor_key"
until_answers "http://127.0.0.1:$gateway_port/graphql/schema.graphql" "${pids[-1]}"
echo "The gateway answers at http://127.0.0.1:$gateway_port/graphql; try:"
echo "  curl -s http://127.0.0.1:$gateway_port/graphql -H 'Content-Type: application/json' -d '{\"query\":\"{ orders(first: 2) { id customerId } customers(where: {city: {eq: \\\"Oslo\\\"}}) { name } }\"}'"
wait -n "${pids[@]}"
