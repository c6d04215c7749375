using System.Diagnostics;
using System.Text;
using System.Text.Json;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// Property: whatever the text, parsing either succeeds or throws <see cref="PopcornQueryException"/> —
/// never an index, null-reference or invalid-operation exception, and never a stack overflow.
/// </summary>
public class SelectionParserFuzzTests
{
    private static readonly string[] s_seeds =
    [
        "[id,name,manager[name]]",
        "[!all,-email,?nickname,boss:manager(id: 3, tags: [\"a\\n\", B], where: {min: -1.5e3, ok: true})[!default]]",
        "{ id name manager { name } }",
        "query Q($id: ID!, $show: Boolean = true, $tags: [String!] = [\"a\"]) { employee(id: $id, tags: $tags) @include(if: $show) { __typename ...F boss: manager @optional { __all } email @exclude } }\nfragment F on Employee { firstName ... on Manager { reports(first: 10) { id } } ... @skip(if: false) { lastName } }",
        "# comment\r\n{ a(s: \"\"\"\n  block \\\"\"\" string\n\"\"\", u: \"\\u00e9\\uD83D\\uDE00\", f: 1.5e-3, n: null, e: ENUM, o: {x: [1, 2, {y: []}]}) }",
        "query A { ...X } query B { b } fragment X on T { x }",
    ];

    private const string Alphabet = "{}[]()!$@.:,=&|\"\\#\n\r\t -?_aAzZ09eE+\u0000\u0007\u00e9\u2028\uFEFF\uD800\uDC00";

