using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>
/// Builds input number <c>i</c> of a run from <c>(seed, syntax, i)</c> alone, so any input can be rebuilt from its
/// index without replaying the ones before it.
/// </summary>
public static class FuzzInputs
{
    /// <summary>Variables a client might send: none, the wrong shape, lone surrogates, deep or large JSON.</summary>
    private static readonly JsonElement[] s_variables =
    [
        default,
        default,
        default,
        Json("null"),
        Json("{}"),
        Json("""{"b0": true, "b1": false, "b2": null, "v": 1, "id": 3}"""),
        Json("""{"b0": "yes", "b1": 1, "v": [1, {"a": null}], "id": "x"}"""),
        Json("""{"b0": "\ud800", "\udc00": 1, "v": "\ud83d"}"""),
        Json("""{"v": {"a": 1, "a": 2}, "b0": true}"""),
        Json("[1, 2]"),
        Json("\"text\""),
        Json("""{"v": 1e400, "id": -0, "b0": 99999999999999999999999}"""),
        Json("{\"v\": " + string.Concat(Enumerable.Repeat("[", 60)) + string.Concat(Enumerable.Repeat("]", 60)) + "}"),
        Json("{\"v\": [" + string.Join(",", Enumerable.Range(0, 2_000)) + "], \"b0\": true}"),
        Json("{\"v\": \"" + new string('x', 20_000) + "\"}"),
    ];

    private static readonly string?[] s_operationNames = [null, null, null, null, string.Empty, "Q", "A", "B", "\uD800", new string('Q', 300)];

    /// <summary>Input <paramref name="index"/> of the run (<paramref name="seed"/>, <paramref name="syntax"/>).</summary>
    public static FuzzCase Build(FuzzSyntax syntax, int seed, long index)
    {
        var random = new Random(Mix(seed, (int)syntax, index));
        var generator = new QueryGenerator(random);
        var corpus = Corpus.Of(syntax);
        string start = random.Next(2) == 0 ? corpus[random.Next(corpus.Count)] : generator.Next(syntax);
        string partner = random.Next(3) switch
        {
            0 => Corpus.Include[random.Next(Corpus.Include.Length)],
            1 => Corpus.GraphQL[random.Next(Corpus.GraphQL.Length)],
            _ => generator.Next(syntax),
        };

        // One input in sixteen is left valid, so acceptance (and the plan compiler) stays well covered.
        string text = random.Next(16) == 0 ? start : new Mutator(random).Mutate(start, partner);
        var variables = syntax == FuzzSyntax.GraphQL ? s_variables[random.Next(s_variables.Length)] : default;
        string? operationName = syntax == FuzzSyntax.GraphQL ? s_operationNames[random.Next(s_operationNames.Length)] : null;
        var type = SampleTypes.All[random.Next(SampleTypes.All.Length)];
        return new FuzzCase(index, text, variables, operationName, type);
    }

    /// <summary>SplitMix64 over the three numbers: well-spread, and the same on every machine and run (unlike <see cref="HashCode"/>).</summary>
    private static int Mix(int seed, int syntax, long index)
    {
        ulong z = unchecked(((ulong)(uint)seed << 32) ^ ((ulong)syntax << 62) ^ (ulong)index);
        z = unchecked(z + 0x9E3779B97F4A7C15UL);
        z = unchecked((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL);
        z = unchecked((z ^ (z >> 27)) * 0x94D049BB133111EBUL);
        return (int)(z ^ (z >> 31));
    }

    private static JsonElement Json(string text) => JsonDocument.Parse(text, new JsonDocumentOptions { MaxDepth = 128 }).RootElement.Clone();
}
