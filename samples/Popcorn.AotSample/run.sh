#!/usr/bin/env bash
# The Native AOT check (docs/aot.md): publishes this sample with PublishAot=true, runs the native binary on a free
# loopback port and calls it: REST with an include, a write with an include, a bad selection, the gateway's query and
# mutation, and a deep wildcard that must not reveal the [Never] field. Prints `PASS aot: <check>` / `FAIL aot: <check>`
# per check (.ci/run counts them) and exits non-zero when any failed. Needs clang and zlib1g-dev (.ci/run installs them).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
out=$(mktemp -d "${TMPDIR:-/tmp}/popcorn-aot.XXXXXX")
app_pid=""
cleanup() {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; fi
  rm -rf "$out"
}
trap cleanup EXIT

case "$(uname -m)" in
  x86_64) rid=linux-x64 ;;
  aarch64) rid=linux-arm64 ;;
  *) echo "FAIL aot: publish (no Native AOT runtime identifier for $(uname -m))"; exit 1 ;;
esac

echo "== Publishing samples/Popcorn.AotSample with PublishAot=true ($rid)"
started=$(date +%s)
if ! dotnet publish "$here/Popcorn.AotSample.csproj" -c Release -r "$rid" -o "$out/app" -nologo -v quiet >"$out/publish.log" 2>&1; then
  grep -E 'error|warning' "$out/publish.log" | sort -u | head -n 30
  echo "The Native AOT publish failed: a trim or AOT warning (ILxxxx) is an error here; a missing 'clang' or 'zlib' means"
  echo "the native toolchain is not installed (apt-get install clang zlib1g-dev). See docs/aot.md."
  echo "FAIL aot: publish"
  exit 1
fi
echo "PASS aot: publish (native binary in $(( $(date +%s) - started )) s, $(( $(stat -c %s "$out/app/Popcorn.AotSample") / 1048576 )) MB)"

"$out/app/Popcorn.AotSample" --urls http://127.0.0.1:0 >"$out/run.log" 2>&1 &
app_pid=$!
base_url=""
for _ in $(seq 1 100); do
  base_url=$(sed -n 's/.*Now listening on: \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$out/run.log" | head -n 1)
  [ -n "$base_url" ] && break
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$base_url" ]; then
  cat "$out/run.log"
  echo "FAIL aot: start (the native binary did not listen)"
  exit 1
fi

passed=1 # the publish
failed=0
# expect <name> <status> <body, or `~text` the body must contain> <curl args...>. No body may hold the [Never] member.
expect() {
  local name=$1 status=$2 want=$3; shift 3
  local body code ok=1
  body=$(curl -sS -o - -w '\n%{http_code}' "$@")
  code=${body##*$'\n'}
  body=${body%$'\n'*}
  [ "$code" = "$status" ] || ok=0
  if [ "${want:0:1}" = "~" ]; then [[ "$body" == *"${want:1}"* ]] || ok=0; else [ "$body" = "$want" ] || ok=0; fi
  [[ "$body" == *ocialSecurity* && "$*" != *ocialSecurity* ]] && ok=0
  [[ "$body" == *[0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][0-9][0-9]* ]] && ok=0 # the shape of a social security number
  if [ "$ok" = 1 ]; then
    echo "PASS aot: $name"
    passed=$((passed + 1))
  else
    echo "FAIL aot: $name"
    echo "  got    $code ${body:0:400}"
    echo "  wanted $status $want"
    failed=$((failed + 1))
  fi
}

u=$base_url
json=(-H 'content-type: application/json')
expect "REST: an include" 200 \
  '{"id":1,"firstName":"Ada","department":{"id":1,"name":"Engineering"}}' \
  -G "$u/api/employees/1" --data-urlencode 'include=[firstName,department[name]]'
expect "REST: the deep wildcard writes everything but [Never]" 200 '~"firstName":"Linus","lastName":"Torvalds"' \
  -G "$u/api/employees/3" --data-urlencode 'include=[!full]'
expect "REST: an unknown field is a 400 with its position" 400 \
  '~"detail":"Unknown field '"'"'bogus'"'"' on type '"'"'Employee'"'"'.","line":1,"column":5' \
  -G "$u/api/employees" --data-urlencode 'include=[id,bogus]'
expect "REST: a POST body read through the app's context, the result shaped by the include" 201 \
  '{"id":13,"make":"Saab","owner":{"id":2,"lastName":"Hopper"}}' \
  "$u/api/cars?include=%5Bmake,owner%5BlastName%5D%5D" "${json[@]}" -d '{"make":"Saab","model":"900","year":1990,"color":"Red","ownerId":2}'
expect "gateway: a query, with an awaited resolver" 200 \
  '{"data":{"employee":{"firstName":"Grace","vehicles":[{"make":"Tesla"}]},"car":{"make":"Volvo","model":"XC40","owner":{"firstName":"Ada"}}}}' \
  "$u/graphql" "${json[@]}" -d '{"query":"{ employee(id: 2) { firstName vehicles { make } } car(id: 1) { make model owner { firstName } } }"}'
expect "gateway: a mutation whose input is read through the app's context" 200 \
  '{"data":{"addCar":{"id":14,"make":"Volvo","model":"V60","owner":{"firstName":"Ada"}}}}' \
  "$u/graphql" "${json[@]}" -d '{"query":"mutation Add($car: NewCar!) { addCar(car: $car) { id make model owner { firstName } } }","variables":{"car":{"make":"Volvo","model":"V60","year":2024,"color":"Blue","ownerId":1}}}'
expect "gateway: a [Never] field does not exist" 200 \
  '~"message":"Cannot query field \"socialSecurityNumber\" on type \"Employee\".","locations":[{"line":1,"column":21}]' \
  "$u/graphql" "${json[@]}" -d '{"query":"{ employee(id: 1) { socialSecurityNumber } }"}'

echo "Native AOT check: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
