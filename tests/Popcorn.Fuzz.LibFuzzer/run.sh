#!/usr/bin/env bash
# Coverage-guided fuzzing: SharpFuzz instruments Popcorn.Query and Popcorn.Server, libFuzzer drives them.
#   tests/Popcorn.Fuzz.LibFuzzer/run.sh <include|graphql|plan|gateway|arguments|all> [seconds per target, default 60]
#   RUNS=10000000 tests/Popcorn.Fuzz.LibFuzzer/run.sh include   # stop after that many executions instead (no time limit)
# Needs clang-14 and Debian's libclang-rt-14-dev (installed when run as root). New corpus entries go to
# artifacts/fuzz/corpus/<target> (the committed seeds in corpus/ are read, never written); a crash or timeout is saved
# as artifacts/fuzz/findings/<target>-crash-<hash> with the exception on stdout. See docs/reliability.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/artifacts/fuzz"
targets=${1:-all}
seconds=${2:-60}
runs=${RUNS:-}
limit=(-max_total_time="$seconds")
[ -n "$runs" ] && limit=(-runs="$runs")
[ "$targets" = all ] && targets="include graphql plan gateway arguments"

if ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null
  else
    echo "libFuzzer is missing: sudo apt-get install clang-14 libclang-rt-14-dev" >&2
    exit 2
  fi
fi

mkdir -p "$out/findings"
echo "== Publishing the fuzz program (Release) and instrumenting Popcorn.Query and Popcorn.Server"
rm -rf "$out/app"
dotnet publish "$here" -c Release -o "$out/app" --nologo -v quiet
[ -x "$out/tools/sharpfuzz" ] || dotnet tool install SharpFuzz.CommandLine --version 2.3.0 --tool-path "$out/tools" >/dev/null
for dll in Popcorn.Query.dll Popcorn.Server.dll; do "$out/tools/sharpfuzz" "$out/app/$dll"; done
clang-14 -fsanitize=fuzzer -O2 "$here/driver/dotnet_bridge.c" -o "$out/dotnet_bridge"

for target in $targets; do
  if [ -n "$runs" ]; then echo "== $target: $runs executions"; else echo "== $target: $seconds s"; fi
  mkdir -p "$out/corpus/$target"
  # Exit status 0 = no finding; libFuzzer's own non-zero status (a crash, a timeout) ends the script after its report.
  "$out/dotnet_bridge" --target="$out/app/Popcorn.Fuzz.LibFuzzer" --target_arg="$target" \
    "${limit[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$out/findings/$target-" "$out/corpus/$target" "$here/corpus/$target" 2>&1 | tee "$out/$target.log" |
    grep -E 'INITED|DONE|stat::|ERROR|Exception|==[0-9]+==' || true
  status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] || { echo "$target: libFuzzer stopped with status $status (see $out/$target.log)"; exit "$status"; }
done
