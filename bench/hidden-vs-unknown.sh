#!/usr/bin/env bash
# Instructions per request that Popcorn's endpoint code spends for a caller refused a policy, naming a field the policy
# hides, a field that does not exist, and a [Never] field, at REST and at /graphql: the check that "hidden means
# unknown" holds in work done, not only in the answer (docs/authorization.md, "Measured").
#
#   bench/hidden-vs-unknown.sh                 # both transports, twice; table in bench/results/hidden-vs-unknown.md
#   bench/hidden-vs-unknown.sh Rest --runs 1   # the cases whose names contain the filter
#
# The program (bench/authorization/HiddenVsUnknown.cs) is built in a scratch folder on the harness of
# bench/callgrind/run.sh, which counts it: a count does not move with the machine's load, unlike a time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

out="$root/bench/results/hidden-vs-unknown.md"
pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --runs) pass+=(--runs "$2"); shift 2 ;;
    -*) echo "Unknown argument: $1" >&2; exit 2 ;;
    *) pass+=("$1"); shift ;;
  esac
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/HiddenVsUnknown"
cp bench/authorization/HiddenVsUnknown.cs "$scratch/HiddenVsUnknown/Program.cs"
sed "s|REPO|$root|" bench/authorization/HiddenVsUnknown.csproj.txt >"$scratch/HiddenVsUnknown/HiddenVsUnknown.csproj"

echo "== Building the requests beside the harness in $scratch"
dotnet build "$scratch/HiddenVsUnknown/HiddenVsUnknown.csproj" -c Release -nologo -v quiet -o "$scratch/bin" >/dev/null

bench/callgrind/run.sh --program "$scratch/bin/HiddenVsUnknown.dll" --out "$out" "${pass[@]}"
{
  echo
  echo "One request through the endpoint's request delegate (Popcorn's filter and pipeline, or the gateway's handler,"
  echo "and the 400 written to a buffer), for a caller refused \`sales\`: \`Hidden\` names \`creditLimit\` (which \`sales\`"
  echo "protects), \`Unknown\` names \`creditLimiq\`, \`Never\` names the \`[Never]\` \`password\`. Built and run by"
  echo "\`bench/hidden-vs-unknown.sh\`; Kestrel, routing and the socket are outside the count (they do not read the name)."
} >>"$out"
