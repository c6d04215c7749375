#!/usr/bin/env bash
# The consumer check: packs every package into a local feed, then, outside the solution, does what a user does:
# `dotnet new web` and `dotnet new webapi --use-controllers`, `dotnet add package Popcorn.Server`, its own models,
# run on loopback, curl both syntaxes, the header, the gateway and the OpenAPI document. A third app uses
# Popcorn.EntityFrameworkCore with EF Core's SQLite provider and checks the SQL it sends. A fourth builds without the
# generator and must get Popcorn's clear message. Prints `PASS consumer: <app>` / `FAIL consumer: <app>` per app (./test.sh
# counts them) and exits non-zero when any failed. KEEP_CONSUMER=1 keeps the temporary folder for a look.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/artifacts/consumer"
feed="$out/feed"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

work=$(mktemp -d "${TMPDIR:-/tmp}/popcorn-consumer.XXXXXX")
app_pid=""
cleanup() {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; fi
  if [ "${KEEP_CONSUMER:-0}" = 1 ]; then echo "Kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

passed=0
failed=0
report() { # report <app> <status>
  if [ "$2" -eq 0 ]; then echo "PASS consumer: $1"; passed=$((passed + 1)); else echo "FAIL consumer: $1"; failed=$((failed + 1)); fi
}
finish() {
  echo "Consumer check: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

echo "== Packing into $feed"
rm -rf "$feed"
version=$(dotnet msbuild "$root/Popcorn.Query/Popcorn.Query.csproj" -getProperty:PackageVersion -nologo)
# The EF Core app names its provider's version as a user on .NET 10 would (a 10.0.x: `dotnet add package` alone would
# take 11.x, which does not support net10.0); the repository's own pin is one the source serves.
efcore_version=$(sed -n 's/.*Include="Microsoft.EntityFrameworkCore.Sqlite" Version="\([^"]*\)".*/\1/p' "$root/Directory.Packages.props")
if ! dotnet pack "$root/Popcorn.Query.sln" -c Release -o "$feed" -nologo -v quiet; then
  echo "dotnet pack failed."
  report pack 1
  finish
fi
for package in Popcorn.Query Popcorn.Server Popcorn.EntityFrameworkCore; do
  if [ ! -f "$feed/$package.$version.nupkg" ] || [ ! -f "$feed/$package.$version.snupkg" ]; then
    echo "$package.$version.nupkg or its .snupkg is missing from the feed."
    report pack 1
    finish
  fi
done
# Listed into a variable first: `unzip -l | grep -q` fails under pipefail when grep exits before unzip has written all.
listing=$(unzip -l "$feed/Popcorn.Query.$version.nupkg")
if ! grep -q ' analyzers/dotnet/cs/Popcorn.Generator.dll$' <<<"$listing"; then
  echo "Popcorn.Query.$version.nupkg does not carry analyzers/dotnet/cs/Popcorn.Generator.dll."
  report pack 1
  finish
fi

# The machine's own sources (from its NuGet configuration) serve everything but Popcorn's packages, which come
# only from the local feed (package source mapping). A packages folder of its own means a rebuilt package of the
# same version is never served from a stale global cache.
source_keys=$(cd "$work" && dotnet nuget list source | sed -n 's/^ *[0-9][0-9]*\. *\(.*\) \[Enabled\]$/\1/p')
{
  echo '<?xml version="1.0" encoding="utf-8"?>'
  echo '<configuration>'
  echo "  <config><add key=\"globalPackagesFolder\" value=\"$work/packages\" /></config>"
  echo "  <packageSources><add key=\"popcorn-local\" value=\"$feed\" /></packageSources>"
  echo '  <packageSourceMapping>'
  echo '    <packageSource key="popcorn-local"><package pattern="Popcorn.*" /></packageSource>'
  while IFS= read -r key; do
    [ -n "$key" ] && echo "    <packageSource key=\"$key\"><package pattern=\"*\" /></packageSource>"
  done <<<"$source_keys"
  echo '  </packageSourceMapping>'
  echo '</configuration>'
} >"$work/nuget.config"
# Stops MSBuild's upward search for Directory.*.props/targets: nothing above the temporary folder may shape the apps.
for file in Directory.Build.props Directory.Build.targets Directory.Packages.props; do echo '<Project />' >"$work/$file"; done

# create_app <folder> <packages> <template args...>: dotnet new, then dotnet add package for each of the
# comma-separated packages (`Id` for Popcorn's own at the packed version, `Id@version` for any other), as a user would.
create_app() {
  local dir="$work/$1" packages=$2; shift 2
  dotnet new "$@" -o "$dir" --no-restore >"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  local package id package_version
  for package in ${packages//,/ }; do
    id=${package%@*}; package_version=$version
    [[ "$package" == *@* ]] && package_version=${package#*@}
    (cd "$dir" && dotnet add package "$id" --version "$package_version") >>"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  done
}

# start_app <folder> <assembly name>: builds, runs on a free loopback port, sets $base_url.
start_app() {
  local dir="$work/$1"
  (cd "$dir" && dotnet build -nologo -v quiet) >>"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  (cd "$dir" && exec dotnet "bin/Debug/net10.0/$2.dll" --urls http://127.0.0.1:0) >"$dir.run.log" 2>&1 &
  app_pid=$!
  base_url=""
  for _ in $(seq 1 300); do
    base_url=$(sed -n 's/.*Now listening on: \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$dir.run.log" | head -n 1)
    [ -n "$base_url" ] && return 0
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "The app did not start:"; cat "$dir.run.log"
  return 1
}

stop_app() {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""; fi
}

# expect <name> <expected status> <expected body or a `~`-prefixed text the body must contain> <curl args...>
# No body may hold a [Never] value, nor the [Never] field's name unless the request itself named it.
check_failures=0
expect() {
  local name=$1 status=$2 want=$3; shift 3
  local named=0
  [[ "$*" == *paymentToken* ]] && named=1
  local body code
  body=$(curl -sS -o - -w '\n%{http_code}' "$@")
  code=${body##*$'\n'}
  body=${body%$'\n'*}
  local ok=1
  [ "$code" = "$status" ] || ok=0
  if [ "${want:0:1}" = "~" ]; then [[ "$body" == *"${want:1}"* ]] || ok=0; else [ "$body" = "$want" ] || ok=0; fi
  [[ "$body" == *tok-SECRET* ]] && ok=0
  [[ "$named" = 0 && "$body" == *paymentToken* ]] && ok=0
  if [ "$ok" = 1 ]; then
    echo "  ok   $name"
  else
    echo "  FAIL $name: got $code $body"
    echo "       wanted $status $want"
    check_failures=$((check_failures + 1))
  fi
}

# The checks both apps must pass: the same domain behind /orders, /orders/{id} and /graphql.
check_orders_api() {
  local u=$base_url
  expect "defaults ([Default] and [Always] fields)" 200 \
    '[{"id":1,"customer":"Ada","status":"Shipped"},{"id":2,"customer":"Grace","status":"Pending"}]' \
    "$u/orders"
  expect "include syntax" 200 \
    '[{"id":1,"lines":[{"sku":"PC-1","price":{"amount":3.5}},{"sku":"PC-2","price":{"amount":9}}]},{"id":2,"lines":[{"sku":"PC-3","price":{"amount":1.25}}]}]' \
    -G "$u/orders" --data-urlencode 'include=[lines[price[amount]]]'
  expect "GraphQL-like syntax" 200 \
    '{"id":1,"customer":"Ada","shippedOn":"2026-03-04","lines":[{"sku":"PC-1","quantity":2},{"sku":"PC-2","quantity":1}]}' \
    -G "$u/orders/1" --data-urlencode 'include={ customer shippedOn lines { quantity } }'
  # Asked again (both apps cache /orders with ASP.NET Core's output cache): each selection gets its own body.
  expect "defaults again (cached)" 200 \
    '[{"id":1,"customer":"Ada","status":"Shipped"},{"id":2,"customer":"Grace","status":"Pending"}]' \
    "$u/orders"
  expect "a header selection after the cached defaults" 200 \
    '[{"id":1,"customer":"Ada"},{"id":2,"customer":"Grace"}]' \
    "$u/orders" -H 'Popcorn-Include: [customer]'
  expect "Popcorn-Include header" 200 \
    '{"id":2,"customer":"Grace","status":"Pending","shippedOn":null}' \
    "$u/orders/2" -H 'Popcorn-Include: [!all,-lines]'
  expect "deep wildcard: everything but [Never]" 200 \
    '{"id":2,"customer":"Grace","status":"Pending","shippedOn":null,"lines":[{"sku":"PC-3","quantity":5,"price":{"amount":1.25,"currency":"USD"}}]}' \
    -G "$u/orders/2" --data-urlencode 'include=[!full]'
  expect "a [Never] field is an unknown field" 400 "~Unknown field 'paymentToken'" \
    -G "$u/orders/1" --data-urlencode 'include=[paymentToken]'
  expect "a syntax error is a 400 problem with its column" 400 '~"column":' \
    -G "$u/orders" --data-urlencode 'include=[id,lines['
  expect "gateway" 200 \
    '{"data":{"order":{"id":1,"lines":[{"sku":"PC-1"},{"sku":"PC-2"}]},"orders":[{"id":1,"customer":"Ada"},{"id":2,"customer":"Grace"}]}}' \
    "$u/graphql" -H 'content-type: application/json' \
    -d '{"query":"{ order(id: 1) { id lines { sku } } orders { id customer } }"}'
  # The OpenAPI document (AddOpenApi(o => o.AddPopcorn())): the selection is documented, and expect refuses any body
  # that names the [Never] member, so paymentToken must be missing from every schema.
  expect "OpenAPI: the include parameter" 200 '~"name": "include"' "$u/openapi/v1.json"
  expect "OpenAPI: the fields and their defaults" 200 '~"defaultSelection": "[id,customer,status]"' "$u/openapi/v1.json"
  expect "OpenAPI: the 400 problem" 200 '~"PopcornProblem"' "$u/openapi/v1.json"
}

# expect_sql <name> <text the app's last SQL must contain> <texts it must not contain...>: what the database was asked.
expect_sql() {
  local name=$1 want=$2; shift 2
  local sql ok=1 unwanted
  sql=$(curl -sS "$base_url/sql")
  [[ "$sql" == *"$want"* ]] || ok=0
  for unwanted in "$@"; do [[ "$sql" == *"$unwanted"* ]] && ok=0; done
  if [ "$ok" = 1 ]; then
    echo "  ok   $name"
  else
    echo "  FAIL $name: the SQL was: $sql"
    echo "       wanted it to contain $want and none of: $*"
    check_failures=$((check_failures + 1))
  fi
}

# The EF Core app: the same answers as in memory, and the SQL reads only what the selection writes.
check_pushdown() {
  local u=$base_url
  expect "defaults from the database" 200 \
    '[{"id":1,"status":"Shipped"},{"id":2,"status":"Pending"},{"id":3,"status":"Shipped"}]' "$u/orders"
  expect_sql "the defaults read two columns" '"o"."Status"' '"Notes"' '"Customers"'
  expect "a nested selection" 200 \
    '[{"id":1,"customer":{"id":1,"name":"Ada"}},{"id":2,"customer":{"id":2,"name":"Grace"}},{"id":3,"customer":{"id":2,"name":"Grace"}}]' \
    -G "$u/orders" --data-urlencode 'include=[id,customer[name]]'
  expect_sql "a nested selection joins for the name only" 'JOIN "Customers"' '"Email"' '"PaymentToken"' '"Notes"' '"Status"'
  expect "arguments on the root list" 200 '[{"id":3},{"id":1}]' \
    -G "$u/orders" --data-urlencode 'include=(orderBy: {id: DESC}, where: {status: "Shipped"})[id]'
  expect_sql "arguments are translated to SQL" 'ORDER BY "o"."Id" DESC' '"Notes"'
  expect "deep wildcard: everything but [Never]" 200 '~"email":"grace@example.com"' \
    -G "$u/orders" --data-urlencode 'include=[!full]'
  expect_sql "the deep wildcard never reads a [Never] column" '"c"."Email"' '"PaymentToken"'
  expect "gateway" 200 '{"data":{"orders":[{"notes":"leave at the door"},{"notes":"gift wrap"},{"notes":""}]}}' \
    "$u/graphql" -H 'content-type: application/json' -d '{"query":"{ orders { notes } }"}'
  expect_sql "the gateway reads the selected column" '"o"."Notes"' '"Status"' '"Customers"'
}

run_app() { # run_app <folder> <assembly> <packages> <checks> <template args...>
  local dir=$1 assembly=$2 packages=$3 checks=$4; shift 4
  echo "== Consumer app: $dir (dotnet new $*)"
  check_failures=0
  # The two orders apps share one domain (Shop.cs); an app's folder here holds the rest of its files.
  local shared=()
  [ "$checks" = check_orders_api ] && shared=("$here/Shop.cs")
  if ! create_app "$dir" "$packages" "$@" || ! cp -r "$here/$dir/." "${shared[@]}" "$work/$dir/" || ! start_app "$dir" "$assembly"; then
    stop_app
    report "$dir" 1
    return
  fi
  "$checks"
  stop_app
  report "$dir" "$check_failures"
}

# An app whose build runs without the generator (as a reference to Popcorn.Query's assembly, or a project reference
# without OutputItemType="Analyzer", would leave it) must fail with Popcorn's POP100 message, not a bare CS1503.
check_missing_generator() {
  local dir=no-generator
  echo "== Consumer app: $dir (the generator left out)"
  if ! create_app "$dir" Popcorn.Server web -n ShopNoGenerator || ! cp "$here/Shop.cs" "$here/minimal/Program.cs" "$work/$dir/"; then
    report "$dir" 1
    return
  fi
  sed -i 's|^</Project>|  <Target Name="LeaveOutPopcornGenerator" BeforeTargets="CoreCompile">\
    <ItemGroup><Analyzer Remove="@(Analyzer)" Condition="'"'"'%(Filename)'"'"' == '"'"'Popcorn.Generator'"'"'" /></ItemGroup>\
  </Target>\
</Project>|' "$work/$dir/ShopNoGenerator.csproj"
  local log="$work/$dir.build.log" status=0
  if (cd "$work/$dir" && dotnet build -nologo -v quiet) >"$log" 2>&1; then
    echo "  FAIL the build succeeded without the generator"; status=1
  elif ! grep -q 'error POP100: .*the Popcorn.Generator source generator did not run' "$log"; then
    echo "  FAIL the build failed without Popcorn's POP100 message:"; grep -m 5 'error' "$log"; status=1
  elif grep -q 'error CS1503' "$log"; then
    echo "  FAIL the POP100 message came with a bare CS1503 conversion error:"; grep -m 3 'CS1503' "$log"; status=1
  else
    echo "  ok   the build fails with POP100, naming the missing generator"
  fi
  report "$dir" "$status"
}

run_app minimal ShopMinimal Popcorn.Server check_orders_api web -n ShopMinimal
run_app mvc ShopMvc Popcorn.Server check_orders_api webapi --use-controllers -n ShopMvc
run_app efcore ShopData "Popcorn.EntityFrameworkCore,Microsoft.EntityFrameworkCore.Sqlite@$efcore_version" check_pushdown web -n ShopData
check_missing_generator

finish
