namespace Popcorn.Query.Tests.Semantics;

/// <summary><c>not</c> in <c>where</c>: a typed node, two-valued in memory, refused when empty, counted by the bounds.</summary>
public class NotFilterCompileTests
{
    private sealed record Item(string? Name, int Rank);

    private static readonly TypeMetadata List = new("Box");
    private static readonly TypeMetadata ItemType = new("Item");

    private static readonly Item[] s_items = [new("a", 1), new(null, 2), new("b", 3), new("ab", 4)];

    static NotFilterCompileTests()
    {
        ItemType.Initialize(
        [
            new FieldMetadata("name", FieldKind.Scalar, "string?", FieldFlags.Filterable, isNullable: true, valueType: typeof(string), getter: i => ((Item)i).Name),
            new FieldMetadata("rank", FieldKind.Scalar, "int", FieldFlags.Filterable, valueType: typeof(int), getter: i => ((Item)i).Rank),
        ]);
        List.Initialize([new FieldMetadata("items", FieldKind.List, "List<Item>", elementType: ItemType)]);
    }

    private static CollectionArguments Arguments(string where, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(List, SelectionParser.Parse($"[items(where: {where})]"), options).Fields[0].Arguments!;

    private static int[] Ranks(string where) => Arguments(where).Apply(s_items)!.Select(i => i.Rank).ToArray();

    [Fact]
    public void Compile_Not_IsANodeAroundItsFilter()
    {
        var not = Arguments("{not: {rank: {gt: 2}}}").Where.ShouldBeOfType<FilterNot>();

        not.Operand.ShouldBeOfType<FilterComparison>().Operator.ShouldBe(FilterOperator.GreaterThan);
    }

    [Fact]
    public void Apply_Not_IsTwoValued_AComparisonFalseForNullIsTrueUnderNot()
    {
        Ranks("{not: {name: {gt: \"a\"}}}").ShouldBe([1, 2]);
        Ranks("{not: {name: {contains: \"a\"}}}").ShouldBe([2, 3]);
        Ranks("{not: {name: null}}").ShouldBe([1, 3, 4]);
        Ranks("{not: {or: [{rank: 1}, {rank: 4}]}}").ShouldBe([2, 3]);
        Ranks("{not: {not: {rank: {lt: 3}}}}").ShouldBe([1, 2]);
    }

    [Theory]
    [InlineData("{not: {}}")]
    [InlineData("{not: {and: []}}")]
    public void Compile_EmptyNot_IsAnErrorAtItsPosition(string where)
    {
        var error = Should.Throw<PopcornQueryException>(() => Arguments(where));

        error.Detail.ShouldBe("'not' in 'where' on field 'items' takes a filter with at least one comparison, such as {not: {status: \"open\"}}.");
        error.Location.Column.ShouldBe(16);
    }

    [Fact]
    public void Compile_ManyNots_CountTowardsMaxFilterNodes()
    {
        string nested = string.Concat(Enumerable.Repeat("{not: ", 12)) + "{rank: 1}" + string.Concat(Enumerable.Repeat("}", 12));

        Should.Throw<PopcornQueryException>(() => Arguments(nested, new PlanCompilerOptions { MaxFilterNodes = 10 })).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        Arguments(nested).Where.ShouldBeOfType<FilterNot>();
    }

    [Fact]
    public void Compile_NotsNestedPastTheParsersDepth_AreALimitError_NotAStackOverflow()
    {
        string nested = string.Concat(Enumerable.Repeat("{not: ", 5000)) + "{rank: 1}" + string.Concat(Enumerable.Repeat("}", 5000));

        Should.Throw<PopcornQueryException>(() => Arguments(nested)).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }
}
