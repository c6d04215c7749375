#!/usr/bin/env bash
# HTTP benchmark: the playground app (Release) on loopback, driven by wrk, the server pinned to one core and wrk to
# the other. Compares plain System.Text.Json with Popcorn (defaults, a custom selection, the deep wildcard) over the
# same data: the sample's 16 employees (/api/employees) and a generated list of 1,024 (/bench/employees).
# Writes a markdown report (requests/s, latency percentiles, bytes per response).
#
#   bench/http/run.sh                      # 10 s per case (after a 3 s warm-up), report in bench/results/http.md
#   bench/http/run.sh --duration 5 --out /tmp/http.md
#   bench/http/run.sh --smoke              # 1 s per case, checks every endpoint answers; report in a temp file
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

# wrk from Debian's packages when it is missing (root only). The smoke run can do without it: it then only checks
# that every endpoint answers.
if ! command -v wrk >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing wrk..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null) || true
fi
have_wrk=true
if ! command -v wrk >/dev/null 2>&1; then
  if ! $smoke; then
    echo "wrk is required: apt-get install wrk" >&2
    exit 1
  fi
  have_wrk=false
  echo "wrk is not available: the smoke run only checks the endpoints."
fi

# One core for the server, the other for wrk, when there are two.
server_cpu=""
client_cpu=""
if command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
  server_cpu="taskset -c 0"
  client_cpu="taskset -c 1"
fi

echo "== Building the playground (Release)"
dotnet build playground/Popcorn.Playground.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/playground/bin/Release/net10.0/Popcorn.Playground.dll"

if curl -s -o /dev/null "$base/" 2>/dev/null; then
  echo "Port $port is already in use; pass --port." >&2
  exit 1
fi

echo "== Starting the server on $base ${server_cpu:+(pinned: $server_cpu)}"
DOTNET_CLI_TELEMETRY_OPTOUT=1 ASPNETCORE_ENVIRONMENT=Production $server_cpu dotnet "$dll" --urls "$base" \
  --Logging:LogLevel:Default=Warning >"${TMPDIR:-/tmp}/popcorn-http-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  if curl -s -o /dev/null "$base/api/employees"; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "The server exited:" >&2
    cat "${TMPDIR:-/tmp}/popcorn-http-server.log" >&2
    exit 1
  fi
  sleep 0.5
done

# Cases: data set | label | path (query strings percent-encoded: [ ] , ! as %5B %5D %2C %21).
custom='%5Bid%2CfirstName%2Cemail%2Cmanager%5BfirstName%2ClastName%5D%5D'
full='%5B%21full%5D'
cases=(
  "sample (16)|plain System.Text.Json|/plain/employees"
  "sample (16)|Popcorn, defaults|/api/employees"
  "sample (16)|Popcorn, [id,firstName,email,manager[firstName,lastName]]|/api/employees?include=$custom"
  "sample (16)|Popcorn, [!full]|/api/employees?include=$full"
  "generated (1,024)|plain System.Text.Json|/plain/bench/employees"
  "generated (1,024)|Popcorn, defaults|/bench/employees"
  "generated (1,024)|Popcorn, [id,firstName,email,manager[firstName,lastName]]|/bench/employees?include=$custom"
  "generated (1,024)|Popcorn, [!full]|/bench/employees?include=$full"
)

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
failed=0
for case in "${cases[@]}"; do
  IFS='|' read -r data label path <<<"$case"
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

  printf '%-20s %-60s %10s req/s  p50 %-9s p99 %-9s %9s B\n' "$data" "$label" "$rps" "$p50" "$p99" "$bytes"
  rows+=("$data|$label|$rps|$p50|$p75|$p90|$p99|$bytes")
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
{
  echo "# HTTP benchmark: plain System.Text.Json vs Popcorn"
  echo
  echo '```'
  echo "Date:        $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "CPU:         $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) logical cores"
  echo "OS:          $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo ".NET:        SDK $(dotnet --version), runtime $(dotnet --list-runtimes | awk '/Microsoft.AspNetCore.App/ {v=$2} END {print "ASP.NET Core " v}')"
  echo "Load client: $(wrk --version 2>&1 | head -n 1 | awk '{print $1, $2}'), 1 thread, $connections connections, ${duration} s per case after a ${warmup} s warm-up"
  echo "Pinning:     ${server_cpu:-none} server, ${client_cpu:-none} wrk (loopback)"
  echo "Load avg:    $load_before before, $load_after after (1, 5, 15 min)"
  echo '```'
  echo
  echo "| Data | Endpoint | Requests/s | vs plain | p50 | p75 | p90 | p99 | Bytes/response |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r data label rps p50 p75 p90 p99 bytes <<<"$row"
    plain=""
    for other in "${rows[@]}"; do
      IFS='|' read -r odata olabel orps _ <<<"$other"
      if [ "$odata" = "$data" ] && [ "$olabel" = "plain System.Text.Json" ]; then plain="$orps"; fi
    done
    ratio=$(awk -v a="$rps" -v b="$plain" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
    echo "| $data | $label | $rps | $ratio | $p50 | $p75 | $p90 | $p99 | $bytes |"
  done
  echo
  echo "Targets: a subset selection serves more requests/s than plain; the deep wildcard at least 0.95x of plain."
  echo
  for data in "sample (16)" "generated (1,024)"; do
    plain=""; subset=""; deep=""
    for row in "${rows[@]}"; do
      IFS='|' read -r rdata rlabel rps _ <<<"$row"
      [ "$rdata" = "$data" ] || continue
      case "$rlabel" in
        "plain System.Text.Json") plain="$rps" ;;
        *"[id,"*) subset="$rps" ;;
        *"[!full]") deep="$rps" ;;
      esac
    done
    awk -v d="$data" -v p="$plain" -v s="$subset" -v f="$deep" 'BEGIN {
      printf "- %s: subset %.2fx of plain (%s), deep wildcard %.2fx of plain (%s)\n", d, s / p, (s > p ? "met" : "missed"), f / p, (f >= 0.95 * p ? "met" : "missed")
    }'
  done
} >"$out"

echo "== Report: $out"
if $smoke; then
  rm -f "$out"
fi
