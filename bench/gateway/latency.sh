#!/usr/bin/env bash
# The gateway, the hand-written backend-for-frontend and YARP with a fixed upstream latency (issue 31), as The Guild's
# federation benchmark gives its subgraphs one: 0 and 4 ms added to every call a service answers. Every side calls
# the services through the same delaying forwarders (bench/Popcorn.Bench.Gateway, ViaForwarders), so each pays the
# same hop and delay. Reports requests/s under load (wrk -c16) and latency without queueing (wrk -c1): p50 and p99 of
# each side, and of each call the gateway makes, so the gateway's own overhead over its upstream calls shows.
#
#   bench/gateway/latency.sh                       # report in bench/results/gateway-latency.md
#   bench/gateway/latency.sh --out /tmp/l.md --seconds 5
#
# Needs wrk (bench/http/wrk.sh installs it as root). Ports 5401-5403 (the services) and 5450-5469.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out="$root/bench/results/gateway-latency.md"
seconds=10
source bench/gateway/services.sh "$@"

delays=(0 4)
# One forwarding process and one gateway per delay: the forwarders on base+1 (orders) and base+2 (customers), the
# hand-written side and YARP on base, the gateway on base+5.
base_of() { echo $((5450 + 10 * $1)); }
for i in "${!delays[@]}"; do
  b=$(base_of "$i")
  start bench/Popcorn.Bench.Gateway Popcorn.Bench.Gateway.dll --Port=$b --OrdersCountPort=$((b + 1)) --CustomersCountPort=$((b + 2)) \
    --UpstreamDelayMs="${delays[$i]}" --ViaForwarders=true
  wait_for "http://127.0.0.1:$b/stats/bytes"
  start samples/StoreServices/Gateway Popcorn.StoreServices.Gateway.dll --urls "http://127.0.0.1:$((b + 5))" --Logging:LogLevel:Default=Warning \
    "--Popcorn:Upstreams:orders:BaseAddress=http://127.0.0.1:$((b + 1))" "--Popcorn:Upstreams:customers:BaseAddress=http://127.0.0.1:$((b + 2))" \
    --Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:5403
  wait_for "http://127.0.0.1:$((b + 5))/graphql/schema.graphql"
done

narrow='[id,customer[name]]'
deep='[id,placedAt,status,total,lines[sku,quantity],customer[name,email]]'
url_of() { # case, base port
  case "$1" in
    gateway_narrow) echo "http://127.0.0.1:$(($2 + 5))/api/orders?include=$(encode "$narrow")" ;;
    gateway_deep) echo "http://127.0.0.1:$(($2 + 5))/api/orders?include=$(encode "$deep")" ;;
    bff_narrow) echo "http://127.0.0.1:$2/bff/orders/narrow" ;;
    bff_deep) echo "http://127.0.0.1:$2/bff/orders/deep" ;;
    yarp_full) echo "http://127.0.0.1:$2/yarp/orders" ;;
  esac
}

echo "== The sides answer the same"
b=$(base_of 0)
for shape in narrow deep; do
  if [ "$(curl -fsS "$(url_of "gateway_$shape" "$b")")" != "$(curl -fsS "$(url_of "bff_$shape" "$b")")" ]; then
    echo "The gateway and the hand-written side answer the $shape selection differently." >&2
    exit 1
  fi
done

rps() { # url
  $client_cpu wrk -t1 -c16 -d"${seconds}s" "$1" | awk '/Requests\/sec/ { print $2 }'
}
# p50 and p99 in milliseconds, from wrk's latency distribution at one connection (no queueing).
percentiles() { # url
  $client_cpu wrk -t1 -c1 -d"${seconds}s" --latency "$1" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) }
    END { printf "%.2f %.2f", p50, p99 }'
}
best() { echo "$1" | tr ' ' '\n' | grep -v '^$' | sort -g | tail -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }
minus() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.2f", a - b - c }'; }

