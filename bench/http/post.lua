-- wrk script: POST the JSON file named by the BODY environment variable (a GraphQL request) to the given URL.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()
