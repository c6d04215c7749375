using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Schema;

public class FilterInputTypesTests
{
    private static readonly TypeMetadata s_chore = ((IPopcornContext)ChoresJsonContext.Default).Writers.Single(w => w.Type == typeof(Chore)).Metadata;

    [Fact]
    public void BooleanComparison_OffersOnlyTheOperatorsThatRun()
    {
        var types = ArgumentInputTypes.For([s_chore], FieldAccess.Unrestricted).ToArray();

        // The plan compiler refuses gt/gte/lt/lte on a Boolean ("is a Boolean: compare it with eq, neq or in").
        InputFieldNames(types, "BooleanComparison").ShouldBe(["eq", "neq", "in"]);
        InputFieldNames(types, "IntComparison").ShouldBe(["eq", "neq", "gt", "gte", "lt", "lte", "in"]);
    }

    private static string[] InputFieldNames(IEnumerable<SchemaType> types, string name) =>
        types.Single(t => t.Name == name).InputFields!.Select(f => f.Name).ToArray();
}
