#!/usr/bin/env bash
# The gateway's memory while it streams a large plain JSON list through a narrow selection (issue 31): a shipping
# service whose /shipments is 100 MB (bench/Popcorn.Bench.Gateway, LargeShipments: the real shipping service's OpenAPI
# document, the list generated as it is written), the multi-service sample's gateway in front of it with a cap large
# enough to read it, and the gateway process's resident memory: before, and its peak (VmHWM, reset just before) while
# it answers `{ shipments { id } }` and a wider selection, and when the client got its first byte. Prints a table and writes it to --out
# (default bench/results/gateway-memory.md). About two minutes.
#   bench/gateway/memory.sh [--megabytes N] [--out FILE]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/results/gateway-memory.md
megabytes=100
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --megabytes) megabytes="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
seconds=0
set -- "${args[@]+"${args[@]}"}"
source bench/gateway/services.sh

large=5414
gateway=5415
start bench/Popcorn.Bench.Gateway Popcorn.Bench.Gateway.dll --Port=5416 --OrdersCountPort=5417 --CustomersCountPort=5418 \
  --LargeShipmentsPort=$large --LargeShipmentsMegabytes="$megabytes" --ShippingAddress=http://127.0.0.1:5403
wait_for "http://127.0.0.1:$large/openapi/v1.json"
cap=$((megabytes * 2 * 1024 * 1024))
start samples/StoreServices/Gateway Popcorn.StoreServices.Gateway.dll --urls "http://127.0.0.1:$gateway" --Logging:LogLevel:Default=Warning \
  --Popcorn:Upstreams:orders:BaseAddress=http://127.0.0.1:5401 --Popcorn:Upstreams:customers:BaseAddress=http://127.0.0.1:5402 \
  "--Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:$large" "--Popcorn:Upstreams:shipping:MaxResponseBytes=$cap" \
  --Popcorn:Upstreams:shipping:Timeout=00:05:00 --Popcorn:Upstreams:shipping:AttemptTimeout=00:05:00 --Popcorn:MaxResponseBytes=$cap
gateway_pid=${pids[-1]}
wait_for "http://127.0.0.1:$gateway/graphql/schema.graphql"

upstream_bytes=$(curl -fsS "http://127.0.0.1:$large/shipments" | wc -c)
kib() { awk -v k="$1" '/^'"$1"':/ { print $2 }' "/proc/$gateway_pid/status"; }
mib() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1024 }'; }

# Warm-up: the query path compiled and the pools filled with a small list, so the peak below is the large list's.
for _ in 1 2 3; do
  curl -fsS -o /dev/null -H 'Content-Type: application/json' -d '{"query":"{ shipment(id: 1) { id } }"}' "http://127.0.0.1:$gateway/graphql"
done

rows=()
for selection in '{ shipments { id } }' '{ shipments { id trackingCode destination { city } events { note } } }'; do
  rss_before=$(kib VmRSS)
  echo 5 > "/proc/$gateway_pid/clear_refs" # resets VmHWM to the current RSS
  read -r client_bytes first_byte elapsed < <(curl -fsS -o "$data/answer.json" -w '%{size_download} %{time_starttransfer} %{time_total}\n' \
    -H 'Content-Type: application/json' -d "{\"query\":\"$selection\"}" "http://127.0.0.1:$gateway/graphql")
  peak=$(kib VmHWM)
  if grep -q '"errors"' "$data/answer.json"; then
    echo "The gateway answered with errors: $(head -c 400 "$data/answer.json")" >&2
    exit 1
  fi
  rows+=("| \`$selection\` | $(mib $((upstream_bytes / 1024))) | $(mib $((client_bytes / 1024))) | $(mib "$rss_before") | $(mib "$peak") | **$(mib $((peak - rss_before)))** | $(printf '%.2f' "$first_byte") | $(printf '%.2f' "$elapsed") |")
done

{
  echo "# Gateway memory while streaming a large upstream list"
  echo
  echo '```'
  echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "Commit:    $(git rev-parse --short HEAD)"
  echo "Machine:   $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "Upstream:  plain JSON shipping service (OpenAPI), /shipments generated as it is written: $megabytes MB, about 1 kB per shipment"
  echo "Gateway:   samples/StoreServices/Gateway in Release, shipping's MaxResponseBytes raised to read it; server GC (the web SDK's default)"
  echo '```'
  echo
  echo "Resident memory of the gateway process (MiB): before the request, and its peak (VmHWM, reset just before) while it"
  echo "answered; when the client got its first byte, and the whole answer. One request at a time, each after a warm-up."
  echo
  echo "| Selection | Upstream -> gateway | Gateway -> client | RSS before | Peak RSS | Growth | First byte (s) | Seconds |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
} | tee "$out"
