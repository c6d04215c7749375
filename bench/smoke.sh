#!/usr/bin/env bash
# Smoke run of every benchmark suite: no timing, only "does it build, set up and run".
#  1. The BenchmarkDotNet suites, each benchmark once, in process (--smoke): every setup check runs, including
#     Popcorn_Full's byte-for-byte comparison with System.Text.Json less SecretData.
#  2. The instruction-count mode (--instructions) natively, without valgrind: every case warms up and runs once,
#     which proves bench/callgrind/run.sh has every case to count (the counting itself needs valgrind and minutes).
#  3. The HTTP script (--smoke): the bench host in Release, every endpoint checked, Popcorn's deep wildcard
#     byte-for-byte against plain System.Text.Json's fast path, 1 s of wrk per case.
#  4. The GraphQL HTTP script (--smoke): Popcorn's gateway and GraphQL.NET answer the same data, the gateway's nested
#     list is the REST response, 1 s of wrk per run.
#  5. The data script (--smoke): the data bench host over a store of 2,000 orders in SQLite (generated in a few
#     seconds; PostgreSQL is left to the full run), the same-JSON checks (Popcorn with and without pushdown; Popcorn's
#     deep selection and the hand-written projection), 1 s of wrk per case, the memory cases, and the BenchmarkDotNet
#     data suite once (its setup repeats the checks through the request delegates).
# Exits non-zero on any failure. CI runs it when it is executable.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

echo "== BenchmarkDotNet suites (smoke)"
dotnet build bench/Popcorn.Benchmarks/Popcorn.Benchmarks.csproj -c Release -nologo -v quiet
dotnet bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll --smoke

echo "== Instruction-count cases (natively, no counting)"
dotnet bench/Popcorn.Benchmarks/bin/Release/net10.0/Popcorn.Benchmarks.dll --instructions >/dev/null

echo "== HTTP benchmark (smoke)"
bench/http/run.sh --smoke

echo "== GraphQL HTTP benchmark (smoke)"
bench/http/graphql.sh --smoke
echo "== Data benchmark (smoke)"
bench/data/run.sh --smoke

echo "Benchmark smoke run passed."
