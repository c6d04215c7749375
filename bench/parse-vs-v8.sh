#!/usr/bin/env bash
# Popcorn.Query's include parse against Popcorn v8's shipped parser, in instructions, in one process: v8's
# PropertyReference.ParseIncludeStatement (github.com/SkywardApps/popcorn, dotnet/Popcorn.Shared/PropertyReference.cs,
# at the commit pinned below) is compiled in a scratch folder outside the repository beside bench/v8/ParseVsV8.cs,
# which counts with bench/callgrind/run.sh's harness: each selection of the parsing suite parsed by v8, parsed by
# Popcorn.Query (SelectionParser.Parse, as a server calls it), and looked up in Popcorn's warm plan cache.
# v8's code is never copied into this repository.
#
#   bench/parse-vs-v8.sh --source /path/to/popcorn         # a clone of SkywardApps/popcorn (a bare one will do)
#   bench/parse-vs-v8.sh                                   # clones it from GitHub into the scratch folder
#   bench/parse-vs-v8.sh --source DIR --out /tmp/v8.md Small --runs 1
#   bench/parse-vs-v8.sh --source DIR --time                # times instead: bench/results/parse-vs-v8-time.md
#
# Writes bench/results/parse-vs-v8.md unless --out says otherwise. Needs what bench/callgrind/run.sh needs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

# v8.0.0's release commit ("Wire release workflow + refresh docs for v8 (#74)").
v8_commit=82499059382682baeffa1812230a31f407bad363
source_repo=""
out="$root/bench/results/parse-vs-v8.md"
pass=()
time_mode=false
out_given=false
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_repo="$2"; shift 2 ;;
    --out) out="$2"; out_given=true; shift 2 ;;
    --time) time_mode=true; shift ;;
    --runs) pass+=(--runs "$2"); shift 2 ;;
    -*) echo "Unknown argument: $1" >&2; exit 2 ;;
    *) pass+=("$1"); shift ;;
  esac
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -z "$source_repo" ]; then
  git clone --quiet https://github.com/SkywardApps/popcorn "$scratch/popcorn"
  source_repo="$scratch/popcorn"
fi
if [ -d "$source_repo/.git" ]; then source_repo="$source_repo/.git"; fi

mkdir -p "$scratch/ParseVsV8"
git --git-dir "$source_repo" show "$v8_commit:dotnet/Popcorn.Shared/PropertyReference.cs" >"$scratch/ParseVsV8/PropertyReference.cs"
cp bench/v8/ParseVsV8.cs "$scratch/ParseVsV8/Program.cs"
sed "s|REPO|$root|" bench/v8/ParseVsV8.csproj.txt >"$scratch/ParseVsV8/ParseVsV8.csproj"

echo "== Building Popcorn v8's parser ($v8_commit) beside the harness in $scratch"
dotnet build "$scratch/ParseVsV8/ParseVsV8.csproj" -c Release -nologo -v quiet -o "$scratch/bin" >/dev/null

if $time_mode; then
  $out_given || out="$root/bench/results/parse-vs-v8-time.md"
  echo "== Timing both parsers in one process (alternating rounds)"
  {
    echo "# Include parse time: Popcorn.Query against Popcorn v8, in one process"
    echo
    echo '```'
    echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "Commit:    $(git rev-parse --short HEAD); Popcorn v8 at $v8_commit"
    echo "Machine:   $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) before"
    echo '```'
    echo
    dotnet "$scratch/bin/ParseVsV8.dll" --time "${pass[@]}"
    echo
    echo "Each row: 21 rounds in one process (\`bench/v8/ParseVsV8.cs\`, \`ParseTimes\`), each timing both parsers over"
    echo "the same number of parses of one copy of the text made at start, not the literal (about 40 ms a side), the order reversed every other round;"
    echo "each side's median, and the median of the rounds' ratios (above 1.00x: v8 takes longer). Popcorn.Query's side is"
    echo "\`SelectionParser.Parse\`, as a server calls it on a plan-cache miss (validation, limits and positions kept)."
  } >"$out"
  cat "$out"
  exit 0
fi

bench/callgrind/run.sh --program "$scratch/bin/ParseVsV8.dll" --out "$out" "${pass[@]}"
{
  echo
  echo "Popcorn v8: \`PropertyReference.ParseIncludeStatement\` of SkywardApps/popcorn at $v8_commit, built by"
  echo "\`bench/parse-vs-v8.sh\` outside this repository. \"vs base\" divides by Popcorn.Query's \`Include\` parse; a"
  echo "\`PopcornV8\` row below 1.00x means v8 takes fewer instructions. \`Plan/*/CacheHit\` is what a request whose text"
  echo "is already in the plan cache pays instead of a parse (and the plan's compilation) in Popcorn.Query."
} >>"$out"
