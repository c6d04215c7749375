#!/usr/bin/env bash
# The probe's amplification attacks (issue 14's F2-F5), replayed against the playground while normal traffic runs:
#   tests/Popcorn.Hardening.Tests/load/attacks.sh [--postgres-redis] [ATTACK_SECONDS [SOLO_SECONDS]]
#   (30 and 5; needs wrk, curl, jq; --postgres-redis also Debian's postgresql and redis-server)
# By default the playground's store is SQLite in memory and persisted queries stay in the process; --postgres-redis
# starts a throwaway PostgreSQL cluster and redis-server on free loopback ports and runs the playground on them, as it
# is deployed (Store:Provider=PostgreSQL, ConnectionStrings:Redis), and stops them at the end.
# 1. Normal traffic alone: wrk on a small selection for ATTACK_SECONDS, its p99 and req/s (the baseline).
# 2. The same wrk while four attackers loop, each on its own connection:
#    F2 an 8 MB `make` POSTed to /api/cars, then 256 aliases of `make` on one car;
#    F3 the gateway error bomb (a 7,300-character unknown root field spread through fragments 2,048 times);
#    F4 256 root aliases of `employees { __full }` at the gateway, and 256 `department[!full]` aliases over REST;
#    F5 200 clients reading a large single object (8 `department[!full]` aliases on one employee) at 2 KB/s;
#    and issue 29's, each on its own connection too:
#    P1 8,000 values in one `in` through a variable at the gateway, and 1,001 in a REST literal (once a crash);
#    P2 the depth-4 nested `first: 1` lists beside a nested model over REST (once 57-60 s of CPU a request);
#    P3 null against non-nullable fields (`id: null`, `neq: null`, `in: [null]`; once a 500);
#    P4 a hidden field under @skip at the gateway, anonymous (once a 200 with data: an existence oracle);
#    P5 an APQ flood: new hashes with texts over MaxLength and texts no syntax parses (once stored without bound).
# Selections go in the Popcorn-Include header (a query string that long is refused by Kestrel's URL limit).
# 3. Each attack alone for SOLO_SECONDS, without normal traffic: the server's CPU time (and the database cluster's,
#    with --postgres-redis) per answer, from /proc, so the cost of each attack is its own (recorded, not judged).
# Pass: no attack answered 5xx or crashing the server, the refused ones 4xx, every answer bounded in size, normal
# traffic with no errors, and the server's RSS below 2 GiB (the probe saw 7.8 GB). p99s and RSS are recorded, not
# judged (timings depend on the machine). Figures go to artifacts/attacks/summary.txt; exit 0 only if all passed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
stores=sqlite
if [ "${1:-}" = --postgres-redis ]; then stores=postgres-redis; shift; fi
seconds=${1:-30}
solo_seconds=${2:-5}
out="$root/artifacts/attacks"
rm -rf "$out" && mkdir -p "$out"
source "$here/common.sh"
require_tools wrk curl jq
build_playground
trap 'stop_started_server; kill $(jobs -p) 2>/dev/null; stop_stores' EXIT
if [ "$stores" = postgres-redis ]; then start_stores; else say "stores: SQLite in memory, persisted queries in the process"; fi

# ---------------------------------------------------------------- the attack requests
repeat() { local n=$1 text=$2; for ((i = 0; i < n; i++)); do printf '%s' "$text"; done; }
joined() { local n=$1 format=$2; for ((i = 0; i < n; i++)); do printf "$format," "$i"; done | sed 's/,$//'; }

head -c $((8 * 1024 * 1024)) /dev/zero | tr '\0' 'x' | jq -Rs '{ make: ., model: "m", year: 2020 }' >"$out/f2-car.json"
f2_aliases="[$(joined 256 'a%d:make')]"
unknown=$(repeat 7300 u)
jq -n --arg q "{ $(repeat 2048 '...F ') } fragment F on Query { $unknown }" '{ query: $q }' >"$out/f3-bomb.json"
jq -n --arg q "{ $(joined 256 'e%d: employees { __full }' | tr ',' ' ') }" '{ query: $q }' >"$out/f4-gateway.json"
f4_rest="[$(joined 256 'd%d:department[!full]')]"
f5_object="[$(joined 8 'd%d:department[!full]')]"

gql_type='content-type: application/json'
gql_accept='accept: application/graphql-response+json'

