#!/usr/bin/env bash
# Instructions per operation for every serialization row, parse case and plan case, counted by valgrind's callgrind
# in the JIT-compiled code itself: a count does not move with the machine's load, unlike a time.
#
#   bench/callgrind/run.sh                       # every case, twice; table in bench/results/instructions.md (~6 min)
#   bench/callgrind/run.sh Serialization/Complex # the cases whose names contain the filter
#   bench/callgrind/run.sh --runs 1 --out /tmp/instructions.md
#   bench/callgrind/run.sh --program /tmp/x/bin/Release/net10.0/X.dll   # another program built on the same harness
#                                                # (InstructionRunner.Run(cases, ...)); bench/parse-vs-v8.sh uses it
#
# How: the benchmarks' --instructions mode (bench/Popcorn.Benchmarks/Instructions/) warms each case until the JIT
# has nothing left to compile for it, then runs it N times between two markers (markers.c, compiled here, calling
# CALLGRIND_START_INSTRUMENTATION / ZERO_STATS and DUMP_STATS_AT / STOP_INSTRUMENTATION). Valgrind runs with
# instrumentation off until the first marker, so start-up and warm-up are not counted; each window's dump of the
# main thread, divided by N, less the empty harness's count per operation, is the figure. Each run is a separate
# process, so two runs that agree show the count is a property of the code, not of the run.
#
# Runtime settings (why, below and in bench/README.md): DOTNET_TieredCompilation=0, DOTNET_ReadyToRun=0,
# DOTNET_gcConcurrent=0, DOTNET_GCgen0size=0x10000000; valgrind --aspace-minaddr=0x100000000.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

runs=2
out="$root/bench/results/instructions.md"
filter=""
program=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --program) program="$2"; shift 2 ;;
    -*) echo "Unknown argument: $1" >&2; exit 2 ;;
    *) filter="$1"; shift ;;
  esac
done

for tool in valgrind gcc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is required (apt-get install valgrind gcc)." >&2
    exit 1
  fi
done
if [ ! -f /usr/include/valgrind/callgrind.h ]; then
  echo "valgrind's headers are required (/usr/include/valgrind/callgrind.h; Debian: valgrind)." >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

echo "== Building (Release) and the callgrind markers"
dotnet build bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj -c Release -nologo -v quiet >/dev/null
gcc -O2 -shared -fPIC -o "$work/markers.so" bench/callgrind/markers.c
dll="${program:-$root/bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll}"

# Every method compiled fully optimized at its first call, on the thread that calls it, and the framework's methods
# too (no ReadyToRun code): nothing is left for a background thread to compile or install later, so what a window
# counts does not depend on how the tiering thread kept up. With tiering on, the tier-1 versions are compiled and
# installed by that thread while the warm-up runs; under valgrind it can lag by seconds, which no quiet period in the
# harness can tell from being done, and such a window counted tier-0 and ReadyToRun code (the "two-mode" rows:
# Complex/Popcorn_Default 1,417.9 in one process, 1,911.5 or 2,423.9 in others; see bench/README.md). Override with
# DOTNET_TieredCompilation=1 to count tier-1 code (then DOTNET_TieredPGO, 0 here, and call counting without its
# 100 ms delay apply, and a row may come out in either mode). The collector runs on the calling thread, and gen0 is
# large enough that no window collects.
export DOTNET_TieredCompilation="${DOTNET_TieredCompilation:-0}" DOTNET_ReadyToRun="${DOTNET_ReadyToRun:-0}" \
  DOTNET_TieredPGO="${DOTNET_TieredPGO:-0}" DOTNET_TC_CallCountingDelayMs=0 DOTNET_gcConcurrent=0 DOTNET_GCgen0size=0x10000000

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for run in $(seq 1 "$runs"); do
  echo "== Run $run of $runs${filter:+ (cases matching $filter)}"
  mkdir -p "$work/run$run"
  # --aspace-minaddr: valgrind otherwise maps the process below 4 GB, where the JIT's x64 emitter takes code and
  # helper addresses for 32-bit absolute ones, trips a check (dotnet/runtime#100600) and compiles every method that
  # makes a call with MinOpts: the counts would be of unoptimized code. Above 4 GB the JIT emits what it emits natively.
  (cd "$work/run$run" && valgrind --tool=callgrind --aspace-minaddr=0x100000000 --instr-atstart=no --separate-threads=yes \
      --callgrind-out-file=callgrind.out.%p dotnet "$dll" --instructions ${filter:+"$filter"} --markers "$work/markers.so" \
      >cases.tsv 2>valgrind.log) || {
    status=$?
    # 3: a case was still being compiled during its window; the table flags it, anything else is a failure.
    if [ "$status" -ne 3 ]; then
      echo "The run failed ($status):" >&2
      tail -n 30 "$work/run$run/valgrind.log" >&2
      exit 1
    fi
  }
  # One line per window: case name and the main thread's instruction count.
  for file in "$work/run$run"/callgrind.out.*.*-01; do
    awk '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); name = $0 }
         /^summary: / { print name "\t" $2 }' "$file"
  done >"$work/run$run/counts.tsv"
  grep -c . "$work/run$run/counts.tsv" | xargs -I{} echo "   {} windows counted"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Per case: instructions per operation in each run (harness subtracted), bytes per operation, JIT during a window.
