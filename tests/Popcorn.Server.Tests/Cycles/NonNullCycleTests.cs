namespace Popcorn.Server.Tests.Cycles;

/// <summary>
/// A non-null object field (<c>captain: Player!</c>, <c>team: Team!</c>) whose object is already on the path: at
/// <c>/graphql</c> it is written again, so the response keeps the schema's <c>!</c>; REST writes it as <c>null</c>.
/// </summary>
public class NonNullCycleTests(TeamsServer server) : IClassFixture<TeamsServer>
{
    private const string CaptainsTeam = "{ name captain { name team { name captain { name } players { name team { name } } } } }";

    [Fact]
    public async Task Sdl_CycleFields_AreNonNull()
    {
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("  captain: Player!\n");
        sdl.ShouldContain("  team: Team!\n");
    }

    [Fact]
    public async Task Post_NonNullFieldMetAgainOnItsPath_IsNotNull()
    {
        var (status, body) = await server.PostGraphQLAsync("{ team(id: 1) " + CaptainsTeam + " }");

        status.ShouldBe(200);
        body["errors"].ShouldBeNull();
        body["data"]!["team"]!.ToJsonString().ShouldBe(
            """{"name":"Owls","captain":{"name":"Ann","team":{"name":"Owls","captain":{"name":"Ann"},"players":[{"name":"Ann","team":{"name":"Owls"}},{"name":"Bo","team":{"name":"Owls"}}]}}}""");
    }

    [Fact]
    public async Task Get_SameSelectionOverRest_WritesTheNonNullFieldAsNull()
    {
        string body = await server.GetAsync("/api/teams/1", CaptainsTeam);

        body.ShouldBe("""{"id":1,"name":"Owls","captain":{"id":1,"name":"Ann","team":null}}""");
    }

    [Fact]
    public async Task Post_WildcardOverTheCycle_WritesNullInTheNonNullField()
    {
        // The documented exception: a wildcard keeps IgnoreCycles' rule, whatever the field's `!` says.
        var (status, body) = await server.PostGraphQLAsync("{ team(id: 1) { captain { team { __all } } } }");

        status.ShouldBe(200);
        body["data"]!["team"]!.ToJsonString().ShouldBe("""{"captain":{"team":null}}""");
    }
}

/// <summary>With <c>GatewayUsesPopcornSemantics</c>, the non-null field met again is <c>null</c> at <c>/graphql</c> too.</summary>
public class NonNullCycleWithPopcornSemanticsTests(PopcornSemanticsTeamsServer server) : IClassFixture<PopcornSemanticsTeamsServer>
{
    [Fact]
    public async Task Post_NonNullFieldMetAgainOnItsPath_IsNullAsOverRest()
    {
        var (_, body) = await server.PostGraphQLAsync("{ team(id: 1) { name captain { name team { name } } } }");

        body["data"]!["team"]!.ToJsonString().ShouldBe("""{"id":1,"name":"Owls","captain":{"id":1,"name":"Ann","team":null}}""");
    }
}
