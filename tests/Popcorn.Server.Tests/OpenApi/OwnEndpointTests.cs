namespace Popcorn.Server.Tests.OpenApi;

/// <summary>Popcorn's own endpoints get distinct operation ids under one tag.</summary>
public class OwnEndpointTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Theory]
    [InlineData("/graphql", "get", "PopcornGatewayGet")]
    [InlineData("/graphql", "post", "PopcornGatewayPost")]
    [InlineData("/graphql/schema.graphql", "get", "PopcornGatewaySdl")]
    [InlineData("/popcorn/schema", "get", "PopcornSchema")]
    [InlineData("/popcorn/normalize", "get", "PopcornNormalize")]
    [InlineData("/popcorn/check", "get", "PopcornCheck")]
    public void Document_OwnEndpoint_HasItsOperationIdAndTag(string path, string method, string operationId)
    {
        var operation = server.Operation(path, method)!;

        operation["operationId"]!.GetValue<string>().ShouldBe(operationId);
        operation["tags"]!.AsArray().Select(t => t!.GetValue<string>()).ShouldBe(["Popcorn"]);
        operation["summary"].ShouldNotBeNull();
    }

    [Fact]
    public void Document_OperationIds_AreDistinct()
    {
        var ids = server.Document["paths"]!.AsObject()
            .SelectMany(path => path.Value!.AsObject())
            .Select(operation => operation.Value!["operationId"]?.GetValue<string>())
            .OfType<string>()
            .ToList();

        ids.ShouldBeUnique();
        ids.ShouldContain("listBooks");
    }

    [Fact]
    public void Document_OwnEndpoints_DoNotDescribeASelection()
    {
        server.Operation("/graphql", "get")!["parameters"].ShouldBeNull();
        server.Operation("/graphql", "post")!["x-popcorn"].ShouldBeNull();
    }
}
