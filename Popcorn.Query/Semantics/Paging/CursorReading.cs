namespace Popcorn.Query;

/// <summary>What <see cref="CursorCodec.Decode"/> found: the typed values, or why the cursor cannot be used.</summary>
internal sealed record CursorReading(object?[]? Values, string? Problem)
{
    public static readonly CursorReading Forged = new(null, "is not a cursor this API issued (it was altered, truncated, or signed with another key)");

    public static readonly CursorReading OtherSort = new(null, "was issued for another order: repeat the orderBy of the request that returned it");
}
