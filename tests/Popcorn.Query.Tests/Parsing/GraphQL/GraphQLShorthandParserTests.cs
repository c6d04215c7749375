using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// The fast path must be invisible: wherever it returns a tree, the full parser returns the same tree, node for node,
/// locations included; everything else it leaves to the full parser.
/// </summary>
public class GraphQLShorthandParserTests
{
    private const string Alphabet = "{}()@:,!$.#\n\r\t _aAzZ09\"";

    [Theory]
    [InlineData("{ id name }")]
    [InlineData("{ id, boss: manager { name __typename } email @exclude nickname @optional }")]
    [InlineData("query { __all a { __default } b { __full } }")]
    [InlineData("query Q\n{\r\n  # a comment\n  x: a @optional { b } }")]
    [InlineData("\uFEFF{ query fragment on true null }")]
    public void TryParse_PlainQuery_BuildsTheFullParsersTree(string text)
    {
        var fast = GraphQLShorthandParser.TryParse(text, SelectionParserOptions.Default);

        fast.ShouldNotBeNull();
        AssertSameTree(fast, Full(text)!, text);
    }

    [Theory]
    [InlineData("{ a(id: 1) }")]
    [InlineData("{ ...F } fragment F on T { a }")]
    [InlineData("{ ... on T { a } }")]
    [InlineData("query Q($x: Boolean) { a @include(if: $x) }")]
    [InlineData("{ a @skip(if: true) }")]
    [InlineData("{ a } { b }")]
    [InlineData("{ a } query B { b }")]
    [InlineData("mutation { a }")]
    [InlineData("{ }")]
    [InlineData("{ __all: a }")]
    [InlineData("{ __all { a } }")]
    [InlineData("{ __secret }")]
    [InlineData("{ a @exclude { b } }")]
    [InlineData("{ x: a @exclude }")]
    [InlineData("{ a @exclude @exclude }")]
    [InlineData("{ a @optional @exclude }")]
    [InlineData("{ a @unknown }")]
    [InlineData("{ a @exclude(if: true) }")]
    [InlineData("{ a { b }")]
    [InlineData("{ a } }")]
    [InlineData("{ a % }")]
    [InlineData("")]
    public void TryParse_AnythingElse_LeavesItToTheFullParser(string text)
    {
        GraphQLShorthandParser.TryParse(text, SelectionParserOptions.Default).ShouldBeNull();
    }

    [Fact]
    public void TryParse_OverTheFieldOrAliasLimit_LeavesItToTheFullParser()
    {
        var options = new SelectionParserOptions { MaxFields = 3, MaxAliases = 1 };

        GraphQLShorthandParser.TryParse("{ a b c }", options).ShouldNotBeNull();
        GraphQLShorthandParser.TryParse("{ a b { c d } }", options).ShouldBeNull();
        GraphQLShorthandParser.TryParse("{ x: a y: b }", options).ShouldBeNull();
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("{ a b { c d } }", options)).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Theory]
    [InlineData(31)]
    [InlineData(32)]
    public void TryParse_RandomAndMutatedQueries_AgreesWithTheFullParser(int seed)
    {
        var random = new Random(seed);
        var generator = new RandomTreeGenerator(seed);
        int fast = 0;
        for (int i = 0; i < 2_000; i++)
        {
            string text = SelectionPrinter.PrintGraphQL(generator.Tree());
            if (i % 2 == 1)
            {
                text = Mutate(text, random);
            }

            var tree = GraphQLShorthandParser.TryParse(text, SelectionParserOptions.Default);
            if (tree is null)
            {
                continue;
            }

            fast++;
            var full = Full(text);
            full.ShouldNotBeNull($"The fast path accepted what the full parser refuses: {text}");
            AssertSameTree(tree, full, text);
        }

        fast.ShouldBeGreaterThan(200);
    }

    /// <summary>The full parser's tree, or null when it refuses the text.</summary>
    private static SelectionTree? Full(string text)
    {
        try
        {
            var document = GraphQLParser.Parse(text, SelectionParserOptions.Default);
            return GraphQLNormalizer.Normalize(text, document, SelectionParserOptions.Default, default, null);
        }
        catch (PopcornQueryException)
        {
            return null;
        }
    }

    private static void AssertSameTree(SelectionTree actual, SelectionTree expected, string text)
    {
        actual.ShouldBe(expected, text);
        actual.Syntax.ShouldBe(expected.Syntax);
        actual.SourceText.ShouldBe(expected.SourceText);
        AssertSameLocations(actual.Properties, expected.Properties, text);
    }

    private static void AssertSameLocations(IReadOnlyList<PropertyReference> actual, IReadOnlyList<PropertyReference> expected, string text)
    {
        for (int i = 0; i < actual.Count; i++)
        {
            actual[i].Location.ShouldBe(expected[i].Location, text);
            AssertSameLocations(actual[i].Children, expected[i].Children, text);
        }
    }

    private static string Mutate(string text, Random random)
    {
        var builder = new StringBuilder(text);
        for (int m = random.Next(1, 3); m > 0 && builder.Length > 0; m--)
        {
            int at = random.Next(builder.Length);
            switch (random.Next(4))
            {
                case 0:
                    builder[at] = Alphabet[random.Next(Alphabet.Length)];
                    break;
                case 1:
                    builder.Insert(at, Alphabet[random.Next(Alphabet.Length)]);
                    break;
                case 2:
                    builder.Remove(at, Math.Min(builder.Length - at, random.Next(1, 4)));
                    break;
                default:
                    builder.Insert(at, builder.ToString(at, Math.Min(builder.Length - at, random.Next(1, 12))));
                    break;
            }
        }

        return builder.ToString();
    }
}
