#!/usr/bin/env bash
# Where one case's instructions go, method by method: the case is counted as bench/callgrind/run.sh counts it (same
# runtime settings, warm-up and markers), with the runtime writing its perf map (DOTNET_PerfMapEnabled=3), and the
# window's exclusive instructions are summed per JIT-compiled method (by-method.py). Native code without symbols
# (the runtime's allocation helpers) shows as addresses; __memset_* is the clearing of fresh allocation memory, which
# valgrind counts once per byte.
#
#   bench/callgrind/profile.sh Parsing/Small/Include
#   bench/callgrind/profile.sh Parsing/Small/PopcornV8 --program /tmp/x/bin/ParseVsV8.dll   # see parse-vs-v8.sh
#   bench/callgrind/profile.sh Plan/Small/CacheHit --top 15
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

case_name=""
program=""
top=30
while [ $# -gt 0 ]; do
  case "$1" in
    --program) program="$2"; shift 2 ;;
    --top) top="$2"; shift 2 ;;
    -*) echo "Unknown argument: $1" >&2; exit 2 ;;
    *) case_name="$1"; shift ;;
  esac
done
[ -n "$case_name" ] || { echo "usage: bench/callgrind/profile.sh CASE [--program DLL] [--top N]" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
if [ -z "$program" ]; then
  dotnet build bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj -c Release -nologo -v quiet >/dev/null
fi
gcc -O2 -shared -fPIC -o "$work/markers.so" bench/callgrind/markers.c
dll="${program:-$root/bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll}"

export DOTNET_TieredCompilation="${DOTNET_TieredCompilation:-0}" DOTNET_ReadyToRun="${DOTNET_ReadyToRun:-0}" \
  DOTNET_TieredPGO="${DOTNET_TieredPGO:-0}" DOTNET_TC_CallCountingDelayMs=0 DOTNET_gcConcurrent=0 \
  DOTNET_GCgen0size=0x10000000 DOTNET_PerfMapEnabled=3 DOTNET_PerfMapJitDumpPath="$work"
(cd "$work" && valgrind --tool=callgrind --aspace-minaddr=0x100000000 --instr-atstart=no --separate-threads=yes \
    --callgrind-out-file=callgrind.out.%p dotnet "$dll" --instructions "$case_name" --markers "$work/markers.so" \
    >cases.tsv 2>valgrind.log) || { [ $? -eq 3 ] || { tail -n 30 "$work/valgrind.log" >&2; exit 1; }; }

# The window of the first case whose name contains CASE (the harness's own window is skipped), and its iterations.
window=""
for file in "$work"/callgrind.out.*.*-01; do
  name=$(awk '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); print; exit }' "$file")
  if [ "$name" != Harness/Empty ] && [[ "$name" == *"$case_name"* ]]; then window=$file; break; fi
done
[ -n "$window" ] || { echo "No window matched $case_name" >&2; exit 1; }
pid=$(basename "$window" | cut -d. -f3)
map="$work/perf-$pid.map"
[ -f "$map" ] || map="/tmp/perf-$pid.map"
[ -f "$map" ] || { echo "The runtime wrote no perf map (perf-$pid.map)" >&2; exit 1; }
iterations=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$work/cases.tsv")
jitted=$(awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$work/cases.tsv")
echo "$name: $iterations operations; methods compiled during the window: $jitted (0 expected)"
python3 bench/callgrind/by-method.py "$window" "$map" "$iterations" --top "$top"
rm -f /tmp/perf-"$pid".map