# Issue 29's requests (the store's customers and orders, in SQLite).
jq -n '{ query: "query($ids: [Int]) { customers(where: {id: {in: $ids}}) { id } }", variables: { ids: [range(1; 8001)] } }' >"$out/p1-variable.json"
p1_rest="(where: {id: {in: [$(seq -s, 1 1001)]}})[id]"
p2_rest='[orders(first:1)[lines(first:1)[product],customer[orders(first:1)[lines(first:1)[product],customer[orders(first:1)[lines(first:1)[product],customer[orders(first:1)[lines(first:1)[product]]]]]]]]]'
p3_rest='(where: {id: {in: [null]}, status: {neq: null}})[id]'
jq -n '{ query: "{ customers(first: 1) { id creditLimit @skip(if: true) } }" }' >"$out/p4-skip.json"
# Each P5 request is a fresh hash (curl reads the body anew from a file rewritten per request below).
p5_body() { # n: a text over MaxLength (8,192) on even n, an unparseable one on odd n, under a hash nobody has sent
  local text
  if (( $1 % 2 == 0 )); then text="{ employees { id $(repeat 9000 ' ') } }"; else text="{ employees { id $1 ]] }"; fi
  jq -n --arg q "$text" --arg h "$(printf '%s' "$text" | sha256sum | cut -d' ' -f1)" \
    '{ query: $q, extensions: { persistedQuery: { version: 1, sha256Hash: $h } } }'
}
apq_flood() { # until file: one new APQ text per request
  local until=$1 n=0
  while [ "$(date +%s)" -lt "$until" ]; do
    p5_body $((n++)) >"$out/p5-body.json"
    curl -s -o /dev/null --max-time 30 -w '%{http_code} %{size_download} %{time_total}\n' -H "$gql_type" -H "$gql_accept" \
      --data-binary "@$out/p5-body.json" "$base/graphql" >>"$2" 2>&1
  done
}

# Each attacker loops until $1 (epoch seconds) and appends "status bytes seconds" per answer to its file.
attacker() {
  local until=$1 name=$2; shift 2
  while [ "$(date +%s)" -lt "$until" ]; do
    curl -s -o /dev/null --max-time 30 -w '%{http_code} %{size_download} %{time_total}\n' "$@" >>"$out/attack-$name.txt" 2>&1
  done
}

attacks=(f2-post f2-aliases f3-bomb f4-gateway f4-rest f5-slow p1-variable p1-rest p2-depth4 p3-nulls p4-skip p5-apq)
launch() { # name until seconds: starts that attack in the background until then; its pids in $pids
  local name=$1 until=$2 seconds=$3
  case $name in
    f2-post) attacker "$until" f2-post -X POST -H 'content-type: application/json' --data-binary "@$out/f2-car.json" "$base/api/cars" & pids+=($!) ;;
    f2-aliases) attacker "$until" f2-aliases -H "Popcorn-Include: $f2_aliases" "$base/api/cars/1" & pids+=($!) ;;
    # GraphQL over HTTP: under its own media type a refused document is a 4xx (under application/json, 200 with errors).
    f3-bomb) attacker "$until" f3-bomb -H "$gql_type" -H "$gql_accept" --data-binary "@$out/f3-bomb.json" "$base/graphql" & pids+=($!) ;;
    f4-gateway) attacker "$until" f4-gateway -H "$gql_type" -H "$gql_accept" --data-binary "@$out/f4-gateway.json" "$base/graphql" & pids+=($!) ;;
    f4-rest) attacker "$until" f4-rest -H "Popcorn-Include: $f4_rest" "$base/api/employees" & pids+=($!) ;;
    f5-slow)
      for ((i = 0; i < 200; i++)); do
        curl -s -o /dev/null --limit-rate 2K --max-time "$seconds" -w '%{http_code} %{size_download} %{time_total}\n' \
          -H "Popcorn-Include: $f5_object" "$base/api/employees/1" >>"$out/attack-f5-slow.txt" 2>&1 & pids+=($!)
      done ;;
    p1-variable) attacker "$until" p1-variable -H "$gql_type" -H "$gql_accept" --data-binary "@$out/p1-variable.json" "$base/graphql" & pids+=($!) ;;
    p1-rest) attacker "$until" p1-rest -H "Popcorn-Include: $p1_rest" "$base/api/store/customers" & pids+=($!) ;;
    p2-depth4) attacker "$until" p2-depth4 -H "Popcorn-Include: $p2_rest" "$base/api/store/customers" & pids+=($!) ;;
    p3-nulls) attacker "$until" p3-nulls -H "Popcorn-Include: $p3_rest" "$base/api/store/orders" & pids+=($!) ;;
    p4-skip) attacker "$until" p4-skip -H "$gql_type" -H "$gql_accept" --data-binary "@$out/p4-skip.json" "$base/graphql" & pids+=($!) ;;
    p5-apq) apq_flood "$until" "$out/attack-p5-apq.txt" & pids+=($!) ;;
  esac
}

normal() { # seconds file: wrk on a small selection, with its latency distribution
  wrk -t1 -c8 -d"${1}s" --timeout 10s --latency "$base/api/employees?include=%5Bid%2CfirstName%5D" >"$2" 2>&1
}
p99() { awk '$1 == "99%" { print $2 }' "$1"; }
rate() { awk '/^Requests\/sec/ { print $2 }' "$1"; }

# ---------------------------------------------------------------- phase 1: normal traffic alone
start_server "$out/server.log"
say "playground pid $server_pid at $base; load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
curl -sf -o /dev/null "$base/api/employees/1" || { echo "The playground does not answer."; exit 2; }
normal 5 /dev/null # warm-up: JIT tiers, the thread pool
echo "== Normal traffic alone: ${seconds}s"
normal "$seconds" "$out/wrk-alone.txt"
say "normal traffic alone: $(rate "$out/wrk-alone.txt") req/s, p99 $(p99 "$out/wrk-alone.txt")"

