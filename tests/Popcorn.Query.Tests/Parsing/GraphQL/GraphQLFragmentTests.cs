namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLFragmentTests
{
    [Fact]
    public void Parse_FragmentSpread_IsExpandedInPlace()
    {
        var tree = SelectionParser.Parse("""
            { id ...Names manager { ...Names } email }
            fragment Names on Employee { firstName lastName }
            """);

        // The fragment keeps its type condition; compiled against Employee, it adds its fields in place.
        tree.ToIncludeString().ShouldBe("[id,...on Employee[firstName,lastName],manager[...on Employee[firstName,lastName]],email]");
    }

    [Fact]
    public void Parse_FragmentDefinedBeforeTheQuery_IsExpanded()
    {
        var tree = SelectionParser.Parse("fragment F on T { a } query { ...F b }");

        tree.ToIncludeString().ShouldBe("[...on T[a],b]");
    }

    [Fact]
    public void Parse_NestedFragments_AreExpandedInWrittenOrder()
    {
        var tree = SelectionParser.Parse("""
            { ...A z }
            fragment A on T { a ...B c }
            fragment B on T { b1 b2 { ...C } }
            fragment C on T { c1 }
            """);

        // A spread on the type its fragment is already on adds no second condition.
        tree.ToIncludeString().ShouldBe("[...on T[a,b1,b2[...on T[c1]],c],z]");
    }

    [Fact]
    public void Parse_InlineFragments_WithoutTypeCondition_AreMergedAndWithOneAreKept()
    {
        var tree = SelectionParser.Parse("{ id ... on Manager { reports { id } } ... { name } }");

        tree.ToIncludeString().ShouldBe("[id,...on Manager[reports[id]],name]");
        tree.Properties[1].TypeCondition.ShouldBe("Manager");
    }

    [Fact]
    public void Parse_TypeConditions_AreNotChecked()
    {
        // There is no type information at parse time: any type name is accepted (the plan compiler checks it).
        var tree = SelectionParser.Parse("{ ...F ... on NoSuchType { b } } fragment F on AlsoUnknown { a }");

        tree.ToIncludeString().ShouldBe("[...on AlsoUnknown[a],...on NoSuchType[b]]");
    }

    [Fact]
    public void Parse_FragmentUsedTwice_SharesItsExpansion()
    {
        var tree = SelectionParser.Parse("{ x { ...F } y { ...F } } fragment F on T { a(n: 1) { b } }");

        tree.ToIncludeString().ShouldBe("[x[...on T[a(n: 1)[b]]],y[...on T[a(n: 1)[b]]]]");
        tree.Properties[0].Children[0].Children[0].ShouldBeSameAs(tree.Properties[1].Children[0].Children[0]);
    }

    [Fact]
    public void Parse_FragmentNodes_KeepTheirLocationInTheFragment()
    {
        var tree = SelectionParser.Parse("{ ...F }\nfragment F on T {\n  name\n}");

        var name = tree.Properties.Single().Children.Single();
        (name.Location.Line, name.Location.Column).ShouldBe((3, 3));
    }

    [Theory]
    [InlineData("{ ...Missing }", 1, 3, "Unknown fragment 'Missing'")]
    [InlineData("{ a } fragment F on T { ...Nope }", 1, 25, "Unknown fragment 'Nope'")]
    [InlineData("{ ...F } fragment F on T { a } fragment F on T { b }", 1, 41, "The fragment name 'F' is defined twice")]
    [InlineData("{ ...A } fragment A on T { ...A }", 1, 28, "The fragment 'A' spreads itself: A -> A")]
    [InlineData("{ ...A }\nfragment A on T { b { ...B } }\nfragment B on T { ...A }", 3, 19, "The fragment 'A' spreads itself: A -> B -> A")]
    [InlineData("{ a }\nfragment Unused on T { a }", 2, 10, "The fragment 'Unused' is never used")]
    [InlineData("{ ...A } fragment A on T { a } fragment B on T { ...C } fragment C on T { c }", 1, 41, "The fragment 'B' is never used")]
    [InlineData("fragment F on T { a }", 1, 1, "The document defines no query")]
    public void Parse_BrokenFragments_AreRejected(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_CycleOnlyReachableFromAnotherOperation_IsStillRejected()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(
            "query A { a } query B { ...X } fragment X on T { ...Y } fragment Y on T { ...X }",
            operationName: "A"));

        error.Message.ShouldContain("spreads itself: X -> Y -> X");
    }

    [Fact]
    public void Parse_FragmentUsedOnlyByAnotherOperation_CountsAsUsed()
    {
        var tree = SelectionParser.Parse("query A { a } query B { ...F } fragment F on T { f }", operationName: "A");

        tree.ToIncludeString().ShouldBe("[a]");
    }

    [Fact]
    public void Parse_LongFragmentChain_IsExpandedWithoutRecursionTrouble()
    {
        // 300 fragments, each spreading the next: the checks walk the chain iteratively, and spreads add no tree level.
        var text = new System.Text.StringBuilder("{ ...F0 }");
        for (int i = 0; i < 300; i++)
        {
            text.Append($" fragment F{i} on T {{ f{i} {(i < 299 ? $"...F{i + 1}" : string.Empty)} }}");
        }

        var tree = SelectionParser.Parse(text.ToString(), new SelectionParserOptions { MaxLength = 100_000 });

        var fields = PropertyReference.MergeTypeConditions(tree.Properties);
        fields.Count.ShouldBe(300);
        fields[299].Name.ShouldBe("f299");
    }
}
