#!/usr/bin/env bash
# The comparison an evaluator can run on their own machine in a few minutes: every serialization row (System.Text.Json
# reflection and source-generated, Popcorn's defaults, [!all], [!full] and a custom selection, on the four payloads)
# every parse (include and GraphQL-like syntax, five selections), a ?fields= route against System.Linq.Dynamic.Core and
# Newtonsoft.Json property filtering (same bytes), the same objects and selections through ASP.NET Core OData 9.5's
# $select (whole requests in process over the in-memory list, same rows), and the gateway against GraphQL.NET 8.8.5
# (without and with a document cache) on the same four queries in process (whole requests: body read, parse, validate,
# execute, serialize; no server needed), with BenchmarkDotNet's short job (one launch, 3 warm-up and 3 measured
# iterations: indicative, not the committed figures; see bench/run.sh for those). Prints BenchmarkDotNet's tables, then
# the same ratios the charts in bench/README.md show.
#
#   bench/quick.sh               # about 5-8 minutes on 2 quiet cores, after the build; 9-11 at load 10-15
#   bench/quick.sh --keep DIR    # also keep BenchmarkDotNet's reports in DIR
#   POPCORN_QUICK_JOB=dry bench/quick.sh   # each benchmark once: checks the script, measures nothing
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

keep=""
if [ "${1:-}" = --keep ] && [ -n "${2:-}" ]; then
  keep="$2"
fi
artifacts=$(mktemp -d)
trap 'rm -rf "$artifacts"' EXIT

echo "== Building (Release)"
dotnet build bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj -c Release -nologo -v quiet >/dev/null
echo "== Running the short job ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
# --buildTimeout: BenchmarkDotNet builds its own copy of the suites (every project again, one node, no shared compiler)
# and gives up after 2 minutes by default, which a loaded 2-core machine exceeded (load 14-17: no row was measured).
dotnet bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll \
  --filter '*.SerializationBenchmarks.*' '*.DiyRouteBenchmarks.*' '*.ODataRouteBenchmarks.*' '*.ParsingBenchmarks.*' '*.GraphQLEngineBenchmarks.*' --job "${POPCORN_QUICK_JOB:-short}" --buildTimeout 900 --exporters github \
  --artifacts "$artifacts" >"$artifacts/run.log" 2>&1 || { tail -n 40 "$artifacts/run.log" >&2; exit 1; }

for report in "$artifacts"/results/*-report-github.md; do
  echo
  sed -n '/^|/p' "$report"
done
if command -v node >/dev/null 2>&1; then
  node bench/charts/summary.mjs "$artifacts/results"
fi
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  cp "$artifacts"/results/*-report-github.md "$keep"/
  echo "Reports kept in $keep"
fi
