using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>Every Popcorn endpoint documents the selection: the query parameter, the header, the fields and their defaults.</summary>
public class SelectionParameterTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Theory]
    [InlineData("/books", "get")]
    [InlineData("/books/{id}", "get")]
    [InlineData("/books", "post")]
    [InlineData("/mvc/books/{id}", "get")]
    public void Document_PopcornEndpoint_HasTheIncludeParameterAndTheHeader(string path, string method)
    {
        var parameters = Parameters(path, method);

        var include = parameters.Single(p => p["name"]!.GetValue<string>() == "include");
        include["in"]!.GetValue<string>().ShouldBe("query");
        include["required"]?.GetValue<bool>().ShouldBe(false);
        include["schema"]!["type"]!.GetValue<string>().ShouldBe("string");
        include["example"]!.GetValue<string>().ShouldBe("[id,title]");
        var header = parameters.Single(p => p["name"]!.GetValue<string>() == "Popcorn-Include");
        header["in"]!.GetValue<string>().ShouldBe("header");
        header["description"]!.GetValue<string>().ShouldContain("`include` query parameter");
    }

    [Fact]
    public void Document_IncludeDescription_ListsEveryReachableTypeWithItsDefaults()
    {
        string description = Parameters("/books", "get").Single(p => p["name"]!.GetValue<string>() == "include")["description"]!.GetValue<string>();

        description.ShouldContain("in the include syntax (`[id,title,author[name]]`) or the GraphQL-like syntax (`{ id title author { name } }`)");
        description.ShouldContain("Without a selection the default fields are written: `[id,title]`.");
        description.ShouldContain("- Book: `id` (*always*), `title` (*default*), `author` (Author), `editions` (list of Edition)");
        description.ShouldContain("- Author: `id` (*always*), `name` (*default*), `country`");
        description.ShouldContain("- Edition: `isbn` (*default*), `year` (*default*)");
        description.ShouldContain("`Popcorn-Include` header");
    }

    [Fact]
    public void Document_IncludeDescription_ExampleIsBuiltFromTheModelsOwnFields()
    {
        // An Edition has no author: the example must not name one (it once read `[id,author[name]]` for every model).
        string edition = SelectionDescription.ExampleInclude(Metadata<Edition>());
        string author = SelectionDescription.ExampleGraphQL(Metadata<Author>());

        edition.ShouldBe("[isbn,year]");
        author.ShouldBe("{ id name }");
        Popcorn.Query.SelectionParser.Parse(edition).ShouldNotBeNull();
        Popcorn.Query.SelectionParser.Parse(author).ShouldNotBeNull();
    }

    [Fact]
    public void Document_PopcornExtension_DescribesTheFieldsForTools()
    {
        var extension = server.Operation("/books", "get")!["x-popcorn"]!;

        extension["model"]!.GetValue<string>().ShouldBe("Book");
        extension["sequence"]!.GetValue<bool>().ShouldBeTrue();
        extension["queryParameter"]!.GetValue<string>().ShouldBe("include");
        extension["header"]!.GetValue<string>().ShouldBe("Popcorn-Include");
        var book = extension["types"]!["Book"]!;
        book["defaultSelection"]!.GetValue<string>().ShouldBe("[id,title]");
        book["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ShouldBe(["id", "title", "author", "editions"]);
        var editions = book["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "editions")!;
        editions["type"]!.GetValue<string>().ShouldBe("Edition");
        editions["kind"]!.GetValue<string>().ShouldBe("list");
        extension["types"]!.AsObject().Select(t => t.Key).ShouldBe(["Book", "Author", "Edition"]);
        extension["types"]!["Author"]!["defaultSelection"]!.GetValue<string>().ShouldBe("[id,name]");
    }

    [Fact]
    public void Document_ModelKnownOnlyFromTheResult_DocumentsTheParametersWithoutFields()
    {
        var operation = server.Operation("/books/unsaid", "post")!;

        Parameters("/books/unsaid", "post").Select(p => p["name"]!.GetValue<string>()).ShouldBe(["include", "Popcorn-Include"]);
        operation["x-popcorn"].ShouldBeNull();
        operation["responses"]!["400"]!["description"]!.GetValue<string>().ShouldContain("except for an unknown field");
    }

    [Theory]
    [InlineData("/health")]
    [InlineData("/authors/{id}")]
    public void Document_EndpointWithoutPopcorn_IsUntouched(string path)
    {
        var operation = server.Operation(path, "get")!;

        (operation["parameters"]?.AsArray().Select(p => p!["name"]!.GetValue<string>()) ?? []).ShouldNotContain("include");
        operation["responses"]!.AsObject().Select(r => r.Key).ShouldBe(["200"]);
        operation["x-popcorn"].ShouldBeNull();
    }

    [Fact]
    public async Task Get_DocumentedExample_IsWhatTheEndpointWritesByDefault()
    {
        using var withExample = await server.Client.GetAsync("/books/1?include=" + Uri.EscapeDataString("[id,title]"));
        using var withNothing = await server.Client.GetAsync("/books/1");

        withExample.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await withExample.Content.ReadAsStringAsync()).ShouldBe(await withNothing.Content.ReadAsStringAsync());
    }

    private IReadOnlyList<JsonNode> Parameters(string path, string method) =>
        server.Operation(path, method)!["parameters"]!.AsArray().Select(p => p!).ToList();

    private static Popcorn.Query.TypeMetadata Metadata<T>() =>
        ((Popcorn.Query.IPopcornContext)ShelfJsonContext.Default).Writers.Single(w => w.Type == typeof(T)).Metadata;
}
