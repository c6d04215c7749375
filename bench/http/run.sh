#!/usr/bin/env bash
# HTTP benchmark: the bench host (bench/Popcorn.Bench.Host, Release) on loopback, driven by wrk, the server pinned to
# one core and wrk to the other. Two data sets, each through plain System.Text.Json and through Popcorn (the deep
# wildcard, the defaults, a narrow selection):
#   - orders: 1,000 acyclic orders (customer, 1-5 lines). The fair baseline: plain System.Text.Json on its
#     source-generated fast path. Popcorn's deep wildcard must answer with the very same bytes (checked here).
#   - members: 1,024 team members whose graph cycles (a team's lead is a member of that team). Plain System.Text.Json
#     needs ReferenceHandler.IgnoreCycles, which takes it off its fast path: this comparison flatters Popcorn, and
#     the report says so.
# Writes a markdown report (requests/s, latency percentiles, bytes per response).
#
#   bench/http/run.sh                      # 10 s per case (after 10 s per endpoint, then 3 s per case, of warm-up), report in bench/results/http.md
#   bench/http/run.sh --duration 5 --out /tmp/http.md
#   bench/http/run.sh --smoke              # 1 s per case, checks every endpoint and the bytes; report in a temp file
#
# Loopback only; each wrk run is bounded by its duration, and the server is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

duration=10
warmup=3
connections=16
port=5199
out="$root/bench/results/http.md"
smoke=false
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --smoke) smoke=true; duration=1; warmup=0; connections=4; out=$(mktemp --suffix=.md); shift ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done

base="http://127.0.0.1:$port"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT

# wrk (installed when missing, as root) and one core each for the server and wrk.
source "$root/bench/http/wrk.sh"

echo "== Building the bench host (Release)"
dotnet build bench/Popcorn.Bench.Host/Popcorn.Bench.Host.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/bench/Popcorn.Bench.Host/bin/Release/net10.0/Popcorn.Bench.Host.dll"

if curl -s -o /dev/null "$base/" 2>/dev/null; then
  echo "Port $port is already in use; pass --port." >&2
  exit 1
fi

echo "== Starting the server on $base ${server_cpu:+(pinned: $server_cpu)}"
DOTNET_CLI_TELEMETRY_OPTOUT=1 ASPNETCORE_ENVIRONMENT=Production $server_cpu dotnet "$dll" --urls "$base" \
  --Logging:LogLevel:Default=Warning >"${TMPDIR:-/tmp}/popcorn-http-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  if curl -s -o /dev/null "$base/orders"; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "The server exited:" >&2
    cat "${TMPDIR:-/tmp}/popcorn-http-server.log" >&2
    exit 1
  fi
  sleep 0.5
done

# Cases: data set | role | label | path (query strings percent-encoded: [ ] , ! as %5B %5D %2C %21). The role
# "plain" marks a baseline of its data set (the faster of them is the one compared against); "full" is the deep
# wildcard, "narrow" the small selection.
full='%5B%21full%5D'
orders_narrow='%5Bid%2Cnumber%2Ccustomer%5Bname%5D%5D'
members_narrow='%5Bid%2CfirstName%2Cemail%2Cmanager%5BfirstName%2ClastName%5D%5D'
acyclic="orders (1,000, acyclic)"
cyclic="members (1,024, cyclic)"
cases=(
  "$acyclic|plain|plain System.Text.Json, fast path, buffered|/plain/orders"
  "$acyclic|plain|plain System.Text.Json, fast path, into the pipe|/plain/orders/pipe"
  "$acyclic|other|plain System.Text.Json, TypedResults.Json (async path)|/plain/orders/typed-results"
  "$acyclic|full|Popcorn, [!full]|/orders?include=$full"
  "$acyclic|default|Popcorn, defaults|/orders"
  "$acyclic|narrow|Popcorn, [id,number,customer[name]]|/orders?include=$orders_narrow"
  "$cyclic|plain|plain System.Text.Json, IgnoreCycles (off the fast path)|/plain/members"
  "$cyclic|full|Popcorn, [!full]|/members?include=$full"
  "$cyclic|default|Popcorn, defaults|/members"
  "$cyclic|narrow|Popcorn, [id,firstName,email,manager[firstName,lastName]]|/members?include=$members_narrow"
)