# ---------------------------------------------------------------- phase 2: the same under attack
echo "== Under attack: ${seconds}s"
until=$(( $(date +%s) + seconds ))
sample_rss "$seconds" "$out/rss.txt" &
rss_sampler=$!
pids=()
for name in "${attacks[@]}"; do launch "$name" "$until" "$seconds"; done
normal "$seconds" "$out/wrk-attacked.txt"
wait "$rss_sampler" "${pids[@]}"
say "normal traffic under attack: $(rate "$out/wrk-attacked.txt") req/s, p99 $(p99 "$out/wrk-attacked.txt")"
peak=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$out/rss.txt")
say "server RSS during the attack: peak $((peak / 1024)) MiB"

# ---------------------------------------------------------------- phase 3: each attack alone, its CPU time
echo "== Each attack alone: ${solo_seconds}s each"
mkdir -p "$out/solo"
if [ -n "$pg_postmaster" ]; then database_note="the PostgreSQL cluster's"; else database_note="none apart: SQLite runs in the server"; fi
say "attack alone (${solo_seconds}s): answers, server CPU ms per answer, database CPU ms per answer ($database_note)"
for name in "${attacks[@]}"; do
  kill -0 "$server_pid" 2>/dev/null || break
  mv "$out/attack-$name.txt" "$out/attack-$name.all.txt"
  server_before=$(server_ticks); database_before=$(database_ticks)
  pids=()
  launch "$name" $(( $(date +%s) + solo_seconds )) "$solo_seconds"
  wait "${pids[@]}"
  server_used=$(( $(server_ticks) - server_before )); database_used=$(( $(database_ticks) - database_before ))
  answers=$(wc -l <"$out/attack-$name.txt")
  say "$(awk -v n="$name" -v a="$answers" -v s="$server_used" -v d="$database_used" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "  %-12s %6d answers  server %8.2f ms  database %8.2f ms", n, a, a ? s * 1000 / hz / a : 0, a ? d * 1000 / hz / a : 0 }')"
  mv "$out/attack-$name.txt" "$out/solo/attack-$name.txt"
  cat "$out/solo/attack-$name.txt" >>"$out/attack-$name.all.txt"
  mv "$out/attack-$name.all.txt" "$out/attack-$name.txt"
done

# ---------------------------------------------------------------- verdicts (both phases' answers)
kill -0 "$server_pid" 2>/dev/null; verdict $? "the server is still running"
for name in "${attacks[@]}"; do
  file="$out/attack-$name.txt"
  say "$name: $(wc -l <"$file") answers; statuses $(awk '{ print $1 }' "$file" | sort | uniq -c | awk '{ printf "%s x%s ", $2, $1 }'); largest $(awk '$2 > m { m = $2 } END { print m + 0 }' "$file") bytes"
  awk '$1 >= 500 { bad++ } END { exit bad > 0 }' "$file"; verdict $? "$name: no 5xx"
done
awk '$1 < 400 || $1 >= 500 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-f2-post.txt"; verdict $? "F2: the 8 MB string is refused with a 4xx"
awk '$2 > 65536 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-f3-bomb.txt"; verdict $? "F3: the error bomb's answer stays under 64 KB"
awk '$1 < 400 || $1 >= 500 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-f3-bomb.txt"; verdict $? "F3: the error bomb is refused with a 4xx"
awk '$1 < 400 || $1 >= 500 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-f4-gateway.txt"; verdict $? "F4: 256 __full roots are refused with a 4xx (the cost limit)"
awk '$2 > 67108864 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-f4-rest.txt"; verdict $? "F4: REST amplification stays within the 64 MiB output cap"
awk '$1 != 400 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p1-variable.txt"; verdict $? "P1: 8,000 values in one in (a variable) are a 400"
awk '$1 != 400 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p1-rest.txt"; verdict $? "P1: 1,001 values in one in (REST) are a 400"
awk '$1 != 200 || $3 > 5 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p2-depth4.txt"; verdict $? "P2: the depth-4 nested lists answer 200, each in under 5 s"
awk '$1 != 200 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p3-nulls.txt"; verdict $? "P3: nulls against non-nullable fields are comparisons (200)"
awk '$1 != 400 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p4-skip.txt"; verdict $? "P4: a hidden field under @skip is unknown (400), not data"
awk '$1 < 400 || $1 >= 500 { bad++ } END { exit bad > 0 || NR == 0 }' "$out/attack-p5-apq.txt"; verdict $? "P5: APQ texts no request could run are refused with a 4xx"
verdict "$(grep -q 'Non-2xx' "$out/wrk-attacked.txt" && echo 1 || echo 0)" "normal traffic under attack: every answer 2xx"
verdict "$([ "$peak" -lt $((2 * 1024 * 1024)) ] && echo 0 || echo 1)" "server RSS stays below 2 GiB ($((peak / 1024)) MiB)"
if grep -qiE 'Unhandled|fail:' "$out/server.log"; then verdict 1 "no errors logged by the server (see $out/server.log)"; else verdict 0 "no errors logged by the server"; fi

say "== $failures failed checks; figures in $out"
[ "$failures" = 0 ]
