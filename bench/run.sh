#!/usr/bin/env bash
# The full benchmark run behind bench/results/: each BenchmarkDotNet suite out of process, then the HTTP script.
# The job is fixed rather than BenchmarkDotNet's adaptive default: two launches of 4 warm-up and 12 measured
# iterations each. On a shared 2-core machine the adaptive job runs up to 100 iterations per benchmark and a burst of
# other work lands on some rows and not their neighbours; short runs in two separate processes keep the rows that a
# ratio compares closer together in time. Each suite's GitHub-markdown report (environment block included) is copied to
# bench/results/<Suite>.md, and the machine's load during each suite is recorded in bench/results/load.md. Then the
# HTTP scripts (bench/http: run.sh, paired.sh, graphql.sh), the instruction counts (bench/callgrind/run.sh), and the
# charts are redrawn from whatever results/ now holds.
#
#   bench/run.sh                          # everything (about 45 minutes on 2 cores)
#   bench/run.sh ParsingBenchmarks        # only the named suites (also: paired, http, http-paired, graphql-http, instructions)
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

suites=("$@")
if [ ${#suites[@]} -eq 0 ]; then
  suites=(SerializationBenchmarks ParsingBenchmarks PlanBenchmarks paired http http-paired graphql-http instructions)
fi

results=bench/results
artifacts=$(mktemp -d)
load_file="$results/load.md"
mkdir -p "$results"
if [ ! -f "$load_file" ]; then
  {
    echo "# Machine load during the committed runs"
    echo
    echo "Load averages (1, 5, 15 min) from /proc/loadavg on this 2-core machine, which other engineers were using for"
    echo "builds and tests at the same time; the busiest other processes are listed by name when a suite starts."
    echo
    echo "| Suite | Started (UTC) | Load at start | Load at end | Busiest other processes at start |"
    echo "|---|---|---|---|---|"
  } >"$load_file"
fi

busiest() {
  ps -eo pcpu=,comm= --sort=-pcpu | awk '$1 >= 5 { printf "%s%s %.0f%%", sep, $2, $1; sep = ", " }' | head -c 200
}

dotnet build bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj -c Release -nologo -v quiet
dll=bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll

for suite in "${suites[@]}"; do
  started=$(date -u '+%Y-%m-%d %H:%M')
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  others=$(busiest)
  echo "== $suite (load $before)"
  if [ "$suite" = http ]; then
    bench/http/run.sh
  elif [ "$suite" = http-paired ]; then
    bench/http/paired.sh >"$results/http-paired.md"
  elif [ "$suite" = graphql-http ]; then
    bench/http/graphql.sh
  elif [ "$suite" = instructions ]; then
    bench/callgrind/run.sh
  elif [ "$suite" = paired ]; then
    # Popcorn_Full against Stj_SourceGen in alternating slices: see PairedComparison.cs.
    {
      echo "# Popcorn_Full vs Stj_SourceGen, paired"
      echo
      echo "Alternating short slices of each path in one process; each keeps its fastest slice and its median."
      echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) cores, .NET $(dotnet --list-runtimes | awk '/NETCore.App/ {v=$2} END {print v}'), load at start $before."
      echo
      dotnet "$dll" --paired "$artifacts/paired.md" >/dev/null
      cat "$artifacts/paired.md"
    } >"$results/PairedComparison.md"
  else
    dotnet "$dll" --filter "*.$suite.*" --artifacts "$artifacts" --launchCount 2 --warmupCount 4 --iterationCount 12
    cp "$artifacts"/results/*."$suite"-report-github.md "$results/$suite.md"
  fi
  after=$(cut -d' ' -f1-3 /proc/loadavg)
  echo "| $suite | $started | $before | $after | ${others:-none} |" >>"$load_file"
done

rm -rf "$artifacts"
if command -v node >/dev/null 2>&1; then
  node bench/charts/charts.mjs "$results"
else
  echo "node is not installed: the charts in $results/*.svg were not redrawn."
fi
echo "== Results in $results/"
