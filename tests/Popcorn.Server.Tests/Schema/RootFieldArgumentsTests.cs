using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Schema;

/// <summary>
/// <c>/popcorn/schema</c> lists a gateway root field's arguments as its SDL does: the resolver's own under
/// <c>arguments</c>, the list arguments Popcorn applies under <c>listArguments</c>, each with its GraphQL type.
/// </summary>
public class RootFieldArgumentsTests(ErrandsServer server) : IClassFixture<ErrandsServer>
{
    [Fact]
    public async Task Schema_RootList_ListsEveryListArgumentWithItsInputType()
    {
        var errands = RootField(await SchemaAsync(), "errands");

        Arguments(errands, "arguments").ShouldBeEmpty();
        Arguments(errands, "listArguments").ShouldBe(["first: Int", "skip: Int", "orderBy: [ErrandSort!]", "where: ErrandFilter", "after: String"]);
    }

    [Fact]
    public async Task Schema_ResolverThatBindsFirst_ListsItAsItsOwnAndNotAgainAsAListArgument()
    {
        var firstErrands = RootField(await SchemaAsync(), "firstErrands");

        Arguments(firstErrands, "arguments").ShouldBe(["first: Int!"]);
        Arguments(firstErrands, "listArguments").ShouldBe(["skip: Int", "orderBy: [ErrandSort!]", "where: ErrandFilter", "after: String"]);
    }

    [Fact]
    public async Task Schema_SingleObjectField_HasNoListArguments()
    {
        var errand = RootField(await SchemaAsync(), "errand");

        Arguments(errand, "arguments").ShouldBe(["id: Int!"]);
        Arguments(errand, "listArguments").ShouldBeEmpty();
    }

    [Fact]
    public async Task Schema_RootArguments_AreTheSdlsInItsOrder()
    {
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");
        var schema = await SchemaAsync();

        foreach (string name in new[] { "errands", "firstErrands", "errand" })
        {
            var field = RootField(schema, name);
            string[] all = [.. Arguments(field, "arguments"), .. Arguments(field, "listArguments")];
            string signature = all.Length == 0 ? string.Empty : $"({string.Join(", ", all)})";
            sdl.ShouldContain($"  {name}{signature}: ", customMessage: sdl);
        }
    }

    private async Task<JsonNode> SchemaAsync() => JsonNode.Parse(await server.Client.GetStringAsync("/popcorn/schema"))!;

    private static JsonNode RootField(JsonNode schema, string name) =>
        schema["rootFields"]!.AsArray().Single(f => (string)f!["name"]! == name)!;

    private static string[] Arguments(JsonNode field, string property) =>
        field[property]!.AsArray().Select(a => $"{a!["name"]}: {a["type"]}").ToArray();
}
