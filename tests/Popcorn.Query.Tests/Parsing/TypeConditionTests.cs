using Popcorn.Query;

namespace Popcorn.Query.Tests.Parsing;

/// <summary>Type-conditioned selections: <c>...on Type[...]</c> in the include syntax, inline fragments and spreads in the GraphQL-like one, one tree.</summary>
public class TypeConditionTests
{
    [Theory]
    [InlineData("[id,...on Manager[reports[id]]]")]
    [InlineData("[ id , ... on Manager [ reports [ id ] ] ]")]
    [InlineData("[id,...\n on\tManager[reports[id]]]")]
    [InlineData("{ id ... on Manager { reports { id } } }")]
    [InlineData("{ id ...M } fragment M on Manager { reports { id } }")]
    public void Parse_TypeCondition_IsOneNodeInBothSyntaxes(string text)
    {
        var tree = SelectionParser.Parse(text);

        tree.Properties.Count.ShouldBe(2);
        var condition = tree.Properties[1];
        condition.IsTypeCondition.ShouldBeTrue();
        condition.TypeCondition.ShouldBe("Manager");
        condition.Children.Single().Name.ShouldBe("reports");
        tree.ToIncludeString().ShouldBe("[id,...on Manager[reports[id]]]");
        tree.ToGraphQLString().ShouldBe("{ id ... on Manager { reports { id } } }");
    }

    [Fact]
    public void Print_TypeCondition_ParsesBackToAnEqualTreeInBothSyntaxes()
    {
        var tree = SelectionParser.Parse("[name,...on Manager[boss:manager[name],...on Director[budget]],...on Engineer[?level]]");

        SelectionParser.Parse(tree.ToIncludeString()).ShouldBe(tree);
        SelectionParser.Parse(tree.ToGraphQLString()).ShouldBe(tree);
    }

    [Fact]
    public void Parse_TypeConditionBrackets_AddNoLevel()
    {
        // As a fragment adds no level in the GraphQL-like syntax, so a print parses back within the same depth limit.
        var options = new SelectionParserOptions { MaxDepth = 2 };

        SelectionParser.Parse("[...on A[...on B[x[y]]]]", options).ToIncludeString().ShouldBe("[...on A[...on B[x[y]]]]");
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("[...on A[x[y[z]]]]", options)).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Theory]
    [InlineData("[...Manager[x]]", 5, "Expected 'on' and a type name after '...': write '...on Type[fields]'.")]
    [InlineData("[...onManager[x]]", 5, "Expected 'on' and a type name after '...': write '...on Type[fields]'.")]
    [InlineData("[..on Manager[x]]", 2, "Expected 'on' and a type name after '...': write '...on Type[fields]'.")]
    [InlineData("[...on [x]]", 8, "Expected a type name after '...on' but found '['.")]
    [InlineData("[...on Manager]", 15, "A type condition takes a selection: write '...on Manager[fields]'.")]
    [InlineData("[...on Manager,x]", 15, "A type condition takes a selection: write '...on Manager[fields]'.")]
    public void Parse_MalformedTypeCondition_ReportsWhereAndHow(string text, int column, string detail)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Column.ShouldBe(column);
        error.Detail.ShouldBe(detail);
    }

    [Fact]
    public void Parse_NestedFragmentOnTheSameType_AddsNoSecondCondition()
    {
        var tree = SelectionParser.Parse("{ ... on Manager { id ... on Manager { name } ...F } } fragment F on Manager { reports }");

        tree.ToIncludeString().ShouldBe("[...on Manager[id,name,reports]]");
    }

    [Fact]
    public void MergeTypeConditions_MergesEveryConditionInPlace()
    {
        var tree = SelectionParser.Parse("[a,...on T[b,...on U[c]],d[...on T[e]]]");

        PropertyReference.MergeTypeConditions(tree.Properties).Select(p => p.ToString()).ShouldBe(["a", "b", "c", "d[...on T[e]]"]);
    }
}
