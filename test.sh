#!/usr/bin/env bash
# Runs every test: the .NET test projects (xunit), a check that the playground UI's committed build is its source's,
# the playground's browser tests (headless Chromium), graphql-js
# against the gateway (tests/GraphQL.Clients.Tests), the TypeScript client types (tests/TypeScript.Clients.Tests) and the
# consumer check (tests/Consumer/run.sh: the packages, used from a local feed by apps made with `dotnet new`).
# Installs what the browser tests need on a fresh machine (Debian's chromium, playwright-core from npm), Debian's
# postgresql for the EF Core tests and Debian's redis-server for the scale-out tests.
# Ends with one line: `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")"
root=$(pwd)
results="$root/artifacts/test-results"
rm -rf "$results"
mkdir -p "$results"

ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || return 1
  else
    echo "chromium is missing: install it with 'sudo apt-get install chromium'." >&2
    return 1
  fi
}

# The EF Core tests also run on PostgreSQL: they start a throwaway cluster from Debian's binaries (no service needed)
# and are skipped, with the reason shown, only when the package is missing and cannot be installed.
ensure_postgresql() {
  if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's postgresql for the EF Core tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || return 1
  else
    echo "postgresql is missing: install it with 'sudo apt-get install postgresql' to run the EF Core tests on it." >&2
    return 1
  fi
}

# The scale-out tests (tests/Popcorn.ScaleOut.Tests) start their own throwaway redis-server from Debian's package (no
# service needed) and are skipped, with the reason shown, only when it is missing and cannot be installed.
ensure_redis() {
  if command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's redis-server for the scale-out tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) || return 1
  else
    echo "redis-server is missing: install it with 'sudo apt-get install redis-server' to run the scale-out tests." >&2
    return 1
  fi
}

passed=0
failed=0
add_counts() { passed=$((passed + $1)); failed=$((failed + $2)); }

echo "== Building"
if ! dotnet build Popcorn.Query.sln -c Debug -nologo -v quiet; then
  echo "Build failed."
  echo "0 passed, 1 failed"
  exit 1
fi

echo "== .NET tests"
ensure_postgresql
ensure_redis
dotnet test Popcorn.Query.sln --no-build -c Debug --nologo \
  --logger "trx" --results-directory "$results/dotnet" -- xUnit.ParallelizeTestCollections=true
dotnet_status=$?
trx_count=0
for trx in "$results"/dotnet/*.trx; do
  [ -f "$trx" ] || continue
  trx_count=$((trx_count + 1))
  counters=$(grep -o '<Counters [^>]*' "$trx" | head -n 1)
  p=$(sed -n 's/.* passed="\([0-9]*\)".*/\1/p' <<<"$counters")
  f=$(sed -n 's/.* failed="\([0-9]*\)".*/\1/p' <<<"$counters")
  e=$(sed -n 's/.* error="\([0-9]*\)".*/\1/p' <<<"$counters")
  add_counts "${p:-0}" "$(( ${f:-0} + ${e:-0} ))"
  # A skipped test (PostgreSQL or Redis that could not be installed) is visible locally, and a failure in CI.
  s=$(sed -n 's/.* notExecuted="\([0-9]*\)".*/\1/p' <<<"$counters")
  if [ "${s:-0}" -gt 0 ] && [ "${CI:-}" = "true" ]; then
    echo "$(basename "$trx"): ${s} test(s) skipped; in CI a skipped test counts as failed."
    add_counts 0 "$s"
  fi
