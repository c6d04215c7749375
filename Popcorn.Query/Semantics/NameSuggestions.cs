namespace Popcorn.Query;

/// <summary>Close-match suggestions for a mistyped field name.</summary>
internal static class NameSuggestions
{
    private const int MaxSuggestions = 3;

    /// <summary>Up to three candidates closest to <paramref name="name"/>, best first; a case-only difference (distance 0) ranks first.</summary>
    public static IReadOnlyList<string> Closest(string name, IEnumerable<string> candidates)
    {
        // About one edit per four characters: catches typos and transpositions, not unrelated names.
        int threshold = Math.Clamp(name.Length / 4, 1, 3);
        string lowered = name.ToLowerInvariant();
        return candidates
            .Select(candidate => (candidate, distance: Distance(lowered, candidate.ToLowerInvariant())))
            .Where(pair => pair.distance <= threshold)
            .OrderBy(pair => pair.distance)
            .ThenBy(pair => pair.candidate, StringComparer.Ordinal)
            .Take(MaxSuggestions)
            .Select(pair => pair.candidate)
            .ToArray();
    }

    /// <summary>The sentence appended to an "unknown name" message: <c> Did you mean 'a', 'b'?</c>, or nothing.</summary>
    public static string Hint(IReadOnlyList<string> suggestions) =>
        suggestions.Count > 0 ? $" Did you mean '{string.Join("', '", suggestions)}'?" : string.Empty;

    /// <summary>Optimal string alignment distance (Levenshtein plus adjacent transpositions).</summary>
    internal static int Distance(string a, string b)
    {
        if (a.Length > 64 || b.Length > 64)
        {
            return Math.Max(a.Length, b.Length);
        }

        var previous2 = new int[b.Length + 1];
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (int j = 0; j <= b.Length; j++)
        {
            previous[j] = j;
        }

        for (int i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.Length; j++)
            {
                int cost = a[i - 1] == b[j - 1] ? 0 : 1;
                int best = Math.Min(Math.Min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                {
                    best = Math.Min(best, previous2[j - 2] + 1);
                }

                current[j] = best;
            }

            (previous2, previous, current) = (previous, current, previous2);
        }

        return previous[b.Length];
    }
}
