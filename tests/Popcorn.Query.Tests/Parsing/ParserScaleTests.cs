namespace Popcorn.Query.Tests.Parsing;

/// <summary>
/// What the parsers' fast paths must keep: selections wider than the items they collect in the parsing method's own
/// frame (16) spill to a shared list and come back whole and in order, a failed parse leaves nothing behind for the
/// next, and a host that raises the depth limit past what a thread's stack holds gets an error, not a crash.
/// </summary>
public class ParserScaleTests
{
    // Fields too: a nesting level counts one field, and a parser whose frames are small enough nests 2,048 levels in 1 MB.
    private static readonly SelectionParserOptions s_unlimitedDepth = new() { MaxDepth = 1_000_000, MaxLength = 4_000_000, MaxFields = 1_000_000 };

    [Theory]
    [InlineData(1)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(40)]
    public void Parse_WideSelectionsNestedInWideSelections_KeepEveryItemInOrder(int width)
    {
        var names = Enumerable.Range(0, width).Select(i => $"f{i}").ToArray();
        string inner = string.Join(",", names);
        string include = "[" + string.Join(",", names.Select(n => $"{n}[{inner}]")) + "]";
        string graphQL = "{ " + string.Join(" ", names.Select(n => $"{n} {{ {string.Join(" ", names)} }}")) + " }";

        foreach (string text in new[] { include, graphQL })
        {
            var tree = SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 10_000 });

            tree.Properties.Select(p => p.Name).ShouldBe(names);
            tree.Properties.ShouldAllBe(p => p.Children.Select(c => c.Name).SequenceEqual(names));
        }
    }

    [Fact]
    public void Parse_AfterAParseThatFailedInsideAWideSelection_IsUnaffected()
    {
        string wide = string.Join(",", Enumerable.Range(0, 30).Select(i => $"f{i}"));
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse($"[a[{wide},]]"));
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse($"{{ a {{ {wide.Replace(',', ' ')} ( }} }}"));

        SelectionParser.Parse($"[a[{wide}],b]").ToIncludeString().ShouldBe($"[a[{wide}],b]");
        SelectionParser.Parse($"{{ a {{ {wide.Replace(',', ' ')} }} b }}").ToIncludeString().ShouldBe($"[a[{wide}],b]");
    }

    [Theory]
    [InlineData("[a[{0},]]")]
    [InlineData("[a[{0},b[c(first: )]]]")]
    [InlineData("[a[{0}],b[{0}]")]
    public void Parse_IncludeThatFailsInsideAWideSelection_LeavesNothingInTheSharedList(string shape)
    {
        // Another test on this thread may have left a failed GraphQL-like parse's items (that path cleans before it parses).
        string wide = string.Join(",", Enumerable.Range(0, 30).Select(i => $"f{i}"));
        SelectionItems.Reset();

        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(string.Format(shape, wide)));

        SelectionItems.SpilledOnThisThread.ShouldBe(0);
    }

    [Theory]
    [InlineData(SelectionSyntax.Include)]
    [InlineData(SelectionSyntax.GraphQL)]
    public void Parse_NestingPastTheThreadsStack_IsRejectedCleanly(SelectionSyntax syntax)
    {
        // 200,000 levels cannot fit in a 1 MB stack at any frame size; the parser must notice before the runtime does.
        const int levels = 200_000;
        string text = syntax == SelectionSyntax.Include
            ? "[" + string.Concat(Enumerable.Repeat("a[", levels)) + "b" + new string(']', levels + 1)
            : "{" + string.Concat(Enumerable.Repeat(" a {", levels)) + " b" + string.Concat(Enumerable.Repeat(" }", levels + 1));
        Exception? caught = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    SelectionParser.Parse(text, s_unlimitedDepth);
                }
                catch (Exception exception)
                {
                    caught = exception;
                }
            },
            maxStackSize: 1024 * 1024);

        thread.Start();
        thread.Join();

        var error = caught.ShouldBeOfType<PopcornQueryException>();
        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("too deeply");
    }
}