done
# CI shows only the end of this output, so the failing .NET tests are named again just above the totals.
# (A .trx file holds one <UnitTestResult> per line; a test name may hold '>', so the line is matched, not the tag.)
failing_dotnet_tests=$(grep -h '<UnitTestResult ' "$results"/dotnet/*.trx 2>/dev/null | grep 'outcome="Failed"' \
  | sed -n 's/.* testName="\([^"]*\)".*/\1/p' | sed 's/&quot;/"/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' | sort -u)
if [ "$dotnet_status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  echo "dotnet test failed without failing tests (a test host crashed?)."
  add_counts 0 1
fi

# Adds the totals of a Node test run's TAP output (`# pass N`, `# fail N`); no summary counts as one failure.
add_tap_counts() {
  local p f
  p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$1" | tail -n 1)
  f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$1" | tail -n 1)
  if [ -z "$p" ]; then
    echo "$2 printed no summary."
    add_counts 0 1
  else
    add_counts "$p" "${f:-0}"
  fi
}

# The playground UI's committed build (Popcorn.Server/Playground/wwwroot: embedded in Popcorn.Server, served by the
# sample) must be what its source builds: a source change once landed without `npm run build` and shipped an older
# bundle. Vite builds into the UI's dist/ (ignored) and that is compared; the committed files are not touched.
ui=Popcorn.Server/Playground/ui
if [ -f "$ui/package.json" ]; then
  echo "== The playground UI's committed build matches its source"
  if (cd "$ui" && npm ci --no-audit --no-fund --silent && npx tsc --noEmit && npx vite build --logLevel error) \
    && diff -r "$ui/dist" Popcorn.Server/Playground/wwwroot; then
    echo "PASS ui-build: Popcorn.Server/Playground/wwwroot is the build of $ui"
    add_counts 1 0
  else
    echo "FAIL ui-build: the committed build is not its source's: cd $ui && npm ci && npm run build, then commit wwwroot"
    add_counts 0 1
  fi
fi

if [ -d tests/Playground.Ui.Tests ]; then
  echo "== Browser tests"
  if ensure_chromium && (cd tests/Playground.Ui.Tests && npm ci --no-audit --no-fund --silent); then
    (cd tests/Playground.Ui.Tests && npm test 2>&1) | tee "$results/ui.txt"
    add_tap_counts "$results/ui.txt" "The browser tests"
  else
    echo "Could not set up the browser tests."
    add_counts 0 1
  fi
fi

if [ -d tests/GraphQL.Clients.Tests ]; then
  echo "== GraphQL client tests (graphql-js against the gateway)"
  if (cd tests/GraphQL.Clients.Tests && npm ci --no-audit --no-fund --silent); then
    (cd tests/GraphQL.Clients.Tests && npm test 2>&1) | tee "$results/graphql-clients.txt"
    add_tap_counts "$results/graphql-clients.txt" "The GraphQL client tests"
  else
    echo "Could not set up the GraphQL client tests."
    add_counts 0 1
  fi
fi

if [ -d tests/TypeScript.Clients.Tests ]; then
  echo "== TypeScript client types (popcorn-query-types from its npm pack tarball: tsc --strict, the live playground)"
  if (cd clients/typescript && npm ci --no-audit --no-fund --silent) && (cd tests/TypeScript.Clients.Tests && npm ci --no-audit --no-fund --silent); then
    (cd tests/TypeScript.Clients.Tests && npm test 2>&1) | tee "$results/typescript-clients.txt"
    add_tap_counts "$results/typescript-clients.txt" "The TypeScript client tests"
  else
    echo "Could not set up the TypeScript client tests."
    add_counts 0 1
  fi
fi

if [ -x tests/Consumer/run.sh ]; then
  echo "== Consumer apps (packages from a local feed)"
  tests/Consumer/run.sh 2>&1 | tee "$results/consumer.txt"
  consumer_status=${PIPESTATUS[0]}
  p=$(grep -c '^PASS consumer: ' "$results/consumer.txt")
  f=$(grep -c '^FAIL consumer: ' "$results/consumer.txt")
  add_counts "$p" "$f"
  if [ "$consumer_status" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "The consumer check failed without a failing app."
    add_counts 0 1
  fi
fi

if [ -n "$failing_dotnet_tests" ]; then
  echo "Failing .NET tests (their output is in the .NET tests' section above, and in $results/dotnet/*.trx):"
  sed 's/^/  /' <<<"$failing_dotnet_tests"
fi
failing_node_tests=$(grep -h '^ *not ok ' "$results"/*.txt 2>/dev/null | sed 's/^ *//' | sort -u)
if [ -n "$failing_node_tests" ]; then
  echo "Failing Node tests (TAP):"
  sed 's/^/  /' <<<"$failing_node_tests"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
