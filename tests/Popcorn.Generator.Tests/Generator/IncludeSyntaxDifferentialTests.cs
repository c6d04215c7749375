using System.Text;
using Popcorn.Generator.Parsing;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>
/// Holds the generator's build-time check of <c>[SubPropertyDefault]</c> text to the runtime include parser: over
/// generated selections and their mutations (fixed seeds), both accept the same texts and refuse the same texts at the
/// same offset with the same words, so a build that passes cannot turn into a request that fails.
/// </summary>
public class IncludeSyntaxDifferentialTests
{
    private const string Significant = "[]!?-:,()_a1 \n\t\r\"#.$é\0\uFEFF{}";

    private static readonly string[] s_names = ["id", "name", "manager", "a", "B", "_x", "x1", "__typename", "_", "all", "__all"];
    private static readonly string[] s_wildcards = ["!all", "!default", "!full"];
    private static readonly string[] s_spaces = ["", "", "", " ", "\n", "\t", "\r\n", "\uFEFF"];

    [Fact]
    public void FindMistake_GeneratedAndMutatedSelections_AgreesWithTheRuntimeParser()
    {
        var outcomes = new Dictionary<string, int>();
        for (int seed = 0; seed < 1500; seed++)
        {
            var random = new Random(seed);
            string text = Selection(random, depth: 1);
            Compare(text, outcomes);
            for (int m = 0; m < 4; m++)
            {
                text = Mutate(random, text);
                Compare(text, outcomes);
            }
        }

        // Each way the two can agree must be exercised, or the test proves nothing.
        outcomes.GetValueOrDefault("both accept").ShouldBeGreaterThan(1000);
        outcomes.GetValueOrDefault("both refuse").ShouldBeGreaterThan(1000);
        outcomes.GetValueOrDefault("arguments refused at build time").ShouldBeGreaterThan(100);
    }

    [Theory]
    [InlineData("[id,\n  na-me]", "Expected ',' or ']' but found '-'. (line 2, column 5)")]
    [InlineData("[!everything]", "Unknown wildcard '!everything'; expected !all, !default or !full (to remove a field, write '-everything'). (line 1, column 2)")]
    [InlineData("[*]", "'*' was Popcorn v7's wildcard and is not supported: write '!all' for every field of the type (or '!full' for every field, recursively). (line 1, column 2)")]
    [InlineData("[a(x: 1)]", "'a' takes no arguments: the fields of a model have none. (line 1, column 3)")]
    [InlineData("  ", "The selection is empty. (line 1, column 1)")]
    [InlineData(" (first: 3)[id]", "A default selection takes no arguments: paging, sorting and filtering belong in the request. (line 1, column 2)")]
    public void Validate_Mistake_SaysWhatAndWhereAsTheRuntimeDoes(string text, string expected)
    {
        IncludeSyntax.Validate(text, out _).ShouldBe(expected);
    }

    private static void Compare(string text, Dictionary<string, int> outcomes)
    {
        var build = IncludeSyntax.FindMistake(text, out _);
        PopcornQueryException? runtime = null;
        try
        {
            SelectionParser.ParseInclude(text);
        }
        catch (PopcornQueryException e)
        {
            runtime = e;
        }

        string outcome;
        if (string.IsNullOrWhiteSpace(text.Replace('\uFEFF', ' ')))
        {
            build.ShouldNotBeNull("blank text is refused at build time");
            outcome = "blank";
        }
        else if (build is { } argumentMistake && argumentMistake.Detail.Contains("takes no arguments"))
        {
            // The build refuses arguments outright; the runtime reads them, so it may accept, or refuse later on.
            if (runtime is not null)
            {
                runtime.Location.Offset.ShouldBeGreaterThanOrEqualTo(argumentMistake.Offset, Describe(text));
            }

            outcome = "arguments refused at build time";
        }
        else if (runtime is null)
        {
            build.ShouldBeNull(Describe(text));
            outcome = "both accept";
        }
        else
        {
            build.ShouldNotBeNull(Describe(text));
            (build!.Value.Detail, build.Value.Offset).ShouldBe((runtime.Detail, runtime.Location.Offset), Describe(text));
            outcome = "both refuse";
        }

        outcomes[outcome] = outcomes.GetValueOrDefault(outcome) + 1;
    }

    private static string Describe(string text) => $"for {System.Text.Json.JsonSerializer.Serialize(text)}";

    private static string Selection(Random random, int depth)
    {
        var builder = new StringBuilder("[").Append(Space(random));
        int count = random.Next(depth == 1 ? 1 : 0, 4);
        for (int i = 0; i < count; i++)
        {
            builder.Append(i == 0 ? string.Empty : Space(random) + "," + Space(random)).Append(Item(random, depth));
        }

        return builder.Append(Space(random)).Append(']').ToString();
    }

    private static string Item(Random random, int depth)
    {
        string optional = random.Next(5) == 0 ? "?" + Space(random) : string.Empty;
        switch (random.Next(8))
        {
            case 0:
                return "-" + Space(random) + Pick(random, s_names);
            case 1:
                return optional + Pick(random, s_wildcards);
        }

        var builder = new StringBuilder(optional);
        if (random.Next(4) == 0)
        {
            builder.Append(Pick(random, s_names)).Append(Space(random)).Append(':').Append(Space(random));
        }

        builder.Append(Pick(random, s_names));
        if (random.Next(8) == 0)
        {
            builder.Append(Space(random)).Append("(x: ").Append(random.Next(3) == 0 ? "\"s\"" : "1").Append(')');
        }

        if (depth < 4 && random.Next(3) == 0)
        {
            builder.Append(Space(random)).Append(Selection(random, depth + 1));
        }

        return builder.ToString();
    }

    /// <summary>One small edit: a character deleted, inserted or replaced, or the text cut short.</summary>
    private static string Mutate(Random random, string text)
    {
        int at = random.Next(text.Length + 1);
        char c = Significant[random.Next(Significant.Length)];
        return random.Next(4) switch
        {
            0 when at < text.Length => text.Remove(at, 1),
            1 => text.Insert(at, c.ToString()),
            2 when at < text.Length => text.Remove(at, 1).Insert(at, c.ToString()),
            _ => text[..at],
        };
    }

    private static string Space(Random random) => Pick(random, s_spaces);

    private static string Pick(Random random, string[] values) => values[random.Next(values.Length)];
}
