#!/usr/bin/env bash
# The data benchmark's requests in instructions (issue 35): Popcorn's pushdown, ASP.NET Core OData 9.5's
# $select/$expand over the same query, the naive Include path and the hand-written projection, each a whole request
# through its endpoint's delegate (EF Core and SQLite included) on the 100,000-order SQLite store, counted by
# bench/callgrind/run.sh's harness (bench/Popcorn.Bench.Data/Instructions/DataInstructionCases.cs), which a machine's
# load does not move. The store is generated first when the temp folder does not hold it (about a minute).
#
#   bench/data/instructions.sh                    # report in bench/results/data-instructions.md
#   bench/data/instructions.sh --out /tmp/x.md Data/Narrow --runs 1
#
# Needs what bench/callgrind/run.sh needs (valgrind, its headers, gcc).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out="$root/bench/results/data-instructions.md"
pass=()
filter="Data/"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --runs) pass+=(--runs "$2"); shift 2 ;;
    -*) echo "Unknown argument: $1" >&2; exit 2 ;;
    *) filter="$1"; shift ;;
  esac
done

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
echo "== Building the data bench host (Release)"
dotnet build bench/Popcorn.Bench.Data/Popcorn.Bench.Data.csproj -c Release -nologo -v quiet >/dev/null
dll="$root/bench/Popcorn.Bench.Data/bin/Release/net10.0/Popcorn.Bench.Data.dll"
echo "== The store, and every side's answer checked (without valgrind)"
dotnet "$dll" --instructions NoCaseHasThisName >/dev/null
bench/callgrind/run.sh --program "$dll" --out "$out" "${pass[@]}" "$filter"
{
  echo
  echo "Whole requests through each endpoint's delegate (\`EndpointCaller\`: no Kestrel, the response into a reused"
  echo "stream) on the 100,000-order SQLite store, first page of 100 orders. Narrow is \`[id,placedAt,customer[name]]\`,"
  echo "deep \`[id,placedAt,lines[quantity,product[sku,name,price]]]\`; OData gets the same selections as \`\$select\`/"
  echo "\`\$expand\` (\`OData/ODataEndpoints.cs\`) and answers the same orders in its own format (checked before counting)."
  echo "Filtered is the narrow selection of the first 100 orders kept by a filter through a reference and over a list,"
  echo "against the same \`Where\` hand-written (\`DataBenchApp.MapFiltered\`; bench/results/data-filtered-instructions.md)."
  echo "Single is one order by key, the narrow selection: Popcorn's \`Where(o => o.Id == id).AsPopcornSingle()\` against the"
  echo "same \`Where(...).Select(...)\` hand-written into a DTO, \`FirstOrDefaultAsync\` (\`DataBenchApp.MapSingle\`; bench/results/data-single-instructions.md)."
  echo "Aggregated is a page of 100 orders with \`linesAggregate[count,sum[quantity],max[quantity]]\`: Popcorn's rows and one"
  echo "grouped statement for the page's lines, against the same numbers hand-written as correlated subqueries in one"
  echo "statement (\`DataBenchApp.MapAggregated\`; bench/results/data-aggregated-instructions.md)."
  echo "Ratios: \`node bench/charts/figures.mjs\`."
} >>"$out"
