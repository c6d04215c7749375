using System.Diagnostics;
using System.Text;
using Xunit.Abstractions;
using OracleDocument = global::GraphQLParser.AST.GraphQLDocument;
using OracleParser = global::GraphQLParser.Parser;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// A second opinion on what /graphql accepts: generated executable documents and mutations of them go through
/// Popcorn's GraphQL path and through graphql-dotnet's parser (the GraphQL-Parser package), and the two must agree on
/// whether each text parses. Every disagreement is either an intended difference, classified below with the reason,
/// or a failure listed with both verdicts.
/// </summary>
public class GraphQLParserOracleTests(ITestOutputHelper output)
{
    private const int DocumentsPerSeed = 1500;
    private const int MutantsPerDocument = 3;

    private const string MutationAlphabet = "{}()[]\"\\#$@!:=.,|&-_ \n\r\taz09eEuU{}\u0000\u0007\u001f\u00e9\uFEFF\uD83D\uDE00";

    [Theory]
    [InlineData(2025)]
    [InlineData(9)]
    [InlineData(61)]
    public void Parse_GeneratedAndMutatedDocuments_AgreeWithGraphQLParser(int seed)
    {
        var tally = new OracleTally();
        var generator = new ExecutableDocumentGenerator(seed);
        var random = generator.Random;
        var clock = Stopwatch.StartNew();
        for (int i = 0; i < DocumentsPerSeed; i++)
        {
            var tokens = generator.NextDocument();
            tally.Add(generator.Join(tokens), expectAccepted: true);
            for (int m = 0; m < MutantsPerDocument; m++)
            {
                string mutant = random.Next(2) == 0
                    ? MutateCharacters(generator.Join(tokens), random)
                    : generator.Join(MutateTokens(tokens, random));
                tally.Add(mutant, expectAccepted: false);
            }
        }

        clock.Stop();
        output.WriteLine($"seed {seed}: {tally.Describe()} ({clock.ElapsedMilliseconds} ms)");
        tally.Disagreements.ShouldBeEmpty(tally.Describe());
        tally.RefusedOriginals.ShouldBeEmpty("every generated document should be accepted by Popcorn");
        // Most disagreements are the generator's own braced escapes, which GraphQL-Parser cannot read; the rest must agree.
        tally.Agreements.ShouldBeGreaterThan(tally.Total * 8 / 10, tally.Describe());
        clock.Elapsed.ShouldBeLessThan(TimeSpan.FromSeconds(30));
    }

    private static string MutateCharacters(string text, Random random)
    {
        var builder = new StringBuilder(text);
        for (int edits = 1 + random.Next(2); edits > 0 && builder.Length > 0; edits--)
        {
            int at = random.Next(builder.Length);
            switch (random.Next(3))
            {
                case 0:
                    builder.Remove(at, 1);
                    break;
                case 1:
                    builder.Insert(at, MutationAlphabet[random.Next(MutationAlphabet.Length)]);
                    break;
                default:
                    int other = random.Next(builder.Length);
                    (builder[at], builder[other]) = (builder[other], builder[at]);
                    break;
            }
        }

        return builder.ToString();
    }

    private static List<string> MutateTokens(List<string> tokens, Random random)
    {
        var mutant = new List<string>(tokens);
        int at = random.Next(mutant.Count);
        switch (random.Next(4))
        {
            case 0:
                mutant.RemoveAt(at);
                break;
            case 1:
                mutant.Insert(at, mutant[random.Next(mutant.Count)]);
                break;
            case 2:
                int other = random.Next(mutant.Count);
                (mutant[at], mutant[other]) = (mutant[other], mutant[at]);
                break;
            default:
                mutant.Insert(at, new[] { "\"described\"", "mutation", "subscription", "type T { a: Int }", "$", "...", "@", "!", "{", "}", "=", "on", "\"\\u{110000}\"", "\"\\uD800\"" }[random.Next(14)]);
                break;
        }

        return mutant;
    }

    /// <summary>Both verdicts for each input, tallied as agreements, classified differences or disagreements.</summary>
    private sealed class OracleTally
    {
        public int Total { get; private set; }

        public int Agreements { get; private set; }

        public Dictionary<string, int> Differences { get; } = [];

        public List<string> Disagreements { get; } = [];

        public List<string> RefusedOriginals { get; } = [];

        public void Add(string text, bool expectAccepted)
        {
            Total++;
            var popcorn = Record.Exception(() => SelectionParser.ParseGraphQL(text)) as PopcornQueryException;
            OracleDocument? document = null;
            var oracle = Record.Exception(() => document = OracleParser.Parse(text));
            // The generator's documents are valid September 2025 GraphQL and Popcorn's to accept; the oracle may refuse
            // the newer lexical forms, which the classification below accounts for.
            if (expectAccepted && popcorn is not null)
            {
                RefusedOriginals.Add($"{Show(text)}\n  popcorn: {popcorn?.Message ?? "accepted"}\n  oracle: {oracle?.Message ?? "accepted"}");
            }

            if ((popcorn is null) == (oracle is null))
            {
                Agreements++;
                return;
            }

            string? difference = OracleDifferences.Classify(text, popcorn, oracle, document);
            if (difference is null)
            {
                Disagreements.Add($"{Show(text)}\n  popcorn: {popcorn?.Message ?? "accepted"}\n  oracle: {oracle?.Message ?? "accepted"}");
            }
            else
            {
                Differences[difference] = Differences.GetValueOrDefault(difference) + 1;
            }
        }

        public string Describe() =>
            $"{Total} inputs, {Agreements} agreements, differences: {string.Join(", ", Differences.OrderBy(d => d.Key).Select(d => $"{d.Key} {d.Value}"))}; "
            + $"{Disagreements.Count} unexplained:\n" + string.Join("\n", Disagreements.Take(15));

        private static string Show(string text) => text.Replace("\n", "\\n").Replace("\r", "\\r");
    }
}
