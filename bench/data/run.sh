#!/usr/bin/env bash
# Data benchmark (issue 13): the data bench host (bench/Popcorn.Bench.Data, Release) over a generated store of
# 100,000 orders (deterministic, seed 42) in a SQLite file, and in PostgreSQL when its binaries are installed (a
# throwaway cluster, as the EF Core tests start). Per provider, on loopback with wrk (server on core 0, wrk on core 1):
#   narrow [id,placedAt,customer[name]], first 100 orders: Popcorn's pushdown, Popcorn without pushdown, the naive
#     path (entities with Include, then System.Text.Json) with the selection's Include and with every Include;
#   deep [id,placedAt,lines[quantity,product[sku,name,price]]]: Popcorn's pushdown vs a hand-written EF Select on
#     System.Text.Json's source-generated fast path, both with AsSplitQuery() (see DataBenchApp.cs for why);
# each with requests/s, p50/p99, bytes per response, and what it read from the database (commands, rows, cells =
# columns x rows; on PostgreSQL also Npgsql's bytes read). Then memory: the server's peak RSS while it answers all
# 100,000 orders, streamed by Popcorn vs loaded into a list for System.Text.Json, each in a fresh server. Then (SQLite)
# BenchmarkDotNet through the same handlers in process: time and allocations per request.
#
#   bench/data/run.sh                        # 3 interleaved rounds of 5 s per case, report in bench/results/data.md
#   bench/data/run.sh --duration 5 --no-postgres --no-bdn --out /tmp/data.md
#   bench/data/run.sh --smoke                # 2,000 orders, 1 s per case, every check; no report kept (CI)
#
# Loopback only; the servers and the cluster are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

duration=5
rounds=3
warmup=3
connections=16
port=5299
orders=100000
out="$root/bench/results/data.md"
smoke=false
postgres=true
bdn=true
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --no-postgres) postgres=false; shift ;;
    --no-bdn) bdn=false; shift ;;
    --rounds) rounds="$2"; shift 2 ;;
    --smoke) smoke=true; duration=1; rounds=1; warmup=0; connections=4; orders=2000; postgres=false; out=$(mktemp --suffix=.md); shift ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done

base="http://127.0.0.1:$port"
tmp=$(mktemp -d)
server_pid=""
pg_ctl=""
pg_data=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  stop_server
  if [ -n "$pg_ctl" ]; then as_postgres "$pg_ctl" -D "$pg_data" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# wrk (installed when missing, as root) and one core each for the server and wrk.
source "$root/bench/http/wrk.sh"

echo "== Building the data bench host (Release)"
dotnet build bench/Popcorn.Bench.Data/Popcorn.Bench.Data.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/bench/Popcorn.Bench.Data/bin/Release/net10.0/Popcorn.Bench.Data.dll"
if curl -s -o /dev/null "$base/" 2>/dev/null; then echo "Port $port is already in use; pass --port." >&2; exit 1; fi

# start_server ARGS...: the host on core 0; waits for it (generating the store the first time takes minutes).
start_server() {
  DOTNET_CLI_TELEMETRY_OPTOUT=1 ASPNETCORE_ENVIRONMENT=Production $server_cpu dotnet "$dll" --urls "$base" \
    --Logging:LogLevel:Default=Warning "--Store:Orders=$orders" "$@" >"$tmp/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 1200); do
    if curl -s -o /dev/null "$base/stats/reads"; then return 0; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then echo "The server exited:" >&2; cat "$tmp/server.log" >&2; exit 1; fi
    sleep 0.5
  done
  echo "The server did not start in 10 minutes." >&2
  exit 1
}

