namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// The corners of <c>__typename</c>, settled as GraphQL settles them: it is a leaf that takes no arguments, and its
/// name is an ordinary response key, so another field may be aliased to it as long as nothing else claims the key.
/// </summary>
public class TypeNameCornerTests
{
    private static SelectionPlan Compile(string query) =>
        PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse(query));

    private static PlannedField[] Planned(SelectionPlan plan) => plan.Fields.ToArray();

    private static IEnumerable<string> Keys(SelectionPlan plan) => Planned(plan).Select(f => f.OutputName);

    [Theory]
    [InlineData("{ __typename: email }")]
    [InlineData("[__typename:email]")]
    public void Compile_TypeNameAsAnAliasOfAnotherField_WritesThatFieldUnderTheKey(string query)
    {
        var plan = Compile(query);

        var aliased = Planned(plan).Single(f => f.OutputName == "__typename");
        aliased.Field.ShouldNotBeNull().WireName.ShouldBe("email");
    }

    [Theory]
    [InlineData("{ __typename __typename: email }", 1, 14)]
    [InlineData("{ __typename: email __typename }", 1, 21)]
    public void Compile_TypeNameAliasBesideTheTypeName_IsAKeyConflict(string query, int line, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile(query));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Theory]
    [InlineData("{ kind: __typename __typename }")]
    [InlineData("{ __typename: __typename }")]
    [InlineData("{ __typename @optional }")]
    public void Compile_TypeNameUnderAnyKey_WritesTheTypeName(string query)
    {
        var plan = Compile(query);

        Planned(plan).Where(f => f.FieldIndex == PlannedField.TypeNameIndex).ShouldNotBeEmpty();
        Keys(plan).ShouldContain(query.Contains("kind", StringComparison.Ordinal) ? "kind" : "__typename");
    }

    [Fact]
    public void Compile_SkippedTypeName_IsNotWritten()
    {
        Keys(Compile("{ __typename @skip(if: true) email }")).ShouldNotContain("__typename");
    }

    [Theory]
    [InlineData("{ __typename(x: 1) }", 1, 3)]
    [InlineData("{ __typename { name } }", 1, 3)]
    [InlineData("{ __all __typename @exclude }", 1, 9)]
    [InlineData("{\n  t: __typename(x: 1)\n}", 2, 3)]
    [InlineData("[__typename[name]]", 1, 2)]
    [InlineData("[-__typename]", 1, 2)]
    public void Compile_TypeNameWithArgumentsSelectionOrExclude_IsRefusedAtItsPosition(string query, int line, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile(query));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain("'__typename' takes no arguments, children or removal.");
        (error.Line, error.Column).ShouldBe((line, column));
    }
}
