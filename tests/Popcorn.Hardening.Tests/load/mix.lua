-- wrk script for load/run.sh: a weighted mix of valid, invalid, oversized and deeply nested Popcorn requests over
-- REST and /graphql, plus distinct selections that churn the plan cache. Tallies every status code and prints them
-- in done() as "STATUS <code> <count>" lines for run.sh.

local function urlencode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local function rep(unit, n)
  return string.rep(unit, n)
end

local function get(path, include, header)
  local headers = {}
  if header then headers["Popcorn-Include"] = header end
  if include then path = path .. "?include=" .. urlencode(include) end
  return wrk.format("GET", path, headers, nil)
end

local function post(path, body, contentType)
  return wrk.format("POST", path, { ["Content-Type"] = contentType or "application/json" }, body)
end

local function graphql(query)
  -- JSON-escape the few characters our documents use.
  local escaped = query:gsub("\\", "\\\\"):gsub('"', '\\"'):gsub("\n", "\\n")
  return post("/graphql", '{"query":"' .. escaped .. '"}')
end

local car = '{"make":"Load","model":"T","year":2024,"color":"red","ownerId":3}'
local wide = "[" .. rep("a,", 4500) .. "a]"                   -- 9 KB: past the 8192-character limit
local deepInclude = rep("[a", 40) .. rep("]", 40)              -- past the 32-level depth limit
local veryDeep = rep("[", 4000) .. rep("]", 4000)              -- thousands of levels
local deepGraphQL = "{" .. rep(" a {", 100) .. " b" .. rep(" }", 100) .. " }"
local fragmentBomb = "{ ...H } fragment H on T { " .. rep("...G ", 8) .. "} fragment G on T { " .. rep("...F ", 16)
  .. "} fragment F on T { " .. rep("...E ", 16) .. "} fragment E on T { id firstName }"

-- { weight, request } ; requests are formatted once, in init, per thread.
local mix = {}
local churn = {}

function init(args)
  math.randomseed(os.time() * 7919 + (id or 0))
  statuses = {}
  counter = 0
  churned = 0
  local function add(weight, request) table.insert(mix, { weight, request }) end
  -- valid
  add(8, get("/api/employees", "[id,firstName,manager[firstName,email]]"))
  add(6, get("/api/employees/3", "{ id email manager { lastName } vehicles { model } }"))
  add(5, get("/api/departments", "[name,head,members[firstName]]"))
  add(4, get("/api/departments/1", "[!all,-budget]"))
  add(5, get("/api/cars", "[make,model,owner[firstName]]"))
  add(3, get("/api/cars/2"))
  add(4, get("/api/employees/5", nil, "[!all,-email,boss:manager[email]]"))
  add(2, get("/api/employees", "[!full]"))
  add(1, get("/api/departments", "{ __full }"))
  add(5, graphql("{ employees { id firstName } car(id: 1) { make owner { lastName } } }"))
  add(3, graphql("query Q { ada: employee(id: 1) { ...F manager { ...F } } } fragment F on Employee { firstName email }"))
  add(2, get("/graphql?query=" .. urlencode("{ departments { name } }")))
  add(2, wrk.format("POST", "/api/cars?include=" .. urlencode("[id,make,owner[firstName]]"), { ["Content-Type"] = "application/json" }, car))
  add(1, get("/popcorn/normalize?query=" .. urlencode("[a,b[c]]")))
  -- invalid
  add(3, get("/api/employees", "[id,emial]"))
  add(3, get("/api/employees/2", "[socialSecurityNumber]"))
  add(2, get("/api/employees", "[id"))
  add(2, get("/api/employees", "{ id "))
  add(2, get("/api/cars/1", "[make[x]]"))
  add(2, post("/graphql", "{not json"))
  add(1, post("/graphql", "{ employees { id } }", "text/plain"))
  add(2, graphql("{ nope { id } }"))
  add(2, post("/graphql", '{"query":"{ employees { id } } #\\ud800"}'))
  add(2, get("/api/employees/999"))
  add(1, wrk.format("GET", "/api/employees?include=%5Bid%5D&include=%5Bid%5D"))
  add(1, wrk.format("POST", "/api/cars", { ["Content-Type"] = "application/json" }, '{"make":"","model":"T","year":1,"color":"x"}'))
  -- oversized
  add(4, get("/api/employees", nil, wide))
  add(2, graphql(wide:gsub("%[", "{"):gsub("%]", "}")))
  add(1, get("/api/employees", wide))
  -- deeply nested
  add(3, get("/api/employees", deepInclude))
  add(2, get("/api/employees", nil, veryDeep))
  add(2, get("/graphql?query=" .. urlencode(deepGraphQL)))
  add(2, graphql(fragmentBomb))
  -- cache churn: a selection never seen before, every time
  churn = { weight = 10 }
  local total = churn.weight
  for _, entry in ipairs(mix) do total = total + entry[1] end
  totalWeight = total
end

function request()
  local pick = math.random(totalWeight)
  if pick <= churn.weight then
    counter = counter + 1
    churned = churned + 1
    local name = "c" .. tostring(math.random(1000000000)) .. "x" .. tostring(counter)
    if counter % 2 == 0 then
      return get("/api/employees/1", "[" .. name .. ":id]")
    end
    return graphql("{ employee(id: 1) { " .. name .. ": email } }")
  end
  pick = pick - churn.weight
  for _, entry in ipairs(mix) do
    if pick <= entry[1] then return entry[2] end
    pick = pick - entry[1]
  end
  return mix[1][2]
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function done(summary, latency, requests)
  local total = {}
  local distinct = 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
    distinct = distinct + thread:get("churned")
  end
  io.write(string.format("DISTINCT %d\n", distinct))
  for status, count in pairs(total) do
    io.write(string.format("STATUS %d %d\n", status, count))
  end
  io.write(string.format("SUMMARY requests=%d duration_us=%d bytes=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d non2xx3xx=%d\n",
    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout, summary.errors.status))
  io.write(string.format("LATENCY p50_us=%d p99_us=%d max_us=%d\n", latency:percentile(50), latency:percentile(99), latency.max))
end
