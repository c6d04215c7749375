namespace Popcorn.Server;

/// <summary>
/// One batched call of a join level to one service: the selection sent (every join of the level the service answers,
/// each an aliased root field filtered by its keys, <c>[j0:customers(where: {id: {in: [2,9]}})[name,id]]</c>) and,
/// by alias, the join and the keys it asked for.
/// </summary>
internal sealed class JoinCall(string service, string selection, IReadOnlyDictionary<string, JoinSite> parts, IReadOnlyList<(JoinSite Site, IReadOnlyList<JoinKey> Keys)> asked)
{
    public string Service { get; } = service;

    public string Selection { get; } = selection;

    public IReadOnlyDictionary<string, JoinSite> Parts { get; } = parts;

    /// <summary>The keys asked for, by join: what becomes null with an error when the call fails.</summary>
    public IReadOnlyList<(JoinSite Site, IReadOnlyList<JoinKey> Keys)> Asked { get; } = asked;
}
