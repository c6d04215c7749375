namespace Popcorn.Server.Tests.OpenApi;

/// <summary>No <c>[Never]</c> member appears anywhere in the document: not in schemas, required lists, descriptions or extensions.</summary>
public class NeverFieldTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Fact]
    public void Document_Text_NamesNoNeverMember()
    {
        foreach (string hidden in Shelf.HiddenNames)
        {
            server.DocumentText.ShouldNotContain(hidden, Case.Insensitive);
        }
    }

    [Fact]
    public void Document_TypeReachedOnlyThroughANeverMember_IsNotDescribed()
    {
        server.Document["components"]!["schemas"]!.AsObject().Select(s => s.Key).ShouldNotContain("PrintRun");
    }

    [Theory]
    [InlineData("Book", new[] { "id", "title", "author", "editions", "editionsAggregate" })] // an aggregate beside each list of models
    [InlineData("Author", new[] { "id", "name", "country" })]
    [InlineData("Edition", new[] { "isbn", "year" })]
    public void Document_ModelSchema_KeepsEveryVisibleMember(string schema, string[] members)
    {
        server.Document["components"]!["schemas"]![schema]!["properties"]!.AsObject().Select(p => p.Key).ShouldBe(members);
    }

    [Fact]
    public void Document_RequiredNeverMember_IsNotRequired()
    {
        server.Document["components"]!["schemas"]!["Book"]!["required"]!.AsArray().Select(r => r!.GetValue<string>()).ShouldBe(["title"]);
    }

    [Fact]
    public void Document_ListOfModels_PointsAtTheCleanedSchema()
    {
        var items = server.Operation("/books", "get")!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!["items"]!;

        server.Resolve(items)["properties"]!.AsObject().Select(p => p.Key).ShouldBe(["id", "title", "author", "editions", "editionsAggregate"]);
    }
}
