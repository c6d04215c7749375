#!/usr/bin/env bash
# GraphQL over HTTP: Popcorn's gateway (/graphql) against GraphQL.NET 8.8.5 (/graphql-net) on the same bench host,
# same schema and objects, same POST bodies (bench/Popcorn.Bench.Host/GraphQLCases.cs: a small query, a nested list,
# fragments with variables, graphql-js's introspection query, a mutation with a small input), and the gateway against
# Popcorn REST for the same selection. The server is pinned to one core and wrk to the other, loopback only. Each pair is measured A, B, B, A
# (so drift in the machine's load lands on both) and each side's two runs are averaged. Then the small query's floor:
# /graphql-floor answers the same bytes with no GraphQL work (bench/Popcorn.Bench.Host/Plain/GraphQLFloor.cs), and
# it, GraphQL.NET and Popcorn are measured in rounds, the order rotated each round; medians per side and per ratio.
#
#   bench/http/graphql.sh                     # 5 s per run, report in bench/results/graphql-http.md
#   bench/http/graphql.sh --duration 10 --out /tmp/graphql-http.md
#   bench/http/graphql.sh --rounds 9          # rounds of the floor comparison (default 5)
#   bench/http/graphql.sh --smoke             # 1 s per run, no warm-up: checks the answers agree; report in a temp file
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

duration=5
warmup=3
connections=16
port=5198
out="$root/bench/results/graphql-http.md"
smoke=false
rounds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --smoke) smoke=true; duration=1; warmup=0; connections=4; rounds=1; out=$(mktemp --suffix=.md); shift ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done

base="http://127.0.0.1:$port"
server_pid=""
work=$(mktemp -d)
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# wrk (installed when missing, as root) and one core each for the server and wrk.
source "$root/bench/http/wrk.sh"

echo "== Building the bench host (Release)"
dotnet build bench/Popcorn.Bench.Host/Popcorn.Bench.Host.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/bench/Popcorn.Bench.Host/bin/Release/net10.0/Popcorn.Bench.Host.dll"
dotnet "$dll" --write-bodies "$work/bodies"

if curl -s -o /dev/null "$base/" 2>/dev/null; then
  echo "Port $port is already in use; pass --port." >&2
  exit 1
fi

echo "== Starting the server on $base ${server_cpu:+(pinned: $server_cpu)}"
DOTNET_CLI_TELEMETRY_OPTOUT=1 ASPNETCORE_ENVIRONMENT=Production $server_cpu dotnet "$dll" --urls "$base" \
  --Logging:LogLevel:Default=Warning >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  if curl -s -o /dev/null "$base/orders"; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "The server exited:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.5
done

post() { curl -s -o "$3" -w '%{http_code} %{size_download}\n' -X POST -H 'Content-Type: application/json' --data-binary "@$work/bodies/$2.json" "$base$1"; }

# The engines must answer the same data (byte for byte: both write compact JSON in selection order), introspection
# aside: the two describe different schemas (Popcorn's lists every model the app registered, and its own directives).
include='%5Bid%2Cname%2Cmembers%5Bid%2CfirstName%2ClastName%2Cemail%5D%5D'   # [id,name,members[id,firstName,lastName,email]]
declare -A bytes
for name in small nested-list fragments introspection mutation; do
  read -r popcorn_status popcorn_bytes < <(post /graphql "$name" "$work/popcorn-$name")
  read -r net_status net_bytes < <(post /graphql-net "$name" "$work/net-$name")
  if [ "$popcorn_status" != 200 ] || [ "$net_status" != 200 ] || grep -q '"errors"' "$work/popcorn-$name" "$work/net-$name"; then
    echo "FAILED: $name answered $popcorn_status (Popcorn) and $net_status (GraphQL.NET), or with errors" >&2
    exit 1
  fi
  if [ "$name" != introspection ] && ! cmp -s "$work/popcorn-$name" "$work/net-$name"; then
    echo "FAILED: the engines answer '$name' differently" >&2
    exit 1
  fi
  bytes["Popcorn $name"]=$popcorn_bytes
  bytes["GraphQL.NET $name"]=$net_bytes
  echo "ok  $name: $popcorn_bytes B (Popcorn), $net_bytes B (GraphQL.NET)"