# A throwaway PostgreSQL cluster (Debian's binaries), or a printed reason to skip it.
pg_args=()
start_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL is not installed (apt-get install -y postgresql): its run is skipped."
    return 1
  fi
  pg_data="$tmp/pg"
  mkdir -p "$pg_data"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$tmp" "$pg_data"; chmod 755 "$tmp"; fi
  local pg_port=$((port + 1))
  if ! as_postgres "$bin/initdb" -D "$pg_data" -A trust -U postgres -E UTF8 --locale=C --no-sync >"$tmp/initdb.log" 2>&1 ||
     ! as_postgres "$bin/pg_ctl" -D "$pg_data" -l "$pg_data/server.log" -w -t 60 \
       -o "-p $pg_port -k $pg_data -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null; then
    echo "PostgreSQL did not start (see $tmp/initdb.log): its run is skipped."
    return 1
  fi
  pg_ctl="$bin/pg_ctl"
  pg_args=("--Store:Provider=PostgreSQL" "--ConnectionStrings:Store=Host=127.0.0.1;Port=$pg_port;Username=postgres;Database=postgres")
}

narrow='%5Bid%2CplacedAt%2Ccustomer%5Bname%5D%5D'
deep='%5Bid%2CplacedAt%2Clines%5Bquantity%2Cproduct%5Bsku%2Cname%2Cprice%5D%5D%5D'
# The same selections in OData's spelling (bench/Popcorn.Bench.Data/OData/ODataEndpoints.cs), percent-encoded.
odata_narrow='%24select=id%2CplacedAt&%24expand=customer(%24select%3Dname)'
odata_deep='%24select=id%2CplacedAt&%24expand=lines(%24select%3Dquantity%3B%24expand%3Dproduct(%24select%3Dsku%2Cname%2Cprice))'
# Cases: group | role | label | path. In each group the ratio is to the "base" row (the naive path with the
# selection's Include for narrow, the hand-written projection for deep).
cases=(
  "narrow|popcorn|Popcorn, pushdown|/orders?include=$narrow"
  "narrow|other|Popcorn, no pushdown (Include(Customer), then Popcorn)|/orders/no-pushdown?include=$narrow"
  "narrow|base|naive: Include(Customer), System.Text.Json|/naive/orders"
  "deep|popcorn|Popcorn, pushdown, AsSplitQuery()|/split/orders?include=$deep"
  "deep|base|hand-written EF Select, AsSplitQuery(), System.Text.Json fast path|/dto/orders"
  "narrow|other|ASP.NET Core OData 9.5: \$select/\$expand over the same query|/odata/orders?$odata_narrow"
  "deep|other|ASP.NET Core OData 9.5: \$select/\$expand, AsSplitQuery()|/odata/split/orders?$odata_deep"
  "narrow|other|naive: Include everything (one statement), System.Text.Json|/naive/orders/everything"
)
# The last case takes over a second a request on SQLite (EF's single query over a page and its lines reads every line);
# it is measured once, after the interleaved rounds of the others, so its backlog cannot slow them.
slow_case=7

# reads PATH: one request's reads from the database, as "commands rows cells bytes".
reads() {
  local before after
  before=$(curl -s "$base/stats/reads")
  curl -s -o /dev/null "$base$1"
  after=$(curl -s "$base/stats/reads")
  python3 - "$before" "$after" <<'PY'
import re, sys
b, a = ([int(x) for x in re.findall(r"= (\d+)", s)] for s in sys.argv[1:3])
print(" ".join(str(y - x) for x, y in zip(b, a)))
PY
}

