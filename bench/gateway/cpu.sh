#!/usr/bin/env bash
# Where the CPU time of one request goes, process by process, for the gateway and the hand-written backend-for-frontend
# of bench/gateway/run.sh (same sample, services, selections and answers): the CPU seconds each process spent during a
# wrk run (utime + stime from /proc/<pid>/stat), divided by the requests answered. It shows what requests/s alone
# cannot: which part of a request is the services' own fixed cost per call, which both sides pay, and which is the
# gateway's or the hand-written side's.
#
#   bench/gateway/cpu.sh                               # report in bench/results/gateway-cpu.md
#   bench/gateway/cpu.sh --out /tmp/cpu.md --seconds 5
#   bench/gateway/cpu.sh --orders 2000 --out bench/results/gateway-cpu-2000-orders.md
#
# Each side is run three times, interleaved, at wrk -c8; the median of each process's time per request is kept.
# Linux only (/proc). Needs wrk (bench/http/wrk.sh installs it as root).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out="$root/bench/results/gateway-cpu.md"
seconds=10
source bench/gateway/services.sh "$@"
customers_pid=${pids[0]}
orders_pid=${pids[1]}
start bench/Popcorn.Bench.Gateway Popcorn.Bench.Gateway.dll
host_pid=${pids[-1]}
wait_for http://127.0.0.1:5410/stats/bytes
start samples/StoreServices/Gateway Popcorn.StoreServices.Gateway.dll --urls http://127.0.0.1:5400 --Logging:LogLevel:Default=Warning \
  --Popcorn:Upstreams:orders:BaseAddress=http://127.0.0.1:5401 --Popcorn:Upstreams:customers:BaseAddress=http://127.0.0.1:5402 \
  --Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:5403
gateway_pid=${pids[-1]}
wait_for http://127.0.0.1:5400/graphql/schema.graphql

narrow='[id,customer[name]]'
deep='[id,placedAt,status,total,lines[sku,quantity],customer[name,email]]'
declare -A url=(
  [gateway_narrow]="http://127.0.0.1:5400/api/orders?include=$(encode "$narrow")"
  [gateway_deep]="http://127.0.0.1:5400/api/orders?include=$(encode "$deep")"
  [bff_narrow]=http://127.0.0.1:5410/bff/orders/narrow
  [bff_deep]=http://127.0.0.1:5410/bff/orders/deep
)
cases=(gateway_narrow bff_narrow gateway_deep bff_deep)
for c in "${cases[@]}"; do
  if [ "$(curl -fsS -o /dev/null -w '%{http_code}' "${url[$c]}")" != 200 ]; then
    echo "${url[$c]} did not answer 200." >&2
    exit 1
  fi
done

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
processes=("$gateway_pid" "$orders_pid" "$customers_pid" "$host_pid")
declare -A samples
measure() { # case: appends "requests us_gateway us_orders us_customers us_host" for one run
  local before=() after=() requests i
  for i in "${!processes[@]}"; do before[$i]=$(ticks "${processes[$i]}"); done
  requests=$($client_cpu wrk -t1 -c8 -d"${seconds}s" "${url[$1]}" | awk '/requests in/ { print $1 }')
  for i in "${!processes[@]}"; do after[$i]=$(ticks "${processes[$i]}"); done
  local line="$requests"
  for i in "${!processes[@]}"; do
    line+=" $(awk -v t=$((after[i] - before[i])) -v n="$requests" -v hz="$hz" 'BEGIN { printf "%.0f", t * 1e6 / hz / n }')"
  done
  samples[$1]+="$line;"
}

echo "== CPU per request ($seconds s per run, three runs each, interleaved)"
for c in "${cases[@]}"; do $client_cpu wrk -t1 -c8 -d3s "${url[$c]}" >/dev/null; done # warm-up
for round in 1 2 3; do
  for c in "${cases[@]}"; do
    measure "$c"
    echo "  $c: ${samples[$c]}"
  done
done

median() { # case, column (1 = requests, 2.. = processes): the median over the runs
  echo "${samples[$1]}" | tr ';' '\n' | grep -v '^$' | awk -v col="$2" '{ print $col }' | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

{
  echo "# Where a request's CPU time goes: the gateway against a hand-written backend-for-frontend"
  echo
  echo '```'
  echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "Commit:    $(git rev-parse --short HEAD)"
  echo "Machine:   $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; every process on loopback, wrk -t1 -c8 -d${seconds}s, median of three runs"
  echo '```'
  echo
  echo "The sample of bench/gateway/run.sh ($orders orders with 1-3 lines each, 12 customers), its selections (narrow"
  echo "\`$narrow\`, deep \`$deep\`) and its two sides, which answer the same bytes. Each cell is the CPU time"
  echo "(user + system, from /proc) a process spent during the run divided by the requests answered, in microseconds: what"
  echo "one request costs in each process. \"Front\" is the process the client talks to: the gateway, or the bench host"
  echo "that runs the hand-written side. Both sides make one call to each service."
  echo
  echo "| side | requests in the run | front | orders service | customers service | total |"
  echo "|---|---:|---:|---:|---:|---:|"
  for c in "${cases[@]}"; do
    front=$([ "${c%%_*}" = gateway ] && median "$c" 2 || median "$c" 5)
    o=$(median "$c" 3); cu=$(median "$c" 4)
    name=$([ "${c%%_*}" = gateway ] && echo "gateway" || echo "hand-written")
    echo "| $name, ${c#*_} | $(median "$c" 1) | $front | $o | $cu | $((front + o + cu)) |"
  done
} >"$out"
cat "$out"