    private static readonly JsonElement[] s_variables =
    [
        default,
        JsonDocument.Parse("null").RootElement,
        JsonDocument.Parse("""{"id": 1, "show": false, "tags": "x", "v": [1, {"a": null}]}""").RootElement,
        JsonDocument.Parse("""{"id": null, "show": 1, "tags": [null]}""").RootElement,
        JsonDocument.Parse("[1, 2]").RootElement,
    ];

    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    public void Parse_MutatedInput_ThrowsOnlyPopcornQueryException(int seed)
    {
        var random = new Random(seed);
        var generator = new RandomTreeGenerator(seed);
        for (int i = 0; i < 1_500; i++)
        {
            string source = random.Next(3) switch
            {
                0 => s_seeds[random.Next(s_seeds.Length)],
                1 => SelectionPrinter.PrintInclude(generator.Tree()),
                _ => SelectionPrinter.PrintGraphQL(generator.Tree()),
            };

            string text = Mutate(source, random);
            var variables = s_variables[random.Next(s_variables.Length)];
            string? operationName = random.Next(4) switch { 0 => "A", 1 => "Q", 2 => string.Empty, _ => null };
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text, variables: variables, operationName: operationName), text);
            AssertOnlyQueryErrors(() => SelectionParser.ParseGraphQL(text, variables: variables, operationName: operationName), text);
            AssertOnlyQueryErrors(() => SelectionParser.ParseInclude(text), text);
        }
    }

    [Theory]
    [InlineData(21)]
    public void Parse_RandomUnicode_ThrowsOnlyPopcornQueryException(int seed)
    {
        var random = new Random(seed);
        for (int i = 0; i < 1_000; i++)
        {
            var builder = new StringBuilder(random.Next(2) == 0 ? "{" : "[");
            int length = random.Next(0, 60);
            for (int j = 0; j < length; j++)
            {
                builder.Append(random.Next(3) == 0 ? Alphabet[random.Next(Alphabet.Length)] : (char)random.Next(0, 0x10000));
            }

            string text = builder.ToString();
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text), text);
        }
    }

    [Theory]
    [InlineData("{", "}")]
    [InlineData("[", "]")]
    [InlineData("{ a(x: [", "]) }")]
    [InlineData("{ a(x: {y: ", "}) }")]
    [InlineData("[a(x: [", "])]")]
    [InlineData("query Q($v: [", "]) { a }")]
    [InlineData("{ ... { ", " } }")]
    [InlineData("{ a { ", " } }")]
    public void Parse_DeepNesting_ThrowsOnlyPopcornQueryException(string open, string close)
    {
        foreach (int depth in new[] { 31, 32, 33, 100, 5_000 })
        {
            string text = string.Concat(Enumerable.Repeat(open, depth)) + "a" + string.Concat(Enumerable.Repeat(close, depth));
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxLength = 100_000 }), text);
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text[..(text.Length / 2)], new SelectionParserOptions { MaxLength = 100_000 }), text);
        }
    }

    [Theory]
    [InlineData("", "{ a ", "}", "")]
    [InlineData("", "[a", "]", "")]
    [InlineData("{ a(x: ", "[", "]", ") }")]
    [InlineData("[a(x: ", "{y: ", "}", ")]")]
    public void Parse_DeepNestingWithTheLimitsRaised_ThrowsInsteadOfOverflowingTheStack(string prefix, string open, string close, string suffix)
    {
        // Before the include parser checked its stack, this took the whole process down.
        var options = new SelectionParserOptions { MaxLength = 4_000_000, MaxDepth = int.MaxValue, MaxFields = int.MaxValue };
        string text = prefix + string.Concat(Enumerable.Repeat(open, 300_000)) + string.Concat(Enumerable.Repeat(close, 300_000)) + suffix;

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, options));

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Message.ShouldContain("too deeply");
    }

    [Theory]
    [InlineData("{ ", " }")]
    [InlineData("[", "]")]
    [InlineData("{ a(s: \"", "\") }")]
    [InlineData("{ a(n: ", ") }")]
    [InlineData("{ ...", " }")]
    [InlineData("query Q($", ": Int) { a }")]
    [InlineData("{ a @", " }")]
    public void Parse_HugeToken_ThrowsOnlyPopcornQueryException(string before, string after)
    {
        foreach (string huge in new[] { new string('a', 8_000), new string('9', 8_000), "_" + new string('0', 7_000), new string('é', 5_000) })
        {
            string text = before + huge + after;
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text), text);
            AssertOnlyQueryErrors(() => SelectionParser.Parse(text, new SelectionParserOptions { MaxLength = 100_000 }), text);
        }
    }

    private static string Mutate(string text, Random random)
    {
        var builder = new StringBuilder(text);
        int mutations = random.Next(1, 4);
        for (int m = 0; m < mutations; m++)
        {
            int at = builder.Length == 0 ? 0 : random.Next(builder.Length);
            switch (random.Next(7))
            {
                case 0 when builder.Length > 0:
                    builder[at] = Alphabet[random.Next(Alphabet.Length)];
                    break;
                case 1 when builder.Length > 0:
                    builder[at] = (char)(builder[at] ^ (1 << random.Next(16)));
                    break;
                case 2:
                    builder.Insert(at, Alphabet[random.Next(Alphabet.Length)]);
                    break;
                case 3 when builder.Length > 0:
                    builder.Remove(at, Math.Min(builder.Length - at, random.Next(1, 5)));
                    break;
                case 4:
                    builder.Length = at;
                    break;
                case 5 when builder.Length > 0:
                    int length = Math.Min(builder.Length - at, random.Next(1, 20));
                    builder.Insert(at, builder.ToString(at, length));
                    break;
                default:
                    builder.Insert(at, new string(random.Next(2) == 0 ? '{' : '[', random.Next(1, 40)));
                    break;
            }
        }

        return builder.ToString();
    }

    private static void AssertOnlyQueryErrors(Action parse, string text)
    {
        try
        {
            parse();
        }
        catch (PopcornQueryException error)
        {
            error.Line.ShouldBeGreaterThan(0);
            error.Column.ShouldBeGreaterThan(0);
            error.Excerpt.Length.ShouldBeLessThanOrEqualTo(PopcornQueryException.MaxExcerptLength);
        }
        catch (Exception error)
        {
            throw new ShouldAssertException($"{error.GetType().Name} escaped for input {JsonSerializer.Serialize(text)}: {error}");
        }
    }
}
