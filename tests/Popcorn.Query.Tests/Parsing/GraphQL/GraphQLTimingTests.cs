using System.Diagnostics;
using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// Parsing time of 8 KB inputs. Not run in parallel with other tests: their allocations would put
/// garbage-collection pauses inside the measurements.
/// </summary>
[Collection(nameof(TimingCollection))]
public class GraphQLTimingTests
{
    [Theory]
    [MemberData(nameof(LargeInputs))]
    public void Parse_EightKilobytes_TakesWellUnderAMillisecond(string name, string text)
    {
        // Warm up, then take the best of many runs so a busy machine does not fail the test; an O(n^2) step would take tens of milliseconds here.
        Parse(text);
        var best = TimeSpan.MaxValue;
        for (int run = 0; run < 50; run++)
        {
            var watch = Stopwatch.StartNew();
            Parse(text);
            best = TimeSpan.FromTicks(Math.Min(best.Ticks, watch.Elapsed.Ticks));
        }

        text.Length.ShouldBeLessThanOrEqualTo(8 * 1024, name);
        best.TotalMilliseconds.ShouldBeLessThan(1.0, name);

        static void Parse(string text)
        {
            try
            {
                SelectionParser.Parse(text);
            }
            catch (PopcornQueryException)
            {
            }
        }
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