done
read -r rest_status rest_bytes < <(curl -s -o "$work/rest" -w '%{http_code} %{size_download}\n' "$base/company/departments?include=$include")
if [ "$rest_status" != 200 ] || [ "$(cat "$work/popcorn-nested-list")" != "{\"data\":{\"departments\":$(cat "$work/rest")}}" ]; then
  echo "FAILED: the gateway's departments are not the REST response ($rest_status)" >&2
  exit 1
fi
read -r floor_status floor_bytes < <(post /graphql-floor small "$work/floor-small")
if [ "$floor_status" != 200 ] || ! cmp -s "$work/floor-small" "$work/popcorn-small"; then
  echo "FAILED: the floor does not answer the gateway's small response ($floor_status)" >&2
  exit 1
fi
bytes["floor small"]=$floor_bytes
echo "ok  small at the floor: $floor_bytes B, the gateway's bytes exactly"
bytes["REST nested-list"]=$rest_bytes
bytes["gateway nested-list"]=${bytes["Popcorn nested-list"]}
echo "ok  nested-list over REST: $rest_bytes B, the gateway's data exactly"

if ! $have_wrk; then
  exit 0
fi

# One wrk run: prints "requests/s p50 p99".
measure() {
  local seconds=$1 url=$2 body=$3 result
  if [ -n "$body" ]; then
    result=$(BODY="$work/bodies/$body.json" $client_cpu wrk -t1 -c"$connections" -d"${seconds}s" --latency -s bench/http/post.lua "$url")
  else
    result=$($client_cpu wrk -t1 -c"$connections" -d"${seconds}s" --latency "$url")
  fi
  if grep -q 'Non-2xx\|Socket errors' <<<"$result"; then
    echo "FAILED: $url: $result" >&2
    return 1
  fi
  awk '/^Requests\/sec:/ {r=$2} $1 == "50%" {p50=$2} $1 == "99%" {p99=$2} END {print r, p50, p99}' <<<"$result"
}

# Pairs: case | A label | A url | A body | B label | B url | B body
pairs=()
for name in small nested-list fragments introspection mutation; do
  pairs+=("$name|GraphQL.NET|$base/graphql-net|$name|Popcorn|$base/graphql|$name")
done
pairs+=("nested-list|REST|$base/company/departments?include=$include||gateway|$base/graphql|nested-list")

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
for pair in "${pairs[@]}"; do
  IFS='|' read -r name a_label a_url a_body b_label b_url b_body <<<"$pair"
  if [ "$warmup" -gt 0 ]; then
    measure "$warmup" "$a_url" "$a_body" >/dev/null
    measure "$warmup" "$b_url" "$b_body" >/dev/null
  fi
  read -r a1 a50 a99 < <(measure "$duration" "$a_url" "$a_body")
  read -r b1 b50 b99 < <(measure "$duration" "$b_url" "$b_body")
  read -r b2 _ b99b < <(measure "$duration" "$b_url" "$b_body")
  read -r a2 _ a99b < <(measure "$duration" "$a_url" "$a_body")
  load=$(cut -d' ' -f1 /proc/loadavg)
  a=$(awk -v x="$a1" -v y="$a2" 'BEGIN {printf "%.0f", (x + y) / 2}')
  b=$(awk -v x="$b1" -v y="$b2" 'BEGIN {printf "%.0f", (x + y) / 2}')
  ratio=$(awk -v x="$a" -v y="$b" 'BEGIN {printf "%.2f", y / x}')
  printf '%-14s %-12s %8s req/s (p99 %s, %s)   %-8s %8s req/s (p99 %s, %s)   %sx   load %s\n' "$name" "$a_label" "$a" "$a99" "$a99b" "$b_label" "$b" "$b99" "$b99b" "$ratio" "$load"
  rows+=("$name|$a_label|$a|$a1 / $a2|$a99 / $a99b|${bytes["$a_label $name"]}|$b_label|$b|$b1 / $b2|$b99 / $b99b|${bytes["$b_label $name"]}|$ratio|$load")
done

# The small query's floor: floor, GraphQL.NET and Popcorn in rounds, each round starting one later in that order.
floor_labels=(floor GraphQL.NET Popcorn)
floor_urls=("$base/graphql-floor" "$base/graphql-net" "$base/graphql")
if [ "$warmup" -gt 0 ]; then
  measure "$warmup" "${floor_urls[0]}" small >/dev/null