rows=()
round_rows=()
run_provider() {
  local provider="$1"; shift
  echo "== $provider: starting the server ($orders orders)"
  start_server "$@"
  # The comparisons are only fair if the sides answer what they claim.
  curl -s -o "$tmp/pushdown" "$base/orders?include=$narrow"
  curl -s -o "$tmp/no-pushdown" "$base/orders/no-pushdown?include=$narrow"
  curl -s -o "$tmp/deep" "$base/split/orders?include=$deep"
  curl -s -o "$tmp/dto" "$base/dto/orders"
  if ! cmp -s "$tmp/pushdown" "$tmp/no-pushdown" || [ ! -s "$tmp/pushdown" ]; then
    echo "FAILED ($provider): Popcorn with and without pushdown answer different JSON for the narrow selection." >&2; exit 1
  fi
  if ! cmp -s "$tmp/deep" "$tmp/dto" || [ ! -s "$tmp/deep" ]; then
    echo "FAILED ($provider): Popcorn's deep selection and the hand-written projection answer different JSON." >&2; exit 1
  fi
  echo "ok  same JSON: narrow with and without pushdown; deep vs the hand-written projection"
  # Statuses, bytes and reads first, while the server is idle: under wrk a slow case leaves requests queued behind it.
  local measured=()
  for case in "${cases[@]}"; do
    IFS='|' read -r group role label path <<<"$case"
    read -r status bytes < <(curl -s -o /dev/null -w '%{http_code} %{size_download}\n' "$base$path")
    if [ "$status" != 200 ] || [ "$bytes" -le 2 ]; then echo "FAILED: $path answered $status with $bytes bytes" >&2; exit 1; fi
    read -r commands dbrows cells dbbytes < <(reads "$path")
    echo "ok  $provider $path ($bytes bytes, $commands commands, $cells cells)"
    measured+=("$case|$bytes|$commands|$dbrows|$cells|$dbbytes")
  done
  if ! $have_wrk; then stop_server; return; fi
  # The machine is shared, so each case is measured in $rounds short rounds, interleaved with the other cases, and
  # its median round is reported: a burst of someone else's work lands on one round of every case, not on all of one.
  local i round
  for i in "${!measured[@]}"; do
    if [ "$i" = "$slow_case" ]; then continue; fi
    IFS='|' read -r _ _ _ path _ <<<"${measured[$i]}"
    if [ "$warmup" -gt 0 ]; then $client_cpu wrk -t1 -c"$connections" -d"${warmup}s" --timeout 10s "$base$path" >/dev/null; fi
  done
  local results=()
  # Round 0 is the slow case alone, after the others' rounds.
  for round in $(seq 1 "$rounds") 0; do
    for i in "${!measured[@]}"; do
      if { [ "$i" = "$slow_case" ] && [ "$round" != 0 ]; } || { [ "$i" != "$slow_case" ] && [ "$round" = 0 ]; }; then continue; fi
      IFS='|' read -r _ _ _ path _ <<<"${measured[$i]}"
      local load result rps p50 p99 errors
      load=$(cut -d' ' -f1 /proc/loadavg)
      result=$($client_cpu wrk -t1 -c"$connections" -d"${duration}s" --timeout 10s --latency "$base$path")
      rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$result")
      p50=$(awk '$1 == "50%" {print $2}' <<<"$result")
      p99=$(awk '$1 == "99%" {print $2}' <<<"$result")
      errors=$(awk '/Non-2xx|Socket errors/' <<<"$result")
      if [ -z "$rps" ] || [ -n "$errors" ]; then echo "FAILED: $path: ${errors:-no result}" >&2; echo "$result" >&2; exit 1; fi
      echo "   round $round  $path  $rps req/s  p99 $p99  load $load"
      results+=("$i|$rps|$p50|$p99|$load")
      # wrk's connections close at its end, which aborts what they still had in flight; a moment for that to settle.
      sleep 1
    done
  done
  # Each round's ratios (cases 0-2: narrow pushdown, no pushdown, naive; 3-4: deep pushdown, hand-written).
  for round in $(seq 1 "$rounds"); do
    local r=() first_load=""
    # results holds the rounds in order, each with every case but the slow one (the last): this round's slice.
    local slice=("${results[@]:$(((round - 1) * slow_case)):$slow_case}")
    for entry in "${slice[@]}"; do IFS='|' read -r j rps _ _ load <<<"$entry"; r[$j]="$rps"; if [ "$j" = 0 ]; then first_load="$load"; fi; done
    round_rows+=("$provider|$round|$first_load|$(awk -v a="${r[0]}" -v b="${r[1]}" -v c="${r[2]}" -v d="${r[3]}" -v e="${r[4]}" 'BEGIN { printf "%.2fx|%.2fx|%.2fx", a / c, b / c, d / e }')")
  done
  for i in "${!measured[@]}"; do
    IFS='|' read -r group role label path bytes commands dbrows cells dbbytes <<<"${measured[$i]}"
    local median
    median=$(for r in "${results[@]}"; do IFS='|' read -r j rps p50 p99 load <<<"$r"; if [ "$j" = "$i" ]; then echo "$rps|$p50|$p99|$load"; fi; done | sort -t'|' -k1,1 -g | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }')
    IFS='|' read -r rps p50 p99 load <<<"$median"
    printf '%-10s %-7s %-55s %9s req/s  p99 %-9s %8s B  %s cells  load %s\n' "$provider" "$group" "$label" "$rps" "$p99" "$bytes" "$cells" "$load"
    rows+=("$provider|$group|$role|$label|$rps|$p50|$p99|$bytes|$commands|$dbrows|$cells|$dbbytes|$load")
  done
  stop_server
}

