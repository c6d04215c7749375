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
    --Logging:LogLevel:Default=Warning --Logging:LogLevel:Microsoft.Hosting.Lifetime=Information "${store_args[@]}" >"$log" 2>&1 &
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

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# A throwaway PostgreSQL cluster (Debian's postgresql) and redis-server on free loopback ports, for running the
# playground as it runs in production (Store:Provider=PostgreSQL, ConnectionStrings:Redis); stopped by stop_stores.
# Sets store_args (the playground's options) and pg_postmaster (the cluster's pid, for its CPU time).
store_args=()
pg_postmaster=
pg_stop=
redis_pid=
start_stores() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -x "$bin/initdb" ] || { echo "postgresql is missing (apt-get install -y postgresql)."; exit 2; }
  require_tools redis-server python3
  pg_root=$(mktemp -d /tmp/popcorn-attacks-pg-XXXXXX)
  local as_postgres=()
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$pg_root"; as_postgres=(runuser -u postgres --); fi
  local pg_port redis_port
  pg_port=$(free_port)
  "${as_postgres[@]}" "$bin/initdb" -D "$pg_root/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >/dev/null || exit 2
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$pg_root/data" -l "$pg_root/server.log" -w -t 60 \
    -o "-p $pg_port -k $pg_root -c listen_addresses=127.0.0.1" start >/dev/null || { cat "$pg_root/server.log"; exit 2; }
  pg_stop="${as_postgres[*]} $bin/pg_ctl -D $pg_root/data -m fast stop"
  pg_postmaster=$(head -n 1 "$pg_root/data/postmaster.pid")
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$out/redis.log" 2>&1 &
  redis_pid=$!
  store_args=(--Store:Provider=PostgreSQL "--ConnectionStrings:Store=Host=127.0.0.1;Port=$pg_port;Username=postgres;Database=store"
    "--ConnectionStrings:Redis=127.0.0.1:$redis_port")
  say "stores: PostgreSQL $("$bin/postgres" --version | awk '{ print $3 }') on port $pg_port, Redis $(redis-server --version | awk '{ sub("v=", "", $3); print $3 }') on port $redis_port"
}

stop_stores() {
  if [ -n "$redis_pid" ]; then kill "$redis_pid" 2>/dev/null; fi
  if [ -n "$pg_stop" ]; then $pg_stop >/dev/null 2>&1; rm -rf "$pg_root"; fi
}

# CPU seconds (user + system) a process has used, with its children that have exited (a cluster's finished backends).
cpu_ticks() { awk '{ print $14 + $15 + $16 + $17 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# The server's CPU ticks; the database's: the postmaster's and every backend's (each client connection's process).
server_ticks() { cpu_ticks "$server_pid"; }
database_ticks() {
  [ -n "$pg_postmaster" ] || { echo 0; return; }
  local total child
  total=$(cpu_ticks "$pg_postmaster")
  for child in $(pgrep -P "$pg_postmaster"); do total=$((total + $(cpu_ticks "$child"))); done
  echo "$total"
}
