using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

/// <summary>
/// The sample's Relay connections (docs/data.md, "Relay connections"): <c>customersConnection</c> pages the store's
/// customers with a total, and a field the caller may not see (<c>creditLimit</c>, behind the sales policy, which no
/// caller has outside Development) is unknown inside <c>node</c> with the plain list's own message.
/// </summary>
public class ConnectionSmokeTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Fact]
    public async Task Gateway_CustomersConnection_PagesWithATotal()
    {
        var (status, body) = await PostAsync("{ customersConnection(first: 2) { totalCount edges { cursor node { id name } } pageInfo { hasNextPage endCursor } } }");
        var (_, plain) = await PostAsync("{ customers { id } }");

        status.ShouldBe(HttpStatusCode.OK, body.ToJsonString());
        var connection = body["data"]!["customersConnection"]!;
        int total = plain["data"]!["customers"]!.AsArray().Count;
        ((int)connection["totalCount"]!).ShouldBe(total);
        connection["edges"]!.AsArray().Count.ShouldBe(Math.Min(2, total));
        ((bool)connection["pageInfo"]!["hasNextPage"]!).ShouldBe(total > 2);
    }

    [Fact]
    public async Task Gateway_AFieldTheCallerMayNotSee_IsUnknownInsideNode_AsInThePlainList()
    {
        var (pagedStatus, paged) = await PostAsync("{ customersConnection { edges { node { id creditLimit } } } }");
        var (listedStatus, listed) = await PostAsync("{ customers { id creditLimit } }");

        pagedStatus.ShouldBe(HttpStatusCode.OK, "application/json answers a validation error with 200");
        listedStatus.ShouldBe(pagedStatus);
        string message = (string)paged["errors"]![0]!["message"]!;
        message.ShouldBe((string)listed["errors"]![0]!["message"]!);
        message.ShouldContain("creditLimit");
        paged["data"].ShouldBeNull();
    }

    private async Task<(HttpStatusCode Status, JsonNode Body)> PostAsync(string query)
    {
        using var content = new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json");
        using var response = await playground.Client.PostAsync("/graphql", content);
        return (response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }
}
