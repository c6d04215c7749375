using System.Diagnostics;
using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLLimitTests
{
    [Fact]
    public void Parse_TextPastTheLengthLimit_IsRejectedFirst()
    {
        // Deeply nested too, but the length is checked before anything else.
        string text = new string('{', 9000);

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("9000 characters long; the limit is 8192");
        error.Column.ShouldBe(8193);
    }

    [Fact]
    public void Parse_DeepNesting_IsRejectedByThePreScanBeforeParsing()
    {
        // The text is not even valid GraphQL past the first brace; the pre-scan refuses it on depth alone.
        string text = "{ a " + string.Concat(Enumerable.Repeat("{ ( [ ", 1_000));

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("nests deeper than 32 levels");
        (error.Line, error.Column).ShouldBe((1, 67));
    }

    [Fact]
    public void Parse_NestingWithinTheLimit_IsAccepted()
    {
        string text = string.Concat(Enumerable.Repeat("{ a ", 32)) + new string('}', 32);

        SelectionParser.Parse(text).Properties.Single().Name.ShouldBe("a");
    }

    [Fact]
    public void Parse_NestingOneLevelPastTheLimit_ReportsTheOpeningBrace()
    {
        string text = string.Concat(Enumerable.Repeat("{ a ", 33)) + new string('}', 33);

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe((32 * 4) + 1);
    }

    [Fact]
    public void Parse_BracesInsideStringsAndComments_DoNotCountAsNesting()
    {
        string braces = new string('{', 100);
        string text = $"{{ a(s: \"{braces}\", b: \"\"\"{braces}\\\"\"\"{braces}\"\"\") # {braces}\n }}";

        SelectionParser.Parse(text).Properties.Single().Arguments.Count.ShouldBe(2);
    }

    [Fact]
    public void Parse_DeepNestingThroughFragments_IsRejectedWhileExpanding()
    {
        // Each fragment nests only two levels in the text; spread into each other they build a tree 41 levels deep.
        var text = new StringBuilder("{ ...F0 }");
        for (int i = 0; i < 40; i++)
        {
            text.Append($"\nfragment F{i} on T {{ f {{ {(i < 39 ? $"...F{i + 1}" : "leaf")} }} }}");
        }

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text.ToString()));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("nests deeper than 32 levels once its fragments are expanded");
        (error.Line, error.Column).ShouldBe((33, 23));
    }

    [Fact]
    public void Parse_DepthOfTheExpandedTree_IgnoresFragmentsAndInlineFragments()
    {
        string text = "{ ...F } fragment F on T { ... { ... on T { a { ...G } } } } fragment G on T { b }";

        SelectionParser.Parse(text, new SelectionParserOptions { MaxDepth = 4 }).ToIncludeString().ShouldBe("[...on T[a[...on T[b]]]]");
    }

    [Fact]
    public void Parse_ReusedFragmentPlacedDeeper_IsCheckedAtEveryUse()
    {
        // F is expanded once at level 1, where it fits; reused at level 3 it would reach level 4.
        string text = "{ ...F x { y { ...F } } } fragment F on T { a { b } }";

        SelectionParser.Parse(text, new SelectionParserOptions { MaxDepth = 4 }).ToIncludeString().ShouldBe("[...on T[a[b]],x[y[...on T[a[b]]]]]");
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxDepth = 3 }));
        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe(16);
    }

    [Fact]
    public void Parse_ExponentialFragmentExpansion_StopsAtTheFieldLimit()
    {
        // F0 spreads F1 twice, F1 spreads F2 twice...: 2^40 fields if expanded naively.
        var text = new StringBuilder("{ ...F0 }");
        for (int i = 0; i < 40; i++)
        {
            text.Append($" fragment F{i} on T {{ {(i < 39 ? $"...F{i + 1} ...F{i + 1}" : "a")} }}");
        }

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text.ToString()));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("more than 2048 fields");
    }

    [Fact]
    public void Parse_ExponentialExpansionOfSkippedFields_CostsNothing()
    {
        // Every link doubles, but the leaf is skipped: the memoized expansion stays linear in the text.
        var text = new StringBuilder("{ a ...F0 }");
        for (int i = 0; i < 40; i++)
        {
            text.Append($" fragment F{i} on T {{ {(i < 39 ? $"...F{i + 1} ...F{i + 1}" : "b @skip(if: true)")} }}");
        }

        SelectionParser.Parse(text.ToString()).ToIncludeString().ShouldBe("[a]");
    }

    [Fact]
    public void Parse_FieldLimit_CountsTheExpandedTree()
    {
        const string text = "{ ...F ...F ...F } fragment F on T { a b c }";

        SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 9 }).ToIncludeString().ShouldBe("[...on T[a,b,c],...on T[a,b,c],...on T[a,b,c]]");
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 8 }));
        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Column.ShouldBe(13);
    }

    [Fact]
    public void Parse_FieldLimit_CountsNestedFieldsAndWildcards()
    {
        const string text = "{ a { b { c } } __all }";

        SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 4 }).Properties.Count.ShouldBe(2);
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxFields = 3 }))
            .Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Fact]
    public void Parse_AliasLimit_CountsTheExpandedTree()
    {
        const string text = "{ ...F x: a ...F } fragment F on T { y: a }";

        SelectionParser.Parse(text, new SelectionParserOptions { MaxAliases = 3 }).Properties.Count.ShouldBe(3);
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxAliases = 2 }));
        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("more than 2 aliases");
        error.Column.ShouldBe(13);
    }
}
