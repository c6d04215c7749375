using System.Text.Json.Nodes;

namespace Popcorn.Hardening.Tests.Leaks;

/// <summary>
/// Compares the response to a request naming a [Never] field with the response to the same request naming a field
/// that does not exist (the twin name differs in its last character), ignoring the trace id and the echoed name:
/// whole occurrences of either name match each other, and inside an error's excerpt (which may cut the name) the
/// only characters allowed to differ are the two names' last characters.
/// </summary>
internal sealed class ResponseComparer(string neverName, string twinName)
{
    private readonly char _neverLast = neverName[^1];
    private readonly char _twinLast = twinName[^1];

    /// <summary>Null when the two bodies are equivalent, else the JSON path of the first difference.</summary>
    public string? FirstDifference(JsonNode? never, JsonNode? twin, bool ignoreTopLevelId) => Compare(never, twin, "$", ignoreTopLevelId);

    private string? Compare(JsonNode? a, JsonNode? b, string path, bool ignoreId)
    {
        switch (a, b)
        {
            case (null, null):
                return null;
            case (JsonObject x, JsonObject y):
                var xKeys = x.Select(p => p.Key).Where(k => Keep(k, ignoreId)).ToArray();
                var yKeys = y.Select(p => p.Key).Where(k => Keep(k, ignoreId)).ToArray();
                if (xKeys.Length != yKeys.Length)
                {
                    return $"{path}: keys [{string.Join(",", xKeys)}] vs [{string.Join(",", yKeys)}]";
                }

                for (int i = 0; i < xKeys.Length; i++)
                {
                    if (!SameText(xKeys[i], yKeys[i]))
                    {
                        return $"{path}: key '{xKeys[i]}' vs '{yKeys[i]}'";
                    }

                    if (Compare(x[xKeys[i]], y[yKeys[i]], $"{path}.{xKeys[i]}", ignoreId: false) is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
            case (JsonArray x, JsonArray y):
                if (x.Count != y.Count)
                {
                    return $"{path}: {x.Count} items vs {y.Count}";
                }

                for (int i = 0; i < x.Count; i++)
                {
                    if (Compare(x[i], y[i], $"{path}[{i}]", ignoreId: false) is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
            case (JsonValue x, JsonValue y) when x.TryGetValue(out string? xs) && y.TryGetValue(out string? ys):
                return SameText(xs, ys) ? null : $"{path}: \"{xs}\" vs \"{ys}\"";
            case (JsonValue x, JsonValue y):
                return x.ToJsonString() == y.ToJsonString() ? null : $"{path}: {x.ToJsonString()} vs {y.ToJsonString()}";
            default:
                return $"{path}: {a?.ToJsonString()} vs {b?.ToJsonString()}";
        }
    }

    private static bool Keep(string key, bool ignoreId) => key != "traceId" && !(ignoreId && key == "id");

    private bool SameText(string a, string b)
    {
        a = a.Replace(neverName, "\u2039name\u203A", StringComparison.Ordinal);
        b = b.Replace(twinName, "\u2039name\u203A", StringComparison.Ordinal);
        if (a.Length != b.Length)
        {
            return false;
        }

        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i] && !(a[i] == _neverLast && b[i] == _twinLast))
            {
                return false;
            }
        }

        return true;
    }
}
