#!/usr/bin/env bash
# Clients that hang up mid-response, for load/run.sh: bounded by count and by a deadline. Each curl asks for a
# large response (the 28 MB 256-alias deep-wildcard selection, the 195 KB [!full] list, a gateway __full) and
# gives up after a few tens of milliseconds, or reads it at 20 KB/s and times out. Prints "DISCONNECT tries=N
# cut=N" (cut: curl timed out, i.e. the client left before the end of the body) and curl's exit codes.
# Usage: disconnect.sh BASE_URL MAX_TRIES DEADLINE_EPOCH_SECONDS
set -uo pipefail
base=$1 max=$2 deadline=$3
huge="[$(for i in $(seq 0 255); do printf 'd%d:department[!full],' "$i"; done | sed 's/,$//')]"
tries=0 cut=0
declare -A codes=()
while [ "$tries" -lt "$max" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  case $((tries % 4)) in
    0) curl -s -o /dev/null --max-time 0.05 -H "Popcorn-Include: $huge" "$base/api/employees" ;;
    1) curl -s -o /dev/null --max-time 0.3 --limit-rate 20k "$base/api/employees?include=%5B!full%5D" ;;
    2) curl -s -o /dev/null --max-time 0.02 -H 'Content-Type: application/json' \
         --data-binary '{"query":"{ employees { __full } departments { __full } }"}' "$base/graphql" ;;
    3) curl -s -o /dev/null --max-time 0.1 -H "Popcorn-Include: $huge" "$base/api/employees/1" ;;
  esac
  code=$?
  tries=$((tries + 1))
  codes[$code]=$(( ${codes[$code]:-0} + 1 ))
  [ "$code" = 28 ] && cut=$((cut + 1))
  sleep 0.05
done
echo "DISCONNECT tries=$tries cut=$cut curl exit codes: $(for c in "${!codes[@]}"; do printf '%s x%s ' "$c" "${codes[$c]}"; done)(28: timed out mid-response, 0: finished first)"
