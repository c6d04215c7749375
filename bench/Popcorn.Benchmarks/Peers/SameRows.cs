using System.Text.Json;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// Whether a peer answers Popcorn's rows, read value by value rather than byte by byte: a peer whose format wraps the
/// rows (OData's <c>{"@odata.context": ..., "value": [...]}</c>), orders a row's properties its own way or spells an
/// instant differently still has to answer every row with the same fields and the same values.
/// </summary>
public static class SameRows
{
    /// <summary>
    /// Fails unless Popcorn's answer holds rows of exactly <paramref name="fields"/> and <paramref name="peer"/>'s answer
    /// (its top-level array, or its <c>value</c> array) holds the same rows in the same order: the same property names,
    /// strings equal ordinally (or the same instant), numbers equal as decimals, the same literals.
    /// </summary>
    /// <exception cref="InvalidOperationException">The answers differ: the message names the first row and field that does.</exception>
    public static void Require(string peer, byte[] popcorn, byte[] answer, IReadOnlyCollection<string> fields)
    {
        using var expectedDocument = JsonDocument.Parse(popcorn);
        using var actualDocument = JsonDocument.Parse(answer);
        var expected = Rows("Popcorn", expectedDocument.RootElement);
        var actual = Rows(peer, actualDocument.RootElement);
        if (expected.Length == 0 || expected.Length != actual.Length)
        {
            throw new InvalidOperationException($"{peer} answers {actual.Length} rows, Popcorn {expected.Length}.");
        }

        string wanted = string.Join(",", fields.Order(StringComparer.Ordinal));
        for (int row = 0; row < expected.Length; row++)
        {
            var popcornRow = Properties(expected[row]);
            var peerRow = Properties(actual[row]);
            string popcornNames = string.Join(",", popcornRow.Keys);
            string peerNames = string.Join(",", peerRow.Keys);
            if (popcornNames != wanted || peerNames != wanted)
            {
                throw new InvalidOperationException($"Row {row}: Popcorn writes {popcornNames}, {peer} {peerNames}; the selection is {wanted}.");
            }

            foreach (var (name, value) in popcornRow)
            {
                if (!Same(value, peerRow[name]))
                {
                    throw new InvalidOperationException($"Row {row}, {name}: Popcorn writes {value.GetRawText()}, {peer} {peerRow[name].GetRawText()}.");
                }
            }
        }
    }

    private static JsonElement[] Rows(string route, JsonElement root) => root.ValueKind switch
    {
        JsonValueKind.Array => [.. root.EnumerateArray()],
        JsonValueKind.Object when root.TryGetProperty("value", out var value) && value.ValueKind == JsonValueKind.Array => [.. value.EnumerateArray()],
        _ => throw new InvalidOperationException($"{route} answers no rows: {root.GetRawText()[..Math.Min(200, root.GetRawText().Length)]}"),
    };

    private static SortedDictionary<string, JsonElement> Properties(JsonElement row) =>
        new(row.EnumerateObject().ToDictionary(p => p.Name, p => p.Value), StringComparer.Ordinal);

    private static bool Same(JsonElement popcorn, JsonElement peer) =>
        popcorn.ValueKind == peer.ValueKind && popcorn.ValueKind switch
        {
            JsonValueKind.String => popcorn.GetString() == peer.GetString()
                || (popcorn.TryGetDateTimeOffset(out var at) && peer.TryGetDateTimeOffset(out var peerAt) && at.UtcTicks == peerAt.UtcTicks),
            JsonValueKind.Number => popcorn.GetDecimal() == peer.GetDecimal(),
            JsonValueKind.True or JsonValueKind.False or JsonValueKind.Null => true,

            // The rows compared here are flat; anything nested is compared as written.
            _ => popcorn.GetRawText() == peer.GetRawText(),
        };
}
