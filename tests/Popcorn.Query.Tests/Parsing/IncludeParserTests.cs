namespace Popcorn.Query.Tests.Parsing;

public class IncludeParserTests
{
    [Fact]
    public void Parse_NestedList_BuildsTree()
    {
        var tree = SelectionParser.Parse("[id,name,manager[name]]");

        tree.ShouldBe(new SelectionTree(
        [
            new PropertyReference("id"),
            new PropertyReference("name"),
            new PropertyReference("manager", children: [new PropertyReference("name")]),
        ]));
    }

    [Theory]
    [InlineData("[ id , manager [ name ] ]")]
    [InlineData("\n[\tid,\r\n manager[name]\n]\n")]
    public void Parse_WhitespaceAroundTokens_IsIgnored(string text)
    {
        SelectionParser.Parse(text).ToIncludeString().ShouldBe("[id,manager[name]]");
    }

    [Theory]
    [InlineData("")]
    [InlineData("   ")]
    [InlineData("[]")]
    [InlineData(" [ ] ")]
    public void Parse_EmptySelection_MeansDefaults(string text)
    {
        SelectionParser.Parse(text).IsDefault.ShouldBeTrue();
    }

    [Fact]
    public void Parse_AliasedItems_EveryShape_BuildTheSameNodesAsTheGeneralConstructor()
    {
        // The aliased shapes have a path of their own in the parser (a bare field, one with a selection, an empty
        // selection); the others (whitespace, arguments, optional) take the general one. All must read the same.
        var tree = SelectionParser.Parse("[h:title,l:manager[id],e:team[],s : name,o:orders(first: 2)[id],?n:nick,x:y]");

        tree.Properties.ShouldBe(
        [
            new PropertyReference("title", alias: "h"),
            new PropertyReference("manager", alias: "l", children: [new PropertyReference("id")]),
            new PropertyReference("team", alias: "e"),
            new PropertyReference("name", alias: "s"),
            new PropertyReference("orders", alias: "o", children: [new PropertyReference("id")], arguments: [new QueryArgument("first", QueryValue.Int(2))]),
            new PropertyReference("nick", alias: "n", isOptional: true),
            new PropertyReference("y", alias: "x"),
        ]);
        tree.Properties[1].Children.ShouldHaveSingleItem().Name.ShouldBe("id");
        tree.Properties[2].Children.ShouldBeEmpty();
        tree.Properties.Select(p => p.OutputName).ShouldBe(["h", "l", "e", "s", "o", "n", "x"]);
    }

    [Fact]
    public void Parse_ModifiersAliasesWildcards_AreKept()
    {
        var tree = SelectionParser.Parse("[!all,-email,?nickname,boss:manager[!default],!full]");

        tree.Properties.Select(p => (p.Name, p.Alias, p.IsNegated, p.IsOptional)).ShouldBe(
        [
            ("!all", null, false, false),
            ("email", null, true, false),
            ("nickname", null, false, true),
            ("manager", "boss", false, false),
            ("!full", null, false, false),
        ]);
    }

    [Fact]
    public void Parse_Arguments_AreKeptAsLiterals()
    {
        var tree = SelectionParser.Parse("[employee(id: 3, tags: [\"a\\n\", B], where: {min: -1.5e3, ok: true})[firstName]]");

        var employee = tree.Properties[0];
        employee.Arguments.Select(a => $"{a.Name}={a.Value}").ShouldBe(["id=3", "tags=[\"a\\n\", B]", "where={min: -1.5e3, ok: true}"]);
        employee.Children.Single().Name.ShouldBe("firstName");
    }

    [Theory]
    [InlineData("[first Name]", 1, 8, "cannot contain spaces")]
    [InlineData("[id,manager[name]", 1, 18, "Unexpected end of query")]
    [InlineData("[?]", 1, 3, "Expected a field name")]
    [InlineData("[id,]", 1, 5, "trailing comma")]
    [InlineData("[id,,name]", 1, 5, "Expected a field name")]
    [InlineData("[id]x", 1, 5, "after the closing ']'")]
    [InlineData("[!everything]", 1, 2, "Unknown wildcard")]
    [InlineData("[!AlwaysIncludedId]", 1, 2, "to remove a field, write '-AlwaysIncludedId'")]
    [InlineData("[*]", 1, 2, "'*' was Popcorn v7's wildcard and is not supported: write '!all'")]
    [InlineData("[id,manager[*]]", 1, 13, "write '!all'")]
    [InlineData("[-manager[name]]", 1, 10, "A removed field takes no")]
    [InlineData("[id,\n  na-me]", 2, 5, "Expected ',' or ']'")]
    [InlineData("[__secret]", 1, 2, "reserved")]
    [InlineData("[a(id: $x)]", 1, 8, "Variables")]
    [InlineData("[a(id: 01)]", 1, 8, "leading zero")]
    [InlineData("[a(s: \"open)]", 1, 7, "Unterminated string")]
    public void Parse_MalformedInput_ReportsPosition(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        (error.Line, error.Column).ShouldBe((line, column));
        error.Message.ShouldContain(message);
        error.Excerpt.Length.ShouldBeLessThanOrEqualTo(PopcornQueryException.MaxExcerptLength);
    }

    [Fact]
    public void Parse_NestingPastTheLimit_IsRejectedWhileParsing()
    {
        string deep = string.Concat(Enumerable.Repeat("[a", 100_000));

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(deep, new SelectionParserOptions { MaxLength = 200_000 }));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe(65);
    }

    [Fact]
    public void Parse_TextPastTheLengthLimit_IsRejected()
    {
        string text = "[" + string.Join(",", Enumerable.Repeat("abc", 3000)) + "]";

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe(8193);
    }

    [Fact]
    public void Parse_MoreFieldsThanTheLimit_IsRejected()
    {
        string text = "[" + string.Join(",", Enumerable.Repeat("a", 11)) + "]";

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 10 }));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("10 fields");
    }

    [Fact]
    public void Parse_MoreAliasesThanTheLimit_IsRejected()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("[a:x,b:x,c:x]", new SelectionParserOptions { MaxAliases = 2 }));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe(10);
    }

    [Theory]
    [InlineData("{}")]
    [InlineData(" { , } ")]
    public void Parse_EmptyGraphQLDocument_MeansDefaults_LikeEmptyBrackets(string text)
    {
        SelectionParser.Parse(text).ShouldBe(SelectionParser.Parse("[]"));
    }

    [Fact]
    public void Print_DefaultTree_ParsesBackInBothSyntaxes()
    {
        SelectionParser.Parse(SelectionTree.Default.ToGraphQLString()).IsDefault.ShouldBeTrue();
        SelectionParser.Parse(SelectionTree.Default.ToIncludeString()).IsDefault.ShouldBeTrue();
    }

    [Fact]
    public void Parse_RepeatedArgument_IsRejected_AsGraphQLDoes()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("[car(id: 1, id: 2)]"));

        error.Column.ShouldBe(13);
        error.Message.ShouldContain("'id' is given twice");
    }
}
