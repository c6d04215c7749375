namespace Popcorn.Query;

/// <summary>
/// The names seen so far in one list (variables, arguments, object fields), to find duplicates.
/// Scans linearly while the list is short, as it almost always is, and switches to a hash set so
/// that a hostile list of a thousand names stays linear.
/// </summary>
internal struct NameSet
{
    private const int LinearLimit = 8;

    private List<string>? _few;
    private HashSet<string>? _many;

    /// <summary>Adds <paramref name="name"/>; false when it was already there.</summary>
    public bool Add(string name)
    {
        if (_many is not null)
        {
            return _many.Add(name);
        }

        _few ??= new List<string>(LinearLimit);
        foreach (string seen in _few)
        {
            if (seen == name)
            {
                return false;
            }
        }

        if (_few.Count == LinearLimit)
        {
            _many = new HashSet<string>(_few, StringComparer.Ordinal);
            return _many.Add(name);
        }

        _few.Add(name);
        return true;
    }
}
