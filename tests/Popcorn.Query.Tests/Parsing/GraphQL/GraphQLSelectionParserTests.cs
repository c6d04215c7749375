namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLSelectionParserTests
{
    [Fact]
    public void Parse_Shorthand_BuildsTheSameTreeAsIncludeSyntax()
    {
        var tree = SelectionParser.Parse("{ id name manager { name } }");

        tree.ShouldBe(SelectionParser.Parse("[id,name,manager[name]]"));
        tree.Syntax.ShouldBe(SelectionSyntax.GraphQL);
    }

    [Fact]
    public void Parse_NamedQuery_UsesItsSelectionSet()
    {
        var tree = SelectionParser.Parse("query Employees { id manager { name } }");

        tree.ToIncludeString().ShouldBe("[id,manager[name]]");
    }

    [Fact]
    public void Parse_FieldWithoutSelectionSet_HasNoChildren()
    {
        var manager = SelectionParser.Parse("{ manager }").Properties.Single();

        manager.Children.ShouldBeEmpty();
    }

    [Fact]
    public void Parse_Alias_IsKept()
    {
        var boss = SelectionParser.Parse("{ boss: manager { name } }").Properties.Single();

        (boss.Alias, boss.Name, boss.OutputName).ShouldBe(("boss", "manager", "boss"));
    }

    [Theory]
    [InlineData("__all", "!all")]
    [InlineData("__default", "!default")]
    [InlineData("__full", "!full")]
    public void Parse_WildcardSpelling_MapsToTheTreeWildcard(string spelling, string wildcard)
    {
        var node = SelectionParser.Parse($"{{ {spelling} }}").Properties.Single();

        node.Name.ShouldBe(wildcard);
        node.IsWildcard.ShouldBeTrue();
    }

    [Fact]
    public void Parse_ExcludeAndOptional_SetTheFlags()
    {
        var tree = SelectionParser.Parse("{ __all email @exclude nickname @optional }");

        tree.ToIncludeString().ShouldBe("[!all,-email,?nickname]");
    }

    [Fact]
    public void Parse_OptionalFieldWithChildrenAndArguments_KeepsThem()
    {
        var tree = SelectionParser.Parse("{ b: boss(id: 1) @optional { name } }");

        tree.ToIncludeString().ShouldBe("[?b:boss(id: 1)[name]]");
    }

    [Fact]
    public void Parse_TypeName_IsAnOrdinaryField()
    {
        var tree = SelectionParser.Parse("{ __typename kind: __typename }");

        tree.ToIncludeString().ShouldBe("[__typename,kind:__typename]");
    }

    [Fact]
    public void Parse_DuplicateFields_AreKeptAsWritten()
    {
        var tree = SelectionParser.Parse("{ id manager { id } id manager { name } }");

        tree.ToIncludeString().ShouldBe("[id,manager[id],id,manager[name]]");
    }

    [Fact]
    public void Parse_ArgumentsOfEveryKind_AreKeptAsLiterals()
    {
        var tree = SelectionParser.Parse("""
            { employee(id: 3, big: 12345678901234567890, ratio: -1.5e3, name: "a\n\u00e9", status: ACTIVE,
                       ok: true, no: false, none: null, tags: ["a" B [] {}], where: {min: 0, max: {}}) { id } }
            """);

        var arguments = tree.Properties.Single().Arguments;
        arguments.Select(a => a.Value.Kind).ShouldBe(
        [
            QueryValueKind.Int, QueryValueKind.Int, QueryValueKind.Float, QueryValueKind.String, QueryValueKind.Enum,
            QueryValueKind.Boolean, QueryValueKind.Boolean, QueryValueKind.Null, QueryValueKind.List, QueryValueKind.Object,
        ]);
        arguments[3].Value.Text.ShouldBe("a\né");
        tree.ToIncludeString().ShouldBe(
            "[employee(id: 3, big: 12345678901234567890, ratio: -1.5e3, name: \"a\\né\", status: ACTIVE, ok: true, no: false, none: null, tags: [\"a\", B, [], {}], where: {min: 0, max: {}})[id]]");
    }

    [Fact]
    public void Parse_BlockStringArgument_IsDedented()
    {
        var tree = SelectionParser.Parse("{ a(text: \"\"\"\n    Hello,\n      \\\"\"\"World\\\"\"\"\n\n    \"\"\") }");

        tree.Properties.Single().Arguments.Single().Value.Text.ShouldBe("Hello,\n  \"\"\"World\"\"\"");
    }

    [Fact]
    public void Parse_Locations_PointAtTheFirstTokenOfEachField()
    {
        var tree = SelectionParser.Parse("{\n  id\r\n  boss: manager {\n    name\n  }\n}");

        var boss = tree.Properties[1];
        (boss.Location.Line, boss.Location.Column, boss.Location.Offset).ShouldBe((3, 3, 10));
        var name = boss.Children.Single();
        (name.Location.Line, name.Location.Column).ShouldBe((4, 5));
    }

    [Fact]
    public void Parse_ArgumentLocation_PointsAtItsName()
    {
        var argument = SelectionParser.Parse("{ a(x: 1,\n   y: 2) }").Properties.Single().Arguments[1];

        (argument.Location.Line, argument.Location.Column).ShouldBe((2, 4));
    }

    [Fact]
    public void Parse_IgnoredTokens_AreSkipped()
    {
        var tree = SelectionParser.Parse("\uFEFF# leading comment\r\n{ id, , name # trailing\n\t manager {name,},\uFEFF }\n#end");

        tree.ToIncludeString().ShouldBe("[id,name,manager[name]]");
    }

    [Fact]
    public void Parse_BlockStringSpanningLines_KeepsLaterLocationsRight()
    {
        var tree = SelectionParser.Parse("{ a(t: \"\"\"x\ny\nz\"\"\") b }");

        var b = tree.Properties[1];
        (b.Location.Line, b.Location.Column).ShouldBe((3, 7));
    }

    [Fact]
    public void ParseGraphQL_IncludeText_IsRejected()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseGraphQL("[id]"));

        error.Message.ShouldContain("Expected '{', 'query' or 'fragment' but found '['");
    }
}
