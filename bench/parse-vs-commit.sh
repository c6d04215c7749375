#!/usr/bin/env bash
# The include parse's time against another commit's on this host, in alternating rounds: each round runs
# BenchmarkDotNet's include-parse cases once on the other commit and once on this tree (the order reversed every other
# round), so a change in the machine's load lands on both sides alike, and reports each round's ratio and the median.
# One BenchmarkDotNet run of a few hundred nanoseconds wanders by 10 % here with the load: a single back-to-back pair
# cannot decide a 3 % question; the median of several alternating pairs can.
#
#   bench/parse-vs-commit.sh 4e1ed78                 # 5 rounds (about 12 minutes), report on stdout
#   bench/parse-vs-commit.sh 4e1ed78 --rounds 7
#
# The other commit is built in a temporary git worktree, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

base="${1:?usage: bench/parse-vs-commit.sh <commit> [--rounds N]}"
shift
rounds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
cleanup() {
  git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach "$work/base" "$base" >/dev/null 2>&1
for tree in "$work/base" "$root"; do
  dotnet build "$tree/bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj" -c Release -nologo -v quiet >/dev/null
done

# One BenchmarkDotNet run of the include parse in <tree>; prints the Stress row's mean in nanoseconds.
stress_mean() {
  local tree="$1" artifacts="$work/run-$RANDOM"
  (cd "$tree" && dotnet bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll \
    --filter '*.ParsingBenchmarks.Include*' --launchCount 1 --warmupCount 3 --iterationCount 10 --exporters github \
    --artifacts "$artifacts" >"$artifacts.log" 2>&1) || { tail -n 30 "$artifacts.log" >&2; exit 1; }
  # | Include | Stress | **663.08 ns** | ...: the mean is the third cell; BenchmarkDotNet may print it in ns or μs.
  awk -F'|' '$3 ~ /Stress/ { gsub(/[*, ]/, "", $4); v = $4; m = 1; if (v ~ /(μs|us)$/) m = 1000; sub(/(ns|μs|us)$/, "", v); print v * m; exit }' \
    "$artifacts"/results/*ParsingBenchmarks-report-github.md
}

echo "# Include parse of the stress string: $(git -C "$root" rev-parse --short "$base") against this tree, alternating rounds"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores; each side per round: BenchmarkDotNet, one launch of 3 warm-up and 10 measured iterations."
echo
echo "| Round | Load (1 min) | $(git -C "$root" rev-parse --short "$base") ns | this tree ns | ratio |"
echo "|---:|---:|---:|---:|---:|"
ratios=()
for round in $(seq 1 "$rounds"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  if [ $((round % 2)) -eq 1 ]; then
    b=$(stress_mean "$work/base"); t=$(stress_mean "$root")
  else
    t=$(stress_mean "$root"); b=$(stress_mean "$work/base")
  fi
  r=$(awk -v t="$t" -v b="$b" 'BEGIN { printf "%.3f", t / b }')
  ratios+=("$r")
  echo "| $round | $load | $b | $t | ${r}x |"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo
echo "Median ratio: **${median}x**."