declare -A runs latency
cases=(gateway_narrow bff_narrow gateway_deep bff_deep yarp_full)
for i in "${!delays[@]}"; do
  d=${delays[$i]}
  b=$(base_of "$i")
  echo "== ${d} ms: throughput ($seconds s per run, twice each, interleaved)"
  for c in "${cases[@]}"; do rps "$(url_of "$c" "$b")" >/dev/null; done # warm-up
  for round in 1 2; do
    for c in "${cases[@]}"; do
      runs[$d,$c]="${runs[$d,$c]:-} $(rps "$(url_of "$c" "$b")")"
      echo "  $c: ${runs[$d,$c]}"
    done
  done

  echo "== ${d} ms: latency at one connection"
  for c in gateway_narrow bff_narrow gateway_deep bff_deep yarp_full; do
    latency[$d,$c]=$(percentiles "$(url_of "$c" "$b")")
    echo "  $c: ${latency[$d,$c]}"
  done
  # The gateway's own calls for each selection, as the forwarders saw them, timed alone through the same forwarders.
  for shape in narrow deep; do
    curl -fsS -o /dev/null "$(url_of "gateway_$shape" "$b")"
    while read -r port target; do
      service=$([ "$port" = $((b + 1)) ] && echo orders || echo customers)
      latency[$d,call_${shape}_$service]=$(percentiles "http://127.0.0.1:$port$target")
      echo "  $shape call to $service: ${latency[$d,call_${shape}_$service]}"
    done < <(curl -fsS "http://127.0.0.1:$b/stats/calls")
  done
done

{
  echo "# The gateway with upstream latency: 0 and 4 ms per service call"
  echo
  echo '```'
  echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "Commit:    $(git rev-parse --short HEAD)"
  echo "Machine:   $(nproc) cores; every process on loopback; wrk -t1 -c16 -d${seconds}s (best of two) and -c1 --latency"
  echo '```'
  echo
  echo "\`bench/gateway/latency.sh\`. The multi-service sample ($orders orders, 12 customers) and the selections of [gateway.md](gateway.md) (narrow"
  echo "\`$narrow\`, deep \`$deep\`), but every side reaches the services through the same forwarders"
  echo "(\`bench/Popcorn.Bench.Gateway\`), which wait the given delay before passing each call on: a service's latency."
  echo "The gateway makes two calls one after the other (the orders, then the customers of their keys, one batch); the"
  echo "hand-written side makes its two at once (it fetches every customer, needing no keys); YARP makes one."
  echo
  echo "| Delay | Side | Requests/s (c16) | vs hand-written | p50 ms (c1) | p99 ms (c1) |"
  echo "|---:|---|---:|---:|---:|---:|"
  for d in "${delays[@]}"; do
    for shape in narrow deep; do
      g=$(best "${runs[$d,gateway_$shape]}"); h=$(best "${runs[$d,bff_$shape]}")
      read -r gp50 gp99 <<<"${latency[$d,gateway_$shape]}"
      read -r hp50 hp99 <<<"${latency[$d,bff_$shape]}"
      echo "| $d | Gateway, $shape | $g | $(ratio "$g" "$h") | $gp50 | $gp99 |"
      echo "| $d | Hand-written, $shape | $h | 1.00x | $hp50 | $hp99 |"
    done
    read -r yp50 yp99 <<<"${latency[$d,yarp_full]}"
    echo "| $d | YARP, full orders (no join) | $(best "${runs[$d,yarp_full]}") | | $yp50 | $yp99 |"
  done
  echo
  echo "**The gateway's own overhead** over its upstream calls: its latency at one connection less that of the two calls it"
  echo "makes one after the other, each timed alone through the same forwarder. Percentiles do not subtract, so the p99s"
  echo "are shown side by side."
  echo
  echo "| Delay | Selection | Gateway p50 | Orders call p50 | Customers call p50 | Overhead p50 | Gateway p99 | Orders call p99 | Customers call p99 |"
  echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
  for d in "${delays[@]}"; do
    for shape in narrow deep; do
      read -r gp50 gp99 <<<"${latency[$d,gateway_$shape]}"
      read -r op50 op99 <<<"${latency[$d,call_${shape}_orders]}"
      read -r cp50 cp99 <<<"${latency[$d,call_${shape}_customers]}"
      echo "| $d | $shape | $gp50 | $op50 | $cp50 | $(minus "$gp50" "$op50" "$cp50") | $gp99 | $op99 | $cp99 |"
    done
  done
} >"$out"
cat "$out"
