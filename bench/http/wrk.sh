# Sourced by the wrk-driven benchmark scripts (http/run.sh, http/graphql.sh, data/run.sh): finds wrk and the cores.
# Needs $smoke (true/false) set by the caller. Sets:
#   have_wrk               false only in a smoke run without wrk (which then only checks the endpoints)
#   server_cpu client_cpu  "taskset -c 0" / "taskset -c 1" when there are two cores: one for the server, one for wrk

# wrk from Debian's packages when it is missing (root only).
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

server_cpu=""
client_cpu=""
if command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
  server_cpu="taskset -c 0"
  client_cpu="taskset -c 1"
fi
