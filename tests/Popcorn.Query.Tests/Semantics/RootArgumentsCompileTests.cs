namespace Popcorn.Query.Tests.Semantics;

/// <summary>first/skip/orderBy/where on the root list: written before the selection, compiled onto the plan it returns.</summary>
public class RootArgumentsCompileTests
{
    [Fact]
    public void Parse_RootArguments_BothSyntaxes_SameTree_AndPrintsRoundTrip()
    {
        var include = SelectionParser.Parse("(first: 10, orderBy: {placedAt: DESC})[id,lines(first: 3)[sku]]");
        var graphQL = SelectionParser.Parse("(first: 10, orderBy: {placedAt: DESC}) { id lines(first: 3) { sku } }");

        include.Syntax.ShouldBe(SelectionSyntax.Include);
        graphQL.Syntax.ShouldBe(SelectionSyntax.GraphQL);
        include.Arguments.Select(a => a.Name).ShouldBe(["first", "orderBy"]);
        graphQL.ShouldBe(include);
        include.ToIncludeString().ShouldBe("(first: 10, orderBy: {placedAt: DESC})[id,lines(first: 3)[sku]]");
        include.ToGraphQLString().ShouldBe("(first: 10, orderBy: {placedAt: DESC}) { id lines(first: 3) { sku } }");
        SelectionParser.Parse(include.ToGraphQLString()).ShouldBe(include);
        SelectionParser.Parse(" ( first : 2 ) [ ]").ToIncludeString().ShouldBe("(first: 2)[]");
    }

    [Theory]
    [InlineData("(first: 2)[id", 14)]
    [InlineData("(first: 2) { id", 16)]
    [InlineData("(first: )[id]", 9)]
    [InlineData("(where: {s: \")\"}) { i(x: 1 }", 28)]
    public void Parse_MalformedRootArguments_ReportTheirColumn(string text, int column)
    {
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text)).Column.ShouldBe(column);
    }

    [Fact]
    public void Parse_RootArguments_AreNotEqualToTheSelectionAlone()
    {
        SelectionParser.ParseInclude("(first: 1)[firstName]").ShouldNotBe(SelectionParser.ParseInclude("[firstName]"));
        SelectionParser.ParseInclude("(first: 1)[firstName]").ShouldNotBe(SelectionParser.ParseInclude("(first: 2)[firstName]"));
    }

    [Fact]
    public void Compile_RootArguments_AreOnTheReturnedPlanOnly()
    {
        var plan = PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.ParseInclude("(skip: 1, first: 2)[!full]"));

        plan.Arguments.ShouldNotBeNull().First.ShouldBe(2);
        plan.Arguments.Skip.ShouldBe(1);
        plan.ArgumentsLocation.Column.ShouldBe(2);
        plan.IsFull.ShouldBeTrue();
        // The cyclic full plan's children are the shared plan, which the root's arguments do not arrange.
        foreach (var field in plan.Fields)
        {
            field.Child?.Arguments.ShouldBeNull();
        }

        plan.ForQueriedRows().Arguments.ShouldBeNull();
    }

    [Theory]
    [InlineData("(first: 1001)[firstName]", QueryErrorKind.LimitExceeded, 2)]
    [InlineData("(first: \"x\")[firstName]", QueryErrorKind.InvalidSelection, 2)]
    [InlineData("(top: 1)[firstName]", QueryErrorKind.InvalidSelection, 2)]
    [InlineData("(orderBy: {nope: ASC})[firstName]", QueryErrorKind.UnknownField, 12)]
    public void Compile_BadRootArgument_IsRefusedWithItsPosition(string include, QueryErrorKind kind, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.ParseInclude(include)));

        error.Kind.ShouldBe(kind);
        error.Column.ShouldBe(column);
    }

    [Fact]
    public void Signature_DiffersByRootArgumentsOnly()
    {
        string Of(string include) => PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.ParseInclude(include)).Signature.Key;

        Of("(first: 1)[firstName]").ShouldNotBe(Of("[firstName]"));
        Of("(first: 1)[firstName]").ShouldNotBe(Of("(first: 2)[firstName]"));
        Of("(first: 1)[firstName]").ShouldBe(Of("( first: 1 )[firstName]"));
    }
}
