namespace Popcorn.Query;

/// <summary>
/// The cursors of one list's pages (<see cref="CollectionArguments.Cursors"/>): the sort they encode, the cursor the
/// client sent (if any), and how to issue the cursor of any element of the page (its <c>endCursor</c>, or the
/// <c>after</c> of a REST <c>Link: rel="next"</c>).
/// </summary>
public sealed class PageCursors
{
    private readonly CursorCodec _codec;
    private readonly string _nextArguments;

    internal PageCursors(CursorCodec codec, IReadOnlyList<SortKey> keys, string? after, string nextArguments)
    {
        _codec = codec;
        Keys = keys;
        After = after;
        _nextArguments = nextArguments;
    }

    /// <summary>The sort a cursor carries the values of: the client's keys, then the tie-breakers.</summary>
    public IReadOnlyList<SortKey> Keys { get; }

    /// <summary>The cursor the client sent in <c>after</c>, or null on a first page.</summary>
    public string? After { get; }

    /// <summary>The cursor of <paramref name="element"/>: its sort key values, signed. Read through <see cref="FieldMetadata.GetValue"/>.</summary>
    public string CursorOf(object element)
    {
        ArgumentNullException.ThrowIfNull(element);
        var values = new object?[Keys.Count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = Keys[i].Field.GetValue!(element);
        }

        return _codec.Encode(Keys, values);
    }

    /// <summary>
    /// Whether <paramref name="cursor"/> (issued elsewhere: an upstream service's <c>endCursor</c>) would be taken as
    /// <c>after</c> here: signed with this key, for this order.
    /// </summary>
    internal bool Honours(string cursor) => _codec.Decode(cursor, Keys).Values is not null;

    /// <summary>
    /// The arguments of the page after the one whose last element has <paramref name="cursor"/>, canonically printed:
    /// the same <c>first</c>, <c>orderBy</c> and <c>where</c>, no <c>skip</c> (the cursor already places the page),
    /// and <c>after</c>.
    /// </summary>
    public string NextPageArguments(string cursor)
    {
        ArgumentNullException.ThrowIfNull(cursor);
        string after = $"after: \"{cursor}\"";
        return _nextArguments.Length == 0 ? after : $"{_nextArguments}, {after}";
    }
}
