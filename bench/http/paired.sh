#!/usr/bin/env bash
# The fair HTTP baseline in alternating rounds: plain System.Text.Json's buffered fast path, Popcorn's deep wildcard,
# Popcorn's narrow selection and the same narrow list written by hand (plain, projected once at startup) over the
# 1,000 acyclic orders, each round measuring all four (the order reversed every other round), so a change in the machine's load lands on every side alike. run.sh measures each case once in a
# row, which a slow warm-up or a burst of other work skews; this is the comparison to read for the ratios.
#
#   bench/http/paired.sh                 # 7 rounds of 5 s per side, report on stdout
#   bench/http/paired.sh --rounds 9 --duration 3
#
# Loopback only; the server is pinned to core 0 and wrk to core 1 (bench/http/wrk.sh) and stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

rounds=7
duration=5
port=5311
smoke=false
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done

source "$root/bench/http/wrk.sh"
dotnet build bench/Popcorn.Bench.Host/Popcorn.Bench.Host.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/bench/Popcorn.Bench.Host/bin/Release/net10.0/Popcorn.Bench.Host.dll"
base="http://127.0.0.1:$port"
ASPNETCORE_ENVIRONMENT=Production $server_cpu dotnet "$dll" --urls "$base" --Logging:LogLevel:Default=Warning \
  >"${TMPDIR:-/tmp}/popcorn-http-paired.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -s -o /dev/null "$base/orders" && break; sleep 0.5; done

plain="$base/plain/orders"
full="$base/orders?include=%5B%21full%5D"
narrow="$base/orders?include=%5Bid%2Cnumber%2Ccustomer%5Bname%5D%5D"
plain_narrow="$base/plain/orders/narrow"
if ! cmp -s <(curl -s "$plain") <(curl -s "$full"); then
  echo "FAILED: Popcorn's [!full] does not answer plain System.Text.Json's bytes." >&2
  exit 1
fi
if ! cmp -s <(curl -s "$plain_narrow") <(curl -s "$narrow"); then
  echo "FAILED: Popcorn's narrow selection does not answer the hand-written projection's bytes." >&2
  exit 1
fi

# One wrk run: prints its requests per second and the server's bytes allocated per request over it (/bench/runtime).
measure() {
  local before after out
  before=$(curl -s "$base/bench/runtime")
  out=$($client_cpu wrk -t1 -c16 -d"$2"s "$1")
  after=$(curl -s "$base/bench/runtime")
  echo "$out" | awk -v b="${before%% *}" -v a="${after%% *}" \
    '/requests in/ { n = $1 } /Requests\/sec/ { r = $2 } END { printf "%s %d\n", r, (a - b) / n }'
}
# The first seconds under load run while the JIT still tiers the hot methods up; warm every side well past that, in
# turns of a second, as a server's mixed traffic would. Dynamic PGO compiles each method once, from the profile of
# what ran while it was instrumented: warmed one side after the other, the sides warmed first set the shared methods'
# (Utf8JsonWriter's) profiles, and the narrow selection measured 0.95x the hand-written endpoint after a [!full]
# warm-up but 1.03x when it was warmed first (bench/README.md, "Warm-up order").
for _ in $(seq 1 10); do
  for url in "$plain" "$full" "$narrow" "$plain_narrow"; do measure "$url" 1 >/dev/null; done
done

echo "# HTTP, the fair baseline in alternating rounds"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, 1,000 acyclic orders, wrk 1 thread 16 connections, $rounds rounds of ${duration} s per side."
echo
echo "| Round | Load (1 min) | plain req/s | Popcorn [!full] req/s | Popcorn narrow req/s | plain narrow req/s | [!full] / plain | narrow / plain | plain narrow / plain | narrow / plain narrow |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
ratios_full=()
ratios_narrow=()
ratios_plain_narrow=()
ratios_narrow_pair=()
alloc_plain=()
alloc_full=()
alloc_narrow=()
for round in $(seq 1 "$rounds"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  if [ $((round % 2)) -eq 1 ]; then
    read -r p ap < <(measure "$plain" "$duration"); read -r f af < <(measure "$full" "$duration")
    read -r n an < <(measure "$narrow" "$duration"); read -r q _ < <(measure "$plain_narrow" "$duration")
  else
    read -r q _ < <(measure "$plain_narrow" "$duration"); read -r n an < <(measure "$narrow" "$duration")
    read -r f af < <(measure "$full" "$duration"); read -r p ap < <(measure "$plain" "$duration")
  fi
  rf=$(awk -v a="$f" -v b="$p" 'BEGIN { printf "%.3f", a / b }')
  rn=$(awk -v a="$n" -v b="$p" 'BEGIN { printf "%.2f", a / b }')
  ratios_full+=("$rf")
  rq=$(awk -v a="$q" -v b="$p" 'BEGIN { printf "%.2f", a / b }')
  rnq=$(awk -v a="$n" -v b="$q" 'BEGIN { printf "%.3f", a / b }')
  ratios_narrow+=("$rn")
  ratios_plain_narrow+=("$rq")
  ratios_narrow_pair+=("$rnq")
  alloc_plain+=("$ap")
  alloc_full+=("$af")
  alloc_narrow+=("$an")
  echo "| $round | $load | $p | $f | $n | $q | ${rf}x | ${rn}x | ${rq}x | ${rnq}x |"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "Medians: [!full] / plain **$(median "${ratios_full[@]}")x** (target ≥ 1.00x, bytes identical: checked); narrow / plain **$(median "${ratios_narrow[@]}")x** for 0.16 of the bytes (proportional: 6.14x); the same narrow list written by hand, plain, **$(median "${ratios_plain_narrow[@]}")x** (so Popcorn's narrow selection is **$(median "${ratios_narrow_pair[@]}")x** the hand-written endpoint's rate)."
echo
echo "Server bytes allocated per request (medians over the rounds, GC.GetTotalAllocatedBytes across each wrk run): plain $(median "${alloc_plain[@]}") B, [!full] $(median "${alloc_full[@]}") B, narrow $(median "${alloc_narrow[@]}") B."
