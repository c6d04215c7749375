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
#   bench/http/run.sh --data orders        # only the orders rows (with the formats: JSON, CSV, JSON Lines)
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
only_data=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --data) only_data="$2"; shift 2 ;;
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

# Cases: data set | role | label | path | Accept header (query strings percent-encoded: [ ] , ! as %5B %5D %2C
# %21). The role "plain" marks a baseline of its data set (the faster of them is the one compared against); "full" is
# the deep wildcard, "narrow" the small selection; the roles with a format in them are the formats comparison (issue
# 33): the same selections as JSON, CSV and JSON Lines, and the narrow one as CSV written by hand.
full='%5B%21full%5D'
orders_narrow='%5Bid%2Cnumber%2Ccustomer%5Bname%5D%5D'
# Every scalar of an order and of its customer: the widest selection a table can hold (an order's lines cannot).
orders_wide='%5Bid%2Cnumber%2CplacedAt%2Cstatus%2Ctotal%2Cnotes%2Ccustomer%5Bid%2Cname%2Cemail%2Ccountry%2CisBusiness%5D%5D'
csv='text/csv'
jsonl='application/jsonl'
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
  "$acyclic|csv-narrow|Popcorn, [id,number,customer[name]], CSV|/orders?include=$orders_narrow|$csv"
  "$acyclic|jsonl-narrow|Popcorn, [id,number,customer[name]], JSON Lines|/orders?include=$orders_narrow|$jsonl"
  "$acyclic|csv-hand-narrow|hand-written CSV of [id,number,customer[name]]|/plain/orders/narrow.csv|$csv"
  "$acyclic|json-wide|Popcorn, every scalar of order and customer|/orders?include=$orders_wide"
  "$acyclic|csv-wide|Popcorn, every scalar of order and customer, CSV|/orders?include=$orders_wide|$csv"
  "$acyclic|jsonl-wide|Popcorn, every scalar of order and customer, JSON Lines|/orders?include=$orders_wide|$jsonl"
  "$cyclic|plain|plain System.Text.Json, IgnoreCycles (off the fast path)|/plain/members"
  "$cyclic|full|Popcorn, [!full]|/members?include=$full"
  "$cyclic|default|Popcorn, defaults|/members"
  "$cyclic|narrow|Popcorn, [id,firstName,email,manager[firstName,lastName]]|/members?include=$members_narrow"
)
if [ -n "$only_data" ]; then
  kept=()
  for case in "${cases[@]}"; do
    case "$case" in "$only_data"*) kept+=("$case") ;; esac
  done
  cases=("${kept[@]}")
fi

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
    IFS='|' read -r _ _ _ path accept <<<"$case"
    $client_cpu wrk -t1 -c"$connections" -d"${tierup}s" -H "Accept: ${accept:-application/json}" "$base$path" >/dev/null
  done
fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
failed=0
for case in "${cases[@]}"; do
  IFS='|' read -r data role label path accept <<<"$case"
  accept=${accept:-application/json}
  read -r status bytes type < <(curl -s -o /dev/null -H "Accept: $accept" -w '%{http_code} %{size_download} %{content_type}\n' "$base$path")
  if [ "$status" != 200 ] || [ "$bytes" -le 2 ] || [[ "$type" != "$accept"* ]]; then
    echo "FAILED: $path (Accept: $accept) answered $status, $type, with $bytes bytes" >&2
    failed=1
    continue
  fi

  if ! $have_wrk; then
    echo "ok  $path ($bytes bytes)"
    continue
  fi

  if [ "$warmup" -gt 0 ]; then
    $client_cpu wrk -t1 -c"$connections" -d"${warmup}s" -H "Accept: $accept" "$base$path" >/dev/null
  fi

  result=$($client_cpu wrk -t1 -c"$connections" -d"${duration}s" -H "Accept: $accept" --latency "$base$path")
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
# The requests/s and bytes of the row with role $1 ("0 0" when it did not run).
row_of() {
  for row in "${rows[@]}"; do
    IFS='|' read -r _ role _ rps _ _ _ _ bytes <<<"$row"
    if [ "$role" = "$1" ]; then echo "$rps $bytes"; return; fi
  done
  echo "0 0"
}
# Issue 33's formats comparison: each selection as CSV and JSON Lines against the same selection as JSON, beside the
# published ASP.NET Core 2.1 entity benchmark (CSV 7.6x fewer bytes than JSON, responses ~18 % faster); Popcorn's CSV
# against the same table written by hand.
formats_report() {
  [ "$(row_of narrow)" != "0 0" ] || return 0
  echo
  echo "## Formats: the same selection of 1,000 orders as JSON, CSV and JSON Lines"
  echo
  echo "| Selection | Format | Requests/s | vs JSON | Bytes/response | JSON bytes / bytes |"
  echo "|---|---|---:|---:|---:|---:|"
  local narrow="[id,number,customer[name]]" wide="every scalar of order and customer"
  local line selection format role json json_bytes rps bytes
  for line in "$narrow|JSON|narrow" "$narrow|CSV|csv-narrow" "$narrow|JSON Lines|jsonl-narrow" \
    "$narrow|CSV written by hand|csv-hand-narrow" "$wide|JSON|json-wide" "$wide|CSV|csv-wide" "$wide|JSON Lines|jsonl-wide"; do
    IFS='|' read -r selection format role <<<"$line"
    if [ "$format" = JSON ]; then read -r json json_bytes < <(row_of "$role"); fi
    read -r rps bytes < <(row_of "$role")
    [ "$rps" != 0 ] && [ "$json" != 0 ] || continue
    awk -v s="$selection" -v f="$format" -v r="$rps" -v j="$json" -v b="$bytes" -v jb="$json_bytes" \
      'BEGIN { printf "| %s | %s | %s | %.2fx | %d | %.2fx |\n", s, f, r, r / j, b, jb / b }'
  done
  read -r csv _ < <(row_of csv-narrow)
  read -r hand _ < <(row_of csv-hand-narrow)
  echo
  echo "Published (ASP.NET Core 2.1, whole entities): CSV 7.6x fewer bytes than JSON, responses ~18 % faster."
  awk -v c="$csv" -v h="$hand" 'BEGIN { if (c > 0 && h > 0) printf "Popcorn'"'"'s CSV of the narrow selection: %.2fx the requests/s of the same table written by hand.\n", c / h }'
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
    read -r plain plain_bytes < <(plain_of "$data") || continue   # a data set left out with --data
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
  formats_report
} >"$out"

echo "== Report: $out"
if $smoke; then
  rm -f "$out"
fi
