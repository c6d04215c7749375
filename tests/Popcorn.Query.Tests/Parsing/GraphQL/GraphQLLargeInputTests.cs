using System.Diagnostics;
using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// Inputs at the 8 KB limit that would expose a quadratic step (many fields, lines, arguments, an error after many
/// lines). Tests assert behaviour, never time: the fuzz harness's long mode (tests/Popcorn.Fuzz) and the parsing
/// benchmarks measure how long these take.
/// </summary>
public class GraphQLLargeInputTests
{
    [Theory]
    [MemberData(nameof(LargeInputs))]
    public void Parse_EightKilobytes_IsAcceptedOrRejectedWithTheQueryException(string name, string text)
    {
        text.Length.ShouldBeLessThanOrEqualTo(8 * 1024, name);

        var error = Record.Exception(() => SelectionParser.Parse(text));

        (error is null or PopcornQueryException).ShouldBeTrue($"{name}: {error}");
    }

    public static TheoryData<string, string> LargeInputs()
    {
        static string Fill(string prefix, string unit, string suffix)
        {
            var builder = new StringBuilder(prefix);
            while (builder.Length + unit.Length + suffix.Length <= 8 * 1024)
            {
                builder.Append(unit);
            }

            return builder.Append(suffix).ToString();
        }

        return new TheoryData<string, string>
        {
            { "many fields", Fill("{", " field", " }") },
            { "many lines", Fill("{", "\n  field", "\n}") },
            { "many arguments", Fill("{ a(", $"a{Guid.NewGuid():N}: 1 ", ") }") },
            { "error at the end of many lines", Fill("{", "\n a", "\n ?") },
            { "many fragments", Fill("{ ...F0 }", " fragment F0 on T { a }", string.Empty) },
            { "long string", Fill("{ a(s: \"", "\\u00e9x", "\") }") },
            { "many comments", Fill("{ a", " # comment\n", "}") },
            { "many variables", Fill("query Q(", $"$v{Guid.NewGuid():N}: Int ", ") { a }") },
        };
    }
}
