namespace Popcorn.Server;

/// <summary>
/// One batched call of a join level to one service: the selection sent (every join of the level the service answers,
/// each an aliased root field filtered by its keys, <c>[j0:customers(where: {id: {in: [2,9]}})[name,id]]</c>) and,
/// by alias, the join and the keys it asked for. To a plain service (<see cref="IsPlain"/>), the selection is the
/// operation's path and query with the keys in its list parameter (<c>/shipments?orderId=2&amp;orderId=9</c>), for one join.
/// </summary>
internal sealed class JoinCall(string service, string selection, IReadOnlyDictionary<string, JoinSite> parts, IReadOnlyList<(JoinSite Site, IReadOnlyList<JoinKey> Keys)> asked)
{
    public string Service { get; } = service;

    /// <summary>A call to a plain service's operation: <see cref="Selection"/> is its path and query, and its answer a list of the target's objects.</summary>
    public bool IsPlain { get; init; }

    public string Selection { get; } = selection;

    public IReadOnlyDictionary<string, JoinSite> Parts { get; } = parts;

    /// <summary>The keys asked for, by join: what becomes null with an error when the call fails.</summary>
    public IReadOnlyList<(JoinSite Site, IReadOnlyList<JoinKey> Keys)> Asked { get; } = asked;
}