# The deep wildcard over acyclic data must be byte-for-byte what System.Text.Json's fast path writes: same names,
# same order, same number and date formats. Over the cyclic data it is reported, not required.
bodies=$(mktemp -d)
curl -s -o "$bodies/plain-orders" "$base/plain/orders"
curl -s -o "$bodies/pipe-orders" "$base/plain/orders/pipe"
curl -s -o "$bodies/full-orders" "$base/orders?include=$full"
curl -s -o "$bodies/plain-members" "$base/plain/members"
curl -s -o "$bodies/full-members" "$base/members?include=$full"
if ! cmp -s "$bodies/plain-orders" "$bodies/pipe-orders"; then
  echo "FAILED: the two fast-path endpoints (/plain/orders, /plain/orders/pipe) answer different bytes." >&2
  exit 1
fi
if ! cmp -s "$bodies/plain-orders" "$bodies/full-orders" || [ ! -s "$bodies/plain-orders" ]; then
  echo "FAILED: /orders?include=[!full] is not byte-identical to /plain/orders:" >&2
  cmp "$bodies/plain-orders" "$bodies/full-orders" >&2 || true
  exit 1
fi
orders_bytes="identical ($(stat -c %s "$bodies/plain-orders") bytes)"
if cmp -s "$bodies/plain-members" "$bodies/full-members"; then
  members_bytes="identical ($(stat -c %s "$bodies/plain-members") bytes)"
else
  members_bytes="different ($(stat -c %s "$bodies/full-members") vs $(stat -c %s "$bodies/plain-members") bytes)"
fi
rm -rf "$bodies"
echo "ok  [!full] vs plain: orders $orders_bytes; members $members_bytes"

# Every endpoint under load before any is measured, so no case pays for the server's own tier-up (Kestrel,
# System.Text.Json and Popcorn all start in tier-0 code, and with the server on one core the JIT takes 15-25 s of
# load to settle: measured with bench/http/paired.sh, a 3 s warm-up left the first rounds 15-25 % slow).
tierup=$((warmup > 0 ? 10 : 0))
if $have_wrk && [ "$tierup" -gt 0 ]; then
  echo "== Warming every endpoint (${tierup} s each)"
  for case in "${cases[@]}"; do
    IFS='|' read -r _ _ _ path <<<"$case"
    $client_cpu wrk -t1 -c"$connections" -d"${tierup}s" "$base$path" >/dev/null
  done
fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
failed=0
for case in "${cases[@]}"; do
  IFS='|' read -r data role label path <<<"$case"
  read -r status bytes < <(curl -s -o /dev/null -w '%{http_code} %{size_download}\n' "$base$path")
  if [ "$status" != 200 ] || [ "$bytes" -le 2 ]; then
    echo "FAILED: $path answered $status with $bytes bytes" >&2
    failed=1
    continue
  fi

  if ! $have_wrk; then
    echo "ok  $path ($bytes bytes)"
    continue
  fi

  if [ "$warmup" -gt 0 ]; then
    $client_cpu wrk -t1 -c"$connections" -d"${warmup}s" "$base$path" >/dev/null
  fi

  result=$($client_cpu wrk -t1 -c"$connections" -d"${duration}s" --latency "$base$path")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$result")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$result")
  p75=$(awk '$1 == "75%" {print $2}' <<<"$result")
  p90=$(awk '$1 == "90%" {print $2}' <<<"$result")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$result")
  errors=$(awk '/Non-2xx|Socket errors/' <<<"$result")
  if [ -z "$rps" ] || [ -n "$errors" ]; then
    echo "FAILED: $path: ${errors:-no result}" >&2
    echo "$result" >&2
    failed=1
    continue
  fi

  printf '%-24s %-58s %10s req/s  p50 %-9s p99 %-9s %9s B\n' "$data" "$label" "$rps" "$p50" "$p99" "$bytes"
  rows+=("$data|$role|$label|$rps|$p50|$p75|$p90|$p99|$bytes")
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

if [ "$failed" -ne 0 ]; then
  echo "HTTP benchmark: some cases failed." >&2
  exit 1
fi

