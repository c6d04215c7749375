# Shared by the load scripts (sourced, not run): the summary's verdicts, starting the playground in Release on a free
# loopback port, and its resident memory. Needs $root and $out set by the caller.

failures=0
summary="$out/summary.txt"

say() { echo "$*" | tee -a "$summary"; }
verdict() { if [ "$1" = 0 ]; then say "PASS  $2"; else say "FAIL  $2"; failures=$((failures + 1)); fi; }

require_tools() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install -y $tool)."; exit 2; }
  done
}

server_pid=
build_playground() {
  echo "== Building the playground (Release)"
  dotnet build "$root/playground/Popcorn.Playground.csproj" -c Release -nologo -v quiet || exit 2
  dll="$root/playground/bin/Release/net10.0/Popcorn.Playground.dll"
}

stop_started_server() {
  # Only what this script started: the playground, if an interrupted run left it behind.
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; fi
}

start_server() {
  local log=$1
  dotnet "$dll" --urls http://127.0.0.1:0 --environment Production \
    --Logging:LogLevel:Default=Warning --Logging:LogLevel:Microsoft.Hosting.Lifetime=Information >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do
    base=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -n 1)
    [ -n "$base" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "The playground did not start:"; cat "$log"; exit 2
}

rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

sample_rss() { # seconds file: one VmRSS sample of the server a second
  local start=$(date +%s)
  for ((i = 0; i <= $1 + 2; i++)); do
    echo "$(( $(date +%s) - start )) $(rss_kb "$server_pid")"
    sleep 1
  done >"$2"
}
