namespace Popcorn.Query;

/// <summary>
/// Creates each distinct name once per parse: a field written a hundred times is one string, and
/// looking a name up takes the token's slice without allocating.
/// </summary>
internal sealed class NameTable
{
    private readonly Dictionary<string, string> _names = new(StringComparer.Ordinal);

    public string Get(ReadOnlySpan<char> name)
    {
        var lookup = _names.GetAlternateLookup<ReadOnlySpan<char>>();
        if (lookup.TryGetValue(name, out string? existing))
        {
            return existing;
        }

        string created = name.ToString();
        _names.Add(created, created);
        return created;
    }
}
