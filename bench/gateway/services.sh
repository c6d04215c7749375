# Sourced by bench/gateway/run.sh and latency.sh: reads --out, --seconds (defaults: $out and $seconds set by the
# caller) and --orders (how many orders the orders service seeds; 40, the sample's, by default), finds wrk, builds the multi-service sample and the bench host in Release, and starts the three services on
# loopback (orders 5401, customers 5402 on throwaway SQLite files, shipping 5403). Defines start (a Release dll in the
# background, stopped on exit), wait_for (a URL that answers) and encode (a selection for a query string).
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --orders) orders="$2"; shift 2 ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done
smoke=false
orders=${orders:-40}
source bench/http/wrk.sh

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
data=$(mktemp -d)
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT

echo "== Building (Release)"
for project in samples/StoreServices/Customers samples/StoreServices/Orders samples/StoreServices/Shipping samples/StoreServices/Gateway bench/Popcorn.Bench.Gateway; do
  dotnet build "$project" -c Release -nologo -v quiet >/dev/null
done

start() { # folder, dll, arguments...
  local folder=$1 dll=$2
  shift 2
  (cd "$folder/bin/Release/net10.0" && exec dotnet "$dll" "$@" >/dev/null 2>&1) &
  pids+=($!)
}
wait_for() { # url
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "$1 did not answer within 60 s." >&2
  exit 1
}
encode() { node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$1"; }

start samples/StoreServices/Customers Popcorn.StoreServices.Customers.dll --urls http://127.0.0.1:5402 "--ConnectionStrings:Customers=Data Source=$data/customers.db" --Logging:LogLevel:Default=Warning
start samples/StoreServices/Orders Popcorn.StoreServices.Orders.dll --urls http://127.0.0.1:5401 "--ConnectionStrings:Orders=Data Source=$data/orders.db" --Logging:LogLevel:Default=Warning "--Seed:Orders=$orders"
start samples/StoreServices/Shipping Popcorn.StoreServices.Shipping.dll --urls http://127.0.0.1:5403 --Logging:LogLevel:Default=Warning
wait_for http://127.0.0.1:5402/popcorn/schema
wait_for http://127.0.0.1:5401/popcorn/schema
wait_for http://127.0.0.1:5403/openapi/v1.json
