namespace Popcorn.Benchmarks.Peers;

/// <summary>The two selections a do-it-yourself route is compared on: a narrow one and every field.</summary>
public enum DiySelection
{
    /// <summary><c>?fields=Id,Name,CreatedAt,IsActive</c>; Popcorn's <c>[Id,Name,IsActive]</c> (CreatedAt is <c>[Always]</c>).</summary>
    Narrow,

    /// <summary>Every field; Popcorn's <c>[!all]</c>.</summary>
    Full,
}
