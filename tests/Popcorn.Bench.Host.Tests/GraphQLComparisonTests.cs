using System.Text;
using System.Text.Json;

namespace Popcorn.Bench.Host.Tests;

/// <summary>
/// What the GraphQL comparison (bench/http/graphql.sh, Popcorn.Benchmarks/GraphQL) measures must be the same answer
/// from both engines, and the gateway's nested list the REST response.
/// </summary>
public sealed class GraphQLComparisonTests(BenchHostServer server) : IClassFixture<BenchHostServer>
{
    public static TheoryData<string> DataQueries => new() { GraphQLCases.Small.Name, GraphQLCases.NestedList.Name, GraphQLCases.Fragments.Name };

    [Theory]
    [MemberData(nameof(DataQueries))]
    public async Task DataQuery_BothEngines_AnswerTheSameBytes(string name)
    {
        var graphQLCase = GraphQLCases.All.Single(c => c.Name == name);

        string popcorn = await PostAsync(GraphQLPaths.Popcorn, graphQLCase);
        string graphQLNet = await PostAsync(GraphQLPaths.GraphQLNet, graphQLCase);

        popcorn.ShouldStartWith("{\"data\":");
        popcorn.ShouldNotContain("\"errors\"");
        popcorn.ShouldBe(graphQLNet);
    }

    [Fact]
    public async Task Introspection_BothEngines_DescribeTheSameCompanyTypes()
    {
        using var popcorn = JsonDocument.Parse(await PostAsync(GraphQLPaths.Popcorn, GraphQLCases.Introspection));
        using var graphQLNet = JsonDocument.Parse(await PostAsync(GraphQLPaths.GraphQLNet, GraphQLCases.Introspection));

        foreach (string type in (string[])["Query", "Employee", "Department"])
        {
            // Popcorn adds an aggregate beside every list by rule (membersAggregate, docs/data.md); GraphQL.NET's
            // schema declares none. Apart from those, the same fields.
            var popcornFields = Fields(popcorn, type);
            popcornFields.Where(f => !f.EndsWith("Aggregate", StringComparison.Ordinal)).ShouldBe(Fields(graphQLNet, type), type);
            popcornFields.Where(f => f.EndsWith("Aggregate", StringComparison.Ordinal)).ShouldBe(type == "Department" ? ["membersAggregate"] : [], type);
        }
    }

    [Fact]
    public async Task Floor_AnswersTheGatewaysSmallResponse_WithItsHeaders()
    {
        using var popcorn = await PostAsync(GraphQLPaths.Popcorn, GraphQLCases.Small.Body());
        using var floor = await PostAsync(GraphQLPaths.Floor, GraphQLCases.Small.Body());

        (await floor.Content.ReadAsStringAsync()).ShouldBe(await popcorn.Content.ReadAsStringAsync());
        floor.Content.Headers.ContentType.ShouldBe(popcorn.Content.Headers.ContentType);
        floor.Content.Headers.ContentLength.ShouldBe(popcorn.Content.Headers.ContentLength);
        floor.Headers.TransferEncodingChunked.ShouldBe(popcorn.Headers.TransferEncodingChunked);
    }

    [Fact]
    public async Task NestedList_GatewayData_IsTheRestResponse()
    {
        string rest = Encoding.UTF8.GetString(await server.GetBytesAsync(GraphQLPaths.RestDepartments + "?include=" + Uri.EscapeDataString(GraphQLCases.NestedListInclude)));

        string gateway = await PostAsync(GraphQLPaths.Popcorn, GraphQLCases.NestedList);

        gateway.ShouldBe("{\"data\":{\"departments\":" + rest + "}}");
        using var departments = JsonDocument.Parse(rest);
        departments.RootElement.GetArrayLength().ShouldBe(Data.CompanyData.DepartmentCount);
        departments.RootElement[0].GetProperty("members").GetArrayLength().ShouldBe(Data.CompanyData.DepartmentSize);
    }

    private async Task<string> PostAsync(string path, GraphQLCase graphQLCase)
    {
        using var response = await PostAsync(path, graphQLCase.Body());
        return await response.Content.ReadAsStringAsync();
    }

    private async Task<HttpResponseMessage> PostAsync(string path, byte[] body)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new("application/json");
        var response = await server.Client.PostAsync(path, content);
        response.EnsureSuccessStatusCode();
        return response;
    }

    private static string[] Fields(JsonDocument introspection, string type) =>
        introspection.RootElement.GetProperty("data").GetProperty("__schema").GetProperty("types").EnumerateArray()
            .Single(t => t.GetProperty("name").GetString() == type)
            .GetProperty("fields").EnumerateArray().Select(f => f.GetProperty("name").GetString()!).Order(StringComparer.Ordinal).ToArray();
}