rows=$(awk -F'\t' -v runs="$runs" '
  FNR == 1 { file++ }
  # cases.tsv of run 1 (file 1), then counts.tsv of every run (files 2..runs+1)
  file == 1 && FNR > 1 { order[++n] = $1; iterations[$1] = $2; bytes[$1] = $3; jitted[$1] = $4; next }
  file > 1 { count[file - 1, $1] = $2 }
  END {
    for (r = 1; r <= runs; r++) harness[r] = count[r, "Harness/Empty"] / iterations["Harness/Empty"]
    for (i = 1; i <= n; i++) {
      name = order[i]
      if (name == "Harness/Empty") continue
      line = name "\t" iterations[name] "\t" bytes[name] "\t" jitted[name]
      for (r = 1; r <= runs; r++) {
        if ((r, name) in count) line = line "\t" sprintf("%.1f", count[r, name] / iterations[name] - harness[r])
        else line = line "\t-"
      }
      print line
    }
    printf "Harness/Empty\t%d\t0\t0", iterations["Harness/Empty"]
    for (r = 1; r <= runs; r++) printf "\t%.2f", harness[r]
    print ""
  }' "$work/run1/cases.tsv" $(for run in $(seq 1 "$runs"); do echo "$work/run$run/counts.tsv"; done))

{
  echo "# Instructions per operation (callgrind)"
  echo
  echo '```'
  echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "CPU:       $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) logical cores"
  echo ".NET:      runtime $(dotnet --list-runtimes | awk '/NETCore.App/ {v=$2} END {print v}'), $(valgrind --version)"
  echo "Settings:  DOTNET_TieredCompilation=$DOTNET_TieredCompilation DOTNET_ReadyToRun=$DOTNET_ReadyToRun DOTNET_TieredPGO=$DOTNET_TieredPGO DOTNET_gcConcurrent=0 DOTNET_GCgen0size=0x10000000, valgrind --aspace-minaddr=0x100000000"
  echo "Load avg:  $load_before before, $load_after after (1, 5, 15 min); counts do not depend on it"
  echo '```'
  echo
  echo "Instructions the main thread executed per operation, in code compiled fully optimized at its first call (tiering"
  echo "and ReadyToRun off, so no method changes code after the warm-up), less the harness (a loop"
  echo "calling an empty delegate: $(awk -F'\t' '$1 == "Harness/Empty" { print $5 }' <<<"$rows") instructions per operation). Each run is a separate process."
  echo "\"vs base\" divides by \`Stj_SourceGen\` for serialization, by \`Include\` for parsing and by \`Popcorn\` for the"
  echo "do-it-yourself and OData routes and the data requests (run 1)."
  echo "\"Spread\" is how far the runs lie apart (bold from 1 %: the runs did not count the same code; expected 0 %)."
  echo "\"JIT\" counts methods compiled"
  echo "while a window ran (0 expected; otherwise the count may include tier-0 code; the do-it-yourself routes'"
  echo "System.Linq.Dynamic.Core and Newtonsoft.Json rows and the in-memory OData route compile dynamic methods on every"
  echo "request, so theirs is their own cost)."
  echo
  printf '| Case | Run 1 | '
  for run in $(seq 2 "$runs"); do printf 'Run %s | ' "$run"; done
  echo 'Spread | vs base | Bytes/op | Ops/window | JIT |'
  printf '|---|---:|'
  for run in $(seq 2 "$runs"); do printf -- '---:|'; done
  echo '---:|---:|---:|---:|---:|'
  awk -F'\t' -v runs="$runs" '
    $1 == "Harness/Empty" { next }
    {
      n = split($1, part, "/"); group = part[1] "/" part[2]; name[NR] = $1; line[NR] = $0
      if (part[1] == "Serialization" && part[3] == "Stj_SourceGen") base[group] = $5
      if (part[1] == "Parsing" && part[3] == "Include") base[group] = $5
      if ((part[1] == "DiyRoute" || part[1] == "ODataRoute" || part[1] == "Data") && part[3] == "Popcorn") base[group] = $5
      grp[NR] = group
    }
    END {
      for (i = 1; i <= NR; i++) {
        if (!(i in line)) continue
        split(line[i], f, "\t")
        row = "| " f[1] " |"
        for (r = 1; r <= runs; r++) row = row " " f[4 + r] " |"
        lo = hi = f[5]
        for (r = 2; r <= runs; r++) { if (f[4 + r] < lo) lo = f[4 + r]; if (f[4 + r] > hi) hi = f[4 + r] }
        spread = (lo > 0 ? 100 * (hi - lo) / lo : 0)
        mark = (spread >= 1 ? sprintf("**%.1f %%**", spread) : sprintf("%.2f %%", spread))
        b = base[grp[i]]
        ratio = (b > 0 ? sprintf("%.2fx", f[5] / b) : "")
        print row " " mark " | " ratio " | " f[3] " | " f[2] " | " f[4] " |"
      }
    }' <<<"$rows"
} >"$out"

echo "== Report: $out"
cat "$out"
