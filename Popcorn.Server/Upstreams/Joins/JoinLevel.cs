namespace Popcorn.Server;

/// <summary>
/// What one level of joins gave: for each join site, the target's objects by key and the keys whose call failed (with
/// the reason, for the error), and the holes the objects hold for the next level.
/// </summary>
internal sealed class JoinLevel
{
    public Dictionary<JoinSite, JoinSiteResult> Results { get; } = new(ReferenceEqualityComparer.Instance);

    public List<JoinHole> NextHoles { get; } = new();

    public JoinSiteResult For(JoinSite site)
    {
        if (!Results.TryGetValue(site, out var result))
        {
            Results.Add(site, result = new JoinSiteResult());
        }

        return result;
    }
}

/// <summary>One join site's answers at one level.</summary>
internal sealed class JoinSiteResult
{
    /// <summary>The copied object of each key found, in the call's output it was copied to (the first, if a service sent a key twice).</summary>
    public Dictionary<JoinKey, (JoinRecorder Answer, JoinElement Element)> Found { get; } = new();

    /// <summary>For a join to many (<see cref="UpstreamJoin.IsMany"/>): every copied object of each key, in the call's order.</summary>
    public Dictionary<JoinKey, List<(JoinRecorder Answer, JoinElement Element)>> All { get; } = new();

    /// <summary>Keys whose call failed, with what the client is told.</summary>
    public Dictionary<JoinKey, (string Message, int Status)> Failed { get; } = new();
}