if ! $have_wrk; then
  exit 0
fi

# The report: requests/s relative to the plain endpoint over the same data, and the targets.
# The baseline of a data set: its fastest plain row (requests/s and bytes).
plain_of() {
  for row in "${rows[@]}"; do
    IFS='|' read -r data role _ rps _ _ _ _ bytes <<<"$row"
    if [ "$data" = "$1" ] && [ "$role" = plain ]; then echo "$rps $bytes"; fi
  done | sort -g -r | head -n 1
}
{
  echo "# HTTP benchmark: plain System.Text.Json vs Popcorn"
  echo
  echo '```'
  echo "Date:        $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "CPU:         $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) logical cores"
  echo "OS:          $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo ".NET:        SDK $(dotnet --version), runtime $(dotnet --list-runtimes | awk '/Microsoft.AspNetCore.App/ {v=$2} END {print "ASP.NET Core " v}')"
  echo "Server:      bench/Popcorn.Bench.Host (Release), Kestrel on loopback"
  echo "Load client: $(wrk --version 2>&1 | head -n 1 | awk '{print $1, $2}'), 1 thread, $connections connections, ${duration} s per case after a ${warmup} s warm-up"
  echo "Pinning:     ${server_cpu:-none} server, ${client_cpu:-none} wrk (loopback)"
  echo "Load avg:    $load_before before, $load_after after (1, 5, 15 min)"
  echo '```'
  echo
  if [ "$duration" -lt 10 ]; then
    echo "**A short run (${duration} s per case): it proves the cases run and the bytes match; its rates are indicative only.**"
    echo
  fi
  echo "\"orders\" is the fair baseline: acyclic data, plain System.Text.Json on its source-generated fast path. \"members\""
  echo "cycles, so plain System.Text.Json needs ReferenceHandler.IgnoreCycles, which takes it off its fast path: that"
  echo "comparison flatters Popcorn and is kept to show what a user with cyclic models would otherwise pay."
  echo
  echo "\"vs plain\" divides by the faster plain System.Text.Json row of the same data (for orders, the faster of the two"
  echo "fast-path variants: buffered with a Content-Length, or straight into the response pipe)."
  echo
  echo "| Data | Endpoint | Requests/s | vs plain | p50 | p75 | p90 | p99 | Bytes/response | Bytes vs plain |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r data role label rps p50 p75 p90 p99 bytes <<<"$row"
    read -r plain plain_bytes < <(plain_of "$data")
    ratio=$(awk -v a="$rps" -v b="$plain" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
    share=$(awk -v a="$bytes" -v b="$plain_bytes" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    echo "| $data | $label | $rps | $ratio | $p50 | $p75 | $p90 | $p99 | $bytes | $share |"
  done
  echo
  echo "Deep wildcard vs plain, bytes: orders $orders_bytes; members $members_bytes."
  echo
  echo "Targets (orders): the deep wildcard at least 1.00x plain requests/s with identical bytes; the narrow selection's"
  echo "requests/s in proportion to the bytes it writes (its req/s ratio at least the inverse of its bytes ratio)."
  echo
  for data in "$acyclic" "$cyclic"; do
    read -r plain plain_bytes < <(plain_of "$data")
    deep=""; narrow=""; narrow_bytes=""
    for row in "${rows[@]}"; do
      IFS='|' read -r rdata role _ rps _ _ _ _ bytes <<<"$row"
      [ "$rdata" = "$data" ] || continue
      case "$role" in
        full) deep="$rps" ;;
        narrow) narrow="$rps"; narrow_bytes="$bytes" ;;
      esac
    done
    awk -v d="$data" -v p="$plain" -v pb="$plain_bytes" -v f="$deep" -v n="$narrow" -v nb="$narrow_bytes" 'BEGIN {
      printf "- %s: deep wildcard %.2fx of plain (%s); narrow selection %.2fx of plain for %.2f of its bytes (proportional: %.2fx, %s)\n",
        d, f / p, (f >= p ? "met" : "missed"), n / p, nb / pb, pb / nb, (n / p >= pb / nb ? "met" : "missed")
    }'
  done
} >"$out"

echo "== Report: $out"
if $smoke; then
  rm -f "$out"
fi
