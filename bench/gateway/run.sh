#!/usr/bin/env bash
# The gateway against a hand-written backend-for-frontend and against YARP (issue 31), on the multi-service sample:
# the orders and customers services (each its own process and SQLite file), the shipping service, the gateway, and
# bench/Popcorn.Bench.Gateway (the hand-written side, YARP, and byte-counting forwarders), all on loopback, all Release.
#
#   bench/gateway/run.sh                       # report in bench/results/gateway.md
#   bench/gateway/run.sh --out /tmp/g.md --seconds 5
#   bench/gateway/run.sh --orders 2000 --out bench/results/gateway-2000-orders.md   # larger payloads, same code
#
# Two passes. Bytes: a second gateway whose upstreams are the counting forwarders answers each selection once, and
# the forwarders report what the services sent it; the hand-written side and YARP fetch the services' full answers,
# whose sizes are measured the same way. Throughput: wrk against each side in turn, twice, interleaved (median kept).
# Upstream latency is what loopback gives (no added delay). Needs wrk (bench/http/wrk.sh installs it as root).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out="$root/bench/results/gateway.md"
seconds=10
source bench/gateway/services.sh "$@"
start bench/Popcorn.Bench.Gateway Popcorn.Bench.Gateway.dll
wait_for http://127.0.0.1:5410/stats/bytes
gateway() { # port, orders address, customers address
  start samples/StoreServices/Gateway Popcorn.StoreServices.Gateway.dll --urls "http://127.0.0.1:$1" --Logging:LogLevel:Default=Warning \
    "--Popcorn:Upstreams:orders:BaseAddress=$2" "--Popcorn:Upstreams:customers:BaseAddress=$3" \
    --Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:5403 --Bench:Allocations=true
}
gateway 5400 http://127.0.0.1:5401 http://127.0.0.1:5402
gateway 5420 http://127.0.0.1:5411 http://127.0.0.1:5412
wait_for http://127.0.0.1:5400/graphql/schema.graphql
wait_for http://127.0.0.1:5420/graphql/schema.graphql

narrow='[id,customer[name]]'
deep='[id,placedAt,status,total,lines[sku,quantity],customer[name,email]]'
gateway_narrow="http://127.0.0.1:5400/api/orders?include=$(encode "$narrow")"
gateway_deep="http://127.0.0.1:5400/api/orders?include=$(encode "$deep")"

echo "== The sides answer the same"
for pair in "$gateway_narrow http://127.0.0.1:5410/bff/orders/narrow" "$gateway_deep http://127.0.0.1:5410/bff/orders/deep"; do
  set -- $pair
  if [ "$(curl -fsS "$1")" != "$(curl -fsS "$2")" ]; then
    echo "The gateway and the hand-written side answer differently: $1 vs $2" >&2
    exit 1
  fi
done

size() { curl -fsS -o /dev/null -w '%{size_download}' "$1"; }
upstream_bytes() { # url of the counted gateway: bytes the services sent it for one answer
  curl -fsS -o /dev/null "http://127.0.0.1:5410/stats/bytes?reset=true"
  curl -fsS -o /dev/null "$1"
  curl -fsS "http://127.0.0.1:5410/stats/bytes" | awk '{ sum += $2; calls += $3 } END { printf "%d %d", sum, calls }'
}
full_orders=$(size "http://127.0.0.1:5401/api/orders?include=$(encode '[!full]')")
full_customers=$(size "http://127.0.0.1:5402/api/customers?include=$(encode '[!full]')")
read -r gw_narrow_up gw_narrow_calls <<<"$(upstream_bytes "http://127.0.0.1:5420/api/orders?include=$(encode "$narrow")")"
read -r gw_deep_up gw_deep_calls <<<"$(upstream_bytes "http://127.0.0.1:5420/api/orders?include=$(encode "$deep")")"

echo "== Throughput ($seconds s per run, twice each, interleaved)"
rps() { # url
  if ! $have_wrk; then echo 0; return; fi
  $client_cpu wrk -t1 -c16 -d"${seconds}s" "$1" | awk '/Requests\/sec/ { print $2 }'
}
declare -A runs
cases=(gateway_narrow bff_narrow gateway_deep bff_deep yarp_full)
url_of() {
  case "$1" in
    gateway_narrow) echo "$gateway_narrow" ;;
    gateway_deep) echo "$gateway_deep" ;;
    bff_narrow) echo http://127.0.0.1:5410/bff/orders/narrow ;;
    bff_deep) echo http://127.0.0.1:5410/bff/orders/deep ;;
    yarp_full) echo http://127.0.0.1:5410/yarp/orders ;;
  esac
}
for c in "${cases[@]}"; do rps "$(url_of "$c")" >/dev/null; done # warm-up
for round in 1 2; do
  for c in "${cases[@]}"; do
    runs[$c]="${runs[$c]:-} $(rps "$(url_of "$c")")"
    echo "  $c: ${runs[$c]}"
  done
