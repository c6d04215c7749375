namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// <c>contains</c>, <c>startsWith</c>, <c>endsWith</c> and <c>mode</c> in <c>where</c>: typed at compile time (text
/// fields only, a string value, a known mode), errors at their position, and the same answer in memory as in SQL for
/// the cases the providers share (docs/data.md, "Text filters").
/// </summary>
public class TextFilterCompileTests
{
    private sealed record Person(string? Name, int Age, DateTime Joined, string Secret);

    private static readonly TypeMetadata Team = new("Team");
    private static readonly TypeMetadata PersonType = new("Person");

    private static readonly Person[] s_people =
    [
        new("Anna 100% sure", 30, default, ""), new("anne_marie", 41, default, ""), new(null, 52, default, ""),
        new("ÉMILE", 23, default, ""), new("Bob\\Builder", 35, default, ""), new("BOBBY", 19, default, ""),
    ];

    static TextFilterCompileTests()
    {
        PersonType.Initialize(
        [
            new FieldMetadata("name", FieldKind.Scalar, "string?", FieldFlags.Filterable, isNullable: true, valueType: typeof(string), getter: p => ((Person)p).Name),
            new FieldMetadata("age", FieldKind.Scalar, "int", FieldFlags.Filterable, valueType: typeof(int), getter: p => ((Person)p).Age),
            new FieldMetadata("joined", FieldKind.Scalar, "DateTime", FieldFlags.Filterable, valueType: typeof(DateTime), getter: p => ((Person)p).Joined),
            new FieldMetadata("secret", FieldKind.Scalar, "string", FieldFlags.Never | FieldFlags.Filterable, valueType: typeof(string), getter: p => ((Person)p).Secret),
        ]);
        Team.Initialize([new FieldMetadata("people", FieldKind.List, "List<Person>", elementType: PersonType)]);
    }

    private static CollectionArguments Arguments(string where) =>
        PlanCompiler.Compile(Team, SelectionParser.Parse($"[people(where: {where})]")).Fields[0].Arguments!;

    private static string?[] Names(string where) => Arguments(where).Apply(s_people)!.Select(p => p.Name).ToArray();

    [Fact]
    public void Compile_TextComparisons_AreTypedWithTheirMode()
    {
        var group = (FilterGroup)Arguments("{name: {contains: \"a\", startsWith: \"b\", mode: INSENSITIVE}, or: [{name: {endsWith: \"c\"}}]}").Where!;

        var contains = (FilterComparison)group.Operands[0];
        contains.Operator.ShouldBe(FilterOperator.Contains);
        contains.Value.ShouldBe("a");
        contains.IgnoreCase.ShouldBeTrue();
        ((FilterComparison)group.Operands[1]).Operator.ShouldBe(FilterOperator.StartsWith);
        ((FilterComparison)group.Operands[1]).IgnoreCase.ShouldBeTrue();
        var endsWith = (FilterComparison)group.Operands[2];
        endsWith.Operator.ShouldBe(FilterOperator.EndsWith);
        endsWith.IgnoreCase.ShouldBeFalse();
    }

    [Theory]
    [InlineData("{name: {contains: \"a\", mode: insensitive}}")]
    [InlineData("{name: {contains: \"a\", mode: \"Insensitive\"}}")]
    public void Compile_Mode_IsReadInAnyCase_AsAnEnumOrAString(string where) =>
        ((FilterComparison)Arguments(where).Where!).IgnoreCase.ShouldBeTrue();

    [Fact]
    public void Apply_InMemory_IsOrdinalByDefault_AndFoldsEveryLetterWhenInsensitive()
    {
        Names("{name: {contains: \"ann\"}}").ShouldBe(["anne_marie"]);
        Names("{name: {contains: \"ann\", mode: INSENSITIVE}}").ShouldBe(["Anna 100% sure", "anne_marie"]);
        Names("{name: {startsWith: \"BOB\"}}").ShouldBe(["BOBBY"]);
        Names("{name: {startsWith: \"bob\", mode: INSENSITIVE}}").ShouldBe(["Bob\\Builder", "BOBBY"]);
        Names("{name: {endsWith: \"SURE\", mode: INSENSITIVE}}").ShouldBe(["Anna 100% sure"]);
        Names("{name: {contains: \"émile\", mode: INSENSITIVE}}").ShouldBe(["ÉMILE"]);
        Names("{name: {contains: \"\"}}").Length.ShouldBe(5, "every non-null name holds the empty text; null holds nothing");
    }

    [Fact]
    public void Apply_InMemory_WildcardsAndTheEscapeCharacter_AreOrdinaryCharacters()
    {
        Names("{name: {contains: \"%\"}}").ShouldBe(["Anna 100% sure"]);
        Names("{name: {contains: \"_\", mode: INSENSITIVE}}").ShouldBe(["anne_marie"]);
        Names("{name: {contains: \"\\\\\"}}").ShouldBe(["Bob\\Builder"]);
        Names("{name: {startsWith: \"%\"}}").ShouldBeEmpty();
    }

    [Theory]
    [InlineData("{age: {contains: \"4\"}}", "Field 'age' is a int: 'contains' compares text; use eq, neq, gt, gte, lt, lte or in.", 23)]
    [InlineData("{joined: {startsWith: \"2025\"}}", "Field 'joined' is a DateTime: 'startsWith' compares text; use eq, neq, gt, gte, lt, lte or in.", 26)]
    [InlineData("{name: {contains: null}}", "'contains' on 'name' takes a string, not null.", 24)]
    [InlineData("{name: {endsWith: 3}}", "'endsWith' on 'name' takes a string, not 3.", 24)]
    [InlineData("{name: {eq: \"a\", mode: INSENSITIVE}}", "'mode' on 'name' applies to contains, startsWith and endsWith; this comparison has none.", 33)]
    [InlineData("{name: {contains: \"a\", mode: LOOSE}}", "'mode' on 'name' is SENSITIVE or INSENSITIVE, not LOOSE.", 39)]
    [InlineData("{name: {contains: \"a\", mode: true}}", "'mode' on 'name' is SENSITIVE or INSENSITIVE, not true.", 39)]
    [InlineData("{name: {like: \"a%\"}}", "Unknown comparison 'like' in 'where'; use eq, neq, gt, gte, lt, lte, in, contains, startsWith or endsWith.", 24)]
    public void Compile_BadTextComparison_IsAnErrorAtItsPosition(string where, string detail, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => Arguments(where));

        error.Detail.ShouldBe(detail);
        error.Location.Column.ShouldBe(column);
    }

    [Fact]
    public void Compile_TextComparisonOnANeverField_IsReportedExactlyLikeAnUnknownField()
    {
        var error = Should.Throw<PopcornQueryException>(() => Arguments("{secret: {contains: \"a\"}}"));

        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Detail.ShouldBe("Unknown field 'secret' on type 'Person'.");
    }

    [Fact]
    public void Compile_TextComparisons_CountTowardsMaxFilterNodes()
    {
        string many = "{or: [" + string.Join(", ", Enumerable.Range(0, 30).Select(i => $"{{name: {{contains: \"{i}\"}}}}")) + "]}";

        var error = Should.Throw<PopcornQueryException>(() =>
            PlanCompiler.Compile(Team, SelectionParser.Parse($"[people(where: {many})]"), new PlanCompilerOptions { MaxFilterNodes = 20 }));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }
}