/// <summary>The node keeps its alias and arguments in one field; every combination must read back as written.</summary>
public class PropertyReferenceStorageTests
{
    [Theory]
    [InlineData("[id]", null, "")]
    [InlineData("[key:id]", "key", "")]
    [InlineData("[id(first: 2)]", null, "first=2")]
    [InlineData("[key:id(first: 2, after: \"x\")]", "key", "first=2;after=\"x\"")]
    [InlineData("{ id }", null, "")]
    [InlineData("{ key: id(first: 2) }", "key", "first=2")]
    public void Parse_AliasAndArguments_ReadBackAsWritten(string text, string? alias, string arguments)
    {
        var node = SelectionParser.Parse(text).Properties.Single();

        node.Name.ShouldBe("id");
        node.Alias.ShouldBe(alias);
        node.OutputName.ShouldBe(alias ?? "id");
        string.Join(";", node.Arguments.Select(a => $"{a.Name}={a.Value}")).ShouldBe(arguments);
        node.Children.ShouldBeEmpty();
        node.ShouldBe(SelectionParser.Parse($"[{node}]").Properties.Single());
    }

    [Theory]
    [InlineData("[id[a,b]]", null, "", false)]
    [InlineData("[key:id[a,b]]", "key", "", false)]
    [InlineData("[id(first: 2)[a,b]]", null, "first=2", false)]
    [InlineData("[?key:id(first: 2)[a,b]]", "key", "first=2", true)]
    [InlineData("{ id { a b } }", null, "", false)]
    [InlineData("{ key: id @optional { a b } }", "key", "", true)]
    public void Parse_ChildrenBesideAliasAndArguments_ReadBackAsWritten(string text, string? alias, string arguments, bool optional)
    {
        var node = SelectionParser.Parse(text).Properties.Single();

        node.Alias.ShouldBe(alias);
        node.IsOptional.ShouldBe(optional);
        node.IsNegated.ShouldBeFalse();
        string.Join(";", node.Arguments.Select(a => $"{a.Name}={a.Value}")).ShouldBe(arguments);
        node.Children.Select(c => c.Name).ShouldBe(new[] { "a", "b" });
        node.ShouldBe(SelectionParser.Parse($"[{node}]").Properties.Single());
    }

    [Fact]
    public void Create_EveryCombinationByHand_ReadsBackAsGiven()
    {
        var child = new PropertyReference("a");
        var arguments = new[] { new QueryArgument("first", QueryValue.Int(2)) };
        foreach (string? alias in new[] { null, "key" })
        {
            foreach (IReadOnlyList<PropertyReference>? children in new IReadOnlyList<PropertyReference>?[] { null, [], new[] { child }, new List<PropertyReference> { child } })
            {
                foreach (IReadOnlyList<QueryArgument>? args in new IReadOnlyList<QueryArgument>?[] { null, [], arguments })
                {
                    foreach (bool negated in new[] { false, true })
                    {
                        var node = new PropertyReference("id", alias, negated, isOptional: !negated, children, args);

                        node.Alias.ShouldBe(alias);
                        node.IsNegated.ShouldBe(negated);
                        node.IsOptional.ShouldBe(!negated);
                        node.Children.Count.ShouldBe(children?.Count ?? 0);
                        node.Arguments.Count.ShouldBe(args?.Count ?? 0);
                    }
                }
            }
        }
    }

    [Fact]
    public void Parse_EmptySelection_EqualsNoSelection()
    {
        var empty = SelectionParser.Parse("[id[]]").Properties.Single();

        empty.Children.ShouldBeEmpty();
        empty.ShouldBe(new PropertyReference("id"));
        empty.GetHashCode().ShouldBe(new PropertyReference("id").GetHashCode());
    }
}
