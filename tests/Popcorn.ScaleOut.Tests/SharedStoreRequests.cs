using System.Diagnostics;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// The requests that show whether instances share their stores, for any instance behind a client: Apollo's persisted
/// query protocol, and a wait for an answer to reach the output cache. Also compiled into the store-services tests.
/// </summary>
internal static class SharedStoreRequests
{
    public static string Sha256(string query) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(query)));

    /// <summary>POSTs an Apollo persisted-query request to /graphql: the hash, and the query unless it is null.</summary>
    public static async Task<(int Status, JsonNode Body)> PostPersistedAsync(HttpClient client, string? query, string hash)
    {
        var payload = new JsonObject { ["extensions"] = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = hash } } };
        if (query is not null)
        {
            payload["query"] = query;
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        using var response = await client.SendAsync(request);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }

    /// <summary>
    /// Waits until a response the client's instance answered is in the shared store: output caching writes the entry
    /// after the response has gone out, so a request sent right after it may still miss. Asks the same instance again
    /// until it is served from the store (an <c>Age</c> header); those requests hit, so they add no entry of their own.
    /// </summary>
    public static async Task UntilStoredAsync(HttpClient client, string pathAndQuery)
    {
        var watch = Stopwatch.StartNew();
        while (true)
        {
            using var again = await client.GetAsync(pathAndQuery);
            if (again.Headers.Age is not null)
            {
                return;
            }

            if (watch.Elapsed > TimeSpan.FromSeconds(10))
            {
                throw new TimeoutException($"GET {pathAndQuery} was not in the store 10 s after it was answered.");
            }

            await Task.Delay(50);
        }
    }
}
