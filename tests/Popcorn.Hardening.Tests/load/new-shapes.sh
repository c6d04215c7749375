#!/usr/bin/env bash
# The compilation gate under a flood of never-seen query shapes (issue 29): the playground in Release on SQLite,
# once with Popcorn's default MaxConcurrentCompilations and once with the gate opened wide (as before the gate), each
# flooded by FLOODERS clients sending new depth-4 shapes for SECONDS while one client asks for a known shape. Prints
# what each answered, the known client's latencies and the server's CPU seconds. Wall times depend on the machine and
# its load; compare the two runs of one invocation, not runs of different days.
#   tests/Popcorn.Hardening.Tests/load/new-shapes.sh [SECONDS [FLOODERS]]
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=$(mktemp -d)
seconds=${1:-20}
flooders=${2:-6}
. "$(dirname "$0")/common.sh"
trap stop_started_server EXIT
build_playground

cpu_seconds() { awk '{ printf "%.1f", ($14 + $15) / 100 }' "/proc/$1/stat"; }

for gate in default wide; do
  store_args=()
  [ "$gate" = wide ] && store_args=(--PopcornEntityFrameworkCore:MaxConcurrentCompilations=1000)
  start_server "$out/server-$gate.log"
  before=$(cpu_seconds "$server_pid")
  result=$(node "$(dirname "$0")/new-shapes.mjs" "$base" "$seconds" "$flooders")
  say "gate=$gate load=$(cut -d' ' -f1 /proc/loadavg) cpu_s=$(echo "$(cpu_seconds "$server_pid") - $before" | bc) $result"
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  grep -c "Refused" "$out/server-$gate.log" | sed "s/^/gate=$gate refusal log lines: /" | tee -a "$summary"
  grep -iE "fail|exception" "$out/server-$gate.log" | head -3 || true
done