done
best() { echo "$1" | tr ' ' '\n' | grep -v '^$' | sort -g | tail -1; }

echo "== Allocations per request (wrk -c4 for 3 s against each side; the serving process's GC.GetTotalAllocatedBytes)"
allocated_per_request() { # url, the serving process's allocation counter
  if ! $have_wrk; then echo 0; return; fi
  local before after requests
  before=$(curl -fsS "$2")
  requests=$($client_cpu wrk -t1 -c4 -d3s "$1" | awk '/requests in/ { print $1 }')
  after=$(curl -fsS "$2")
  awk -v a="$after" -v b="$before" -v n="$requests" 'BEGIN { printf "%d", (n > 0 ? (a - b) / n : 0) }'
}
declare -A allocs
for c in gateway_narrow gateway_deep; do allocs[$c]=$(allocated_per_request "$(url_of "$c")" http://127.0.0.1:5400/bench/allocated); done
for c in bff_narrow bff_deep yarp_full; do allocs[$c]=$(allocated_per_request "$(url_of "$c")" http://127.0.0.1:5410/stats/allocated); done
for c in "${cases[@]}"; do echo "  $c: ${allocs[$c]} B"; done

{
  echo "# The gateway against a hand-written backend-for-frontend and YARP"
  echo
  echo '```'
  echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "Commit:    $(git rev-parse --short HEAD)"
  echo "Machine:   $(nproc) cores; every process on loopback, wrk -t1 -c16 -d${seconds}s, best of two runs"
  echo '```'
  echo
  echo "Same services and data (the multi-service sample: $orders orders with 1-3 lines each, 12 customers), same answers"
  echo "(checked byte for byte before counting). Narrow is \`$narrow\`, deep \`$deep\`; both join each order to its"
  echo "customer in the customers service. The hand-written side fetches both services' full answers at once, parses"
  echo "them to JsonNode, joins, picks and serializes (\`bench/Popcorn.Bench.Gateway/BackendForFrontend.cs\`); YARP"
  echo "forwards the orders service's full answer unchanged, the floor for a proxy that does no work and no join."
  echo
  echo "| Side | Requests/s | vs hand-written | Allocated per request | Upstream -> gateway bytes per request (calls) | Gateway -> client bytes |"
  echo "|---|---:|---:|---:|---:|---:|"
  for shape in narrow deep; do
    g=$(best "${runs[gateway_$shape]}"); b=$(best "${runs[bff_$shape]}")
    up_var="gw_${shape}_up"; calls_var="gw_${shape}_calls"
    client=$(size "$(url_of "gateway_$shape")")
    ga=${allocs[gateway_$shape]}; ba=${allocs[bff_$shape]}
    echo "| Gateway, $shape | $g | $(awk -v a="$g" -v b="$b" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }') | $ga B ($(awk -v a="$ga" -v b="$ba" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') of hand-written) | ${!up_var} (${!calls_var}) | $client |"
    echo "| Hand-written, $shape | $b | 1.00x | $ba B | $((full_orders + full_customers)) (2) | $client |"
  done
  y=$(best "${runs[yarp_full]}")
  echo "| YARP, full orders (no join) | $y | | ${allocs[yarp_full]} B | $full_orders (1) | $full_orders |"
  echo
  echo "Allocated per request is what the process serving the client allocated during a separate 3 s wrk run, divided"
  echo "by its requests (\`GC.GetTotalAllocatedBytes\` read before and after: the gateway's \`/bench/allocated\`, on with"
  echo "\`--Bench:Allocations=true\`; the bench host's \`/stats/allocated\`, which also serves YARP): Kestrel's own share included."
  echo "Bytes on the upstream hop are what the services sent (counted by forwarders in front of them for a second"
  echo "gateway instance; the hand-written side and YARP read the full answers, measured directly). The gateway asks"
  echo "each service for its part of the selection only (and the join keys), so its upstream bytes scale with the"
  echo "selection; the hand-written side's and YARP's with the services' full payloads."
} >"$out"
cat "$out"