# peak_rss PATH ARGS...: a fresh server, one request to warm it, then the peak RSS (VmHWM) after three more, in MB,
# and the RSS before them: "before peak bytes".
mem_rows=()
peak_rss() {
  local path="$1"; shift
  start_server "$@"
  curl -s -o /dev/null "$base$path"
  local before bytes
  before=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
  for _ in 1 2 3; do bytes=$(curl -s -o /dev/null -w '%{size_download}' "$base$path"); done
  local peak
  peak=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
  stop_server
  echo "$((before / 1024)) $((peak / 1024)) $bytes"
}
run_memory() {
  local provider="$1"; shift
  local load
  for case in "Popcorn, streamed|/all/orders?include=%5Bid%2CplacedAt%5D" "naive: ToListAsync, System.Text.Json|/all/naive/orders"; do
    IFS='|' read -r label path <<<"$case"
    load=$(cut -d' ' -f1 /proc/loadavg)
    read -r before peak bytes < <(peak_rss "$path" "$@")
    printf '%-10s memory %-40s RSS %5s MB after warm-up, peak %5s MB, %10s B  load %s\n' "$provider" "$label" "$before" "$peak" "$bytes" "$load"
    mem_rows+=("$provider|$label|$before|$peak|$bytes|$load")
  done
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
run_provider SQLite
run_memory SQLite
providers="SQLite"
if $postgres && start_postgres; then
  run_provider PostgreSQL "${pg_args[@]}"
  run_memory PostgreSQL "${pg_args[@]}"
  providers="SQLite, PostgreSQL $("$(dirname "$pg_ctl")/postgres" --version | awk '{print $3}')"
fi

if $smoke; then
  echo "== BenchmarkDotNet data suite (smoke: each benchmark once, setup checks)"
  dotnet "$dll" --benchmark --smoke "--Store:Orders=$orders" >"$tmp/bdn.log" 2>&1 || { cat "$tmp/bdn.log" >&2; exit 1; }
  tail -n 1 "$tmp/bdn.log"
  rm -f "$out"
  echo "Data benchmark smoke run passed."
  exit 0
fi

bdn_table=""
if $bdn; then
  echo "== BenchmarkDotNet data suite (SQLite, in process)"
  bdn_load=$(cut -d' ' -f1-3 /proc/loadavg)
  $server_cpu dotnet "$dll" --benchmark "--Store:Orders=$orders" | tee "$tmp/bdn.log" | grep -E '^\|' || true
  report=$(ls -t "${TMPDIR:-/tmp}"/popcorn-bench-data/results/*DataBenchmarks-report-github.md | head -n 1)
  bdn_table=$(cat "$report")
  bdn_load="$bdn_load before, $(cut -d' ' -f1-3 /proc/loadavg) after"
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "# Data benchmark: Popcorn's pushdown vs the naive path and a hand-written projection"
  echo
  echo '```'
  echo "Date:        $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "CPU:         $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) logical cores"
  echo ".NET:        SDK $(dotnet --version)"
  echo "Store:       $orders orders (1-5 lines each), $((orders / 10)) customers, 1,000 products; seed 42; $providers"
  echo "Server:      bench/Popcorn.Bench.Data (Release), Kestrel on loopback; pages of 100 orders (Take(100) in the handler)"
  echo "Load client: $(wrk --version 2>&1 | head -n 1 | awk '{print $1, $2}'), 1 thread, $connections connections; per case a ${warmup} s warm-up, then $rounds rounds of ${duration} s interleaved with the other cases (the median round is shown)"
  echo "Pinning:     ${server_cpu:-none} server, ${client_cpu:-none} wrk"
  echo "Load avg:    $load_before at the start, $load_after at the end (1, 5, 15 min); per row below (1 min)"
  echo '```'
  echo
  echo "Reads: one request's commands, rows (EF's Read() calls, which count the last one that finds no row), cells"
  echo "(columns x Read() calls) and, on PostgreSQL, the bytes Npgsql read from the socket. \"vs base\" divides requests/s"
  echo "by the group's base row (narrow: the naive path with the selection's Include; deep: the hand-written projection)."
  echo "The deep rows' rows and cells are of their first statement only: EF reads a split query's second statement"
  echo "without counting its Read() calls. Both sides send the same two statements; the lines statement reads 8 columns"
  echo "for Popcorn (quantity, sku, name, price, the line's and product's keys, the order's key, and a constant EF adds"
  echo "for the product's null test) and 5 for the hand-written projection (no product key or constant), over the same rows."
  echo
  echo "| DB | Selection | Endpoint | Requests/s | vs base | p50 | p99 | Bytes/response | Commands | Rows | Cells | DB bytes | Load |"
  echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r provider group role label rps p50 p99 bytes commands dbrows cells dbbytes load <<<"$row"
    baserps=""
    for other in "${rows[@]}"; do
      IFS='|' read -r p g r _ orps _ <<<"$other"
      if [ "$p" = "$provider" ] && [ "$g" = "$group" ] && [ "$r" = base ]; then baserps="$orps"; fi
    done
    ratio=$(awk -v a="$rps" -v b="$baserps" 'BEGIN { printf "%.2fx", a / b }')
    [ "$provider" = SQLite ] && dbbytes="-"
    echo "| $provider | $group | $label | $rps | $ratio | $p50 | $p99 | $bytes | $commands | $dbrows | $cells | $dbbytes | $load |"
  done
  echo
  echo "## Memory: all $orders orders in one response"
  echo
  echo "Each case in a fresh server: one request to warm it, then the RSS, then three more requests and the peak RSS"
  echo "(VmHWM in /proc/PID/status) since the process started."
  echo
  echo "| DB | Endpoint | RSS after warm-up (MB) | Peak RSS (MB) | Bytes/response | Load |"
  echo "|---|---|---:|---:|---:|---:|"
  for row in "${mem_rows[@]}"; do
    IFS='|' read -r provider label before peak bytes load <<<"$row"
    echo "| $provider | $label | $before | $peak | $bytes | $load |"
  done
  echo
  echo "## Ratios per round"
  echo
  echo "Each round's ratio of two cases measured a few seconds apart: a burst of other work moves one round, not one"
  echo "side. Load is the 1-minute average as the round's first case started."
  echo
  echo "| DB | Round | Load | narrow: pushdown / naive | narrow: no pushdown / naive | deep: pushdown / hand-written |"
  echo "|---|---:|---:|---:|---:|---:|"
  for row in "${round_rows[@]}"; do
    IFS='|' read -r provider round load a b c <<<"$row"
    echo "| $provider | $round | $load | $a | $b | $c |"
  done
  if [ -n "$bdn_table" ]; then
    echo
    echo "## BenchmarkDotNet (SQLite, in process, through the endpoints' request delegates)"
    echo
    echo "Load avg: $bdn_load."
    echo
    echo "$bdn_table"
  fi
} >"$out"
echo "== Report: $out"