fi
floor_rows=()
for round in $(seq 1 "$rounds"); do
  declare -A rate=()
  order=()
  for k in 0 1 2; do
    i=$(( (k + round - 1) % 3 ))
    read -r r _ _ < <(measure "$duration" "${floor_urls[$i]}" small)
    rate[$i]=$r
    order+=("${floor_labels[$i]}")
  done
  load=$(cut -d' ' -f1 /proc/loadavg)
  printf 'small round %s (%s): floor %s, GraphQL.NET %s, Popcorn %s req/s   load %s\n' "$round" "${order[*]}" "${rate[0]}" "${rate[1]}" "${rate[2]}" "$load"
  floor_rows+=("$round|${order[*]}|${rate[0]}|${rate[1]}|${rate[2]}|$load")
  unset rate
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "# GraphQL over HTTP: Popcorn's gateway vs GraphQL.NET, and the gateway vs REST"
  echo
  echo '```'
  echo "Date:        $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "CPU:         $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) logical cores"
  echo ".NET:        SDK $(dotnet --version)"
  echo "Server:      bench/Popcorn.Bench.Host (Release), Kestrel on loopback; GraphQL 8.8.5 + GraphQL.SystemTextJson 8.8.5"
  echo "Load client: $(wrk --version 2>&1 | head -n 1 | awk '{print $1, $2}'), 1 thread, $connections connections; per pair ${warmup} s warm-up each, then A, B, B, A for ${duration} s each"
  echo "Pinning:     ${server_cpu:-none} server, ${client_cpu:-none} wrk (loopback)"
  echo "Load avg:    $load_before before, $load_after after (1, 5, 15 min); the last column is the 1-minute load after each pair"
  echo '```'
  echo
  if $smoke; then
    echo "**A smoke run (1 s per run): its rates mean nothing.**"
    echo
  fi
  echo "| Case | A | A req/s (mean of 2) | A runs | A p99 | A bytes | B | B req/s (mean of 2) | B runs | B p99 | B bytes | B / A | load |"
  echo "|---|---|---:|---|---|---:|---|---:|---|---|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r name a_label a a_runs a99 a_bytes b_label b b_runs b99 b_bytes ratio load <<<"$row"
    echo "| $name | $a_label | $a | $a_runs | $a99 | $a_bytes | $b_label | $b | $b_runs | $b99 | $b_bytes | ${ratio}x | $load |"
  done
  echo
  echo "Targets: Popcorn at least 3x GraphQL.NET's requests/s on every query; the gateway within 1.2x of REST (B / A at least 0.83)."
  echo
  echo "## The small query against its floor"
  echo
  echo "**floor** (\`/graphql-floor\`, not GraphQL): reads the POST body to its end and answers the small query's ${bytes["floor small"]} bytes"
  echo "as a constant, in one write with its Content-Length and the gateway's content type: the HTTP work (Kestrel, routing,"
  echo "the connection) every engine pays, and nothing else. $rounds rounds of ${duration} s per side, the order rotated each"
  echo "round; the median row is the median of each column (of each round's ratio for the ratios)."
  echo
  echo "| Round | order | floor req/s | GraphQL.NET req/s | Popcorn req/s | floor / GraphQL.NET | Popcorn / GraphQL.NET | Popcorn / floor | load |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${floor_rows[@]}" | awk -F'|' '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
      n++; f[n] = $3; g[n] = $4; p[n] = $5; fg[n] = $3 / $4; pg[n] = $5 / $4; pf[n] = $5 / $3; l[n] = $6
      printf "| %s | %s | %.0f | %.0f | %.0f | %.2fx | %.2fx | %.2fx | %s |\n", $1, $2, $3, $4, $5, fg[n], pg[n], pf[n], $6
    }
    END {
      printf "| **median** | | **%.0f** | **%.0f** | **%.0f** | **%.2fx** | **%.2fx** | **%.2fx** | %s |\n", median(f, n), median(g, n), median(p, n), median(fg, n), median(pg, n), median(pf, n), median(l, n)
    }'
  echo
  echo "No engine answers the small query faster than the floor over the same connection, so floor / GraphQL.NET is the"
  echo "most any engine could reach against GraphQL.NET here."
} >"$out"
echo "== Report: $out"
if $smoke; then
  rm -f "$out"
fi
