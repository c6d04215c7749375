#!/usr/bin/env bash
# Scale-out by hand, as a script: a throwaway redis-server on loopback, two playground instances sharing it, then
#   1. a query persisted through A is served by B by its hash alone;
#   2. a response cached through A is served by B (an Age header: B's handler did not run), for another spelling;
#   3. Redis killed: cached GETs still answer 200 (uncached) within the time box, hash-only requests answer
#      PersistedQueryNotFound, nothing answers 5xx;
#   4. Redis restarted on the same port: caching and persisting resume.
# Needs redis-server (Debian: apt-get install redis-server) and curl; builds the playground first unless --no-build.
# The test suite does the same in-process (ResponseCacheScaleOutTests, PersistedQueryScaleOutTests); see docs/caching.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v redis-server >/dev/null || { echo "redis-server is not installed (apt-get install redis-server)"; exit 2; }
[[ "${1:-}" == "--no-build" ]] || dotnet build playground -v quiet -nologo >/dev/null
dll=playground/bin/Debug/net10.0/Popcorn.Playground.dll
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

redis_port=$(free_port)
start_redis() {
  redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
  redis_pid=$!
  pids+=("$redis_pid")
  for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$redis_port") 2>/dev/null && return; sleep 0.1; done
  echo "redis-server did not start"; exit 1
}

# Starts an instance on a port the OS picks and prints its base URL (read from the host's "Now listening on" line).
start_instance() {
  local log="$work/$1.log"
  ConnectionStrings__Redis="127.0.0.1:$redis_port" dotnet "$dll" --urls http://127.0.0.1:0 --environment Production >"$log" 2>&1 &
  echo "$!" >"$work/$1.pid" # this runs in $(...), a subshell: the caller adds the pid to the cleanup list
  for _ in $(seq 300); do
    local url
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 || true)
    [[ -n "$url" ]] && { echo "$url"; return; }
    sleep 0.1
  done
  echo "instance $1 did not start: $(cat "$log")" >&2; exit 1
}

failed=0
check() { if [[ "$2" == "$3" ]]; then echo "ok    $1"; else echo "FAIL  $1: expected '$3', got '$2'"; failed=$((failed + 1)); fi; }

# One public host name for both, as behind a load balancer (the output cache keys entries by host).
get() { curl -s -o "$work/body" -D "$work/headers" -w '%{http_code} %{time_total}\n' -H 'Host: playground.example' -G "$1$2" --data-urlencode "include=$3"; }
age() { grep -i '^age:' "$work/headers" >/dev/null && echo cached || echo handler; }
persisted() { # $1 base URL, $2 query or empty, $3 hash: prints the status and the error code if any
  local ext="\"extensions\":{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"$3\"}}" body
  if [[ -n "$2" ]]; then body="{\"query\":\"$2\",$ext}"; else body="{$ext}"; fi
  curl -s -o "$work/pq" -w '%{http_code}' "$1/graphql" -H 'content-type: application/json' -d "$body"
  grep -o 'PERSISTED_QUERY_NOT_FOUND' "$work/pq" | head -1 | sed 's/^/ /' || true
}

start_redis
a=$(start_instance a); pids+=("$(cat "$work/a.pid")")
b=$(start_instance b); pids+=("$(cat "$work/b.pid")")
echo "redis on $redis_port, instance A at $a, instance B at $b"

# Each instance connects to Redis on its first call; wait until an entry written through A is served by B.
for i in $(seq 100); do
  get "$a" /api/cars "[id]" >/dev/null; get "$b" /api/cars "[id]" >/dev/null
  [[ $(age) == cached ]] && break; sleep 0.2
done

q="{ car(id: 2) { make } }"; h=$(printf '%s' "$q" | sha256sum | cut -d' ' -f1)
check "B does not know the hash yet" "$(persisted "$b" "" "$h")" "200 PERSISTED_QUERY_NOT_FOUND"
check "A stores the query" "$(persisted "$a" "$q" "$h")" "200"
check "B serves it by hash" "$(persisted "$b" "" "$h")" "200"

read -r status _ < <(get "$a" /api/employees "[id,email,department[name]]"); check "A writes the response" "$status $(age)" "200 handler"
cp "$work/body" "$work/from-a"
read -r status _ < <(get "$b" /api/employees "{ department { name } email id }"); check "B serves it from Redis (another spelling)" "$status $(age)" "200 cached"
check "with the same bytes" "$(cmp -s "$work/body" "$work/from-a" && echo same)" "same"

kill "$redis_pid"; wait "$redis_pid" 2>/dev/null || true
worst=0; statuses=""
for i in $(seq 20); do
  [[ $((i % 2)) == 0 ]] && base=$a || base=$b
  read -r status time < <(get "$base" /api/cars "[make]")
  statuses+="$status "; ms=$(awk -v t="$time" 'BEGIN { printf "%d", t * 1000 }'); (( ms > worst )) && worst=$ms
done
check "Redis down: 20 cached GETs, all 200" "$(echo "$statuses" | tr ' ' '\n' | sort -u | xargs)" "200"
echo "      slowest of them: $worst ms (the time box is 500 ms; the store is then skipped for 2 s)"
check "Redis down: hash-only is PersistedQueryNotFound" "$(persisted "$b" "" "$h")" "200 PERSISTED_QUERY_NOT_FOUND"
check "Redis down: the full query still answers" "$(persisted "$a" "$q" "$h")" "200"

start_redis
for i in $(seq 150); do
  get "$a" /api/cars "[model]" >/dev/null; get "$b" /api/cars "[model]" >/dev/null
  [[ $(age) == cached ]] && break; sleep 0.2
done
check "Redis back: B serves what A cached" "$(age)" "cached"
persisted "$a" "$q" "$h" >/dev/null
check "Redis back: B serves a query A persisted" "$(persisted "$b" "" "$h")" "200"

echo "$failed failed"
exit $((failed > 0))
