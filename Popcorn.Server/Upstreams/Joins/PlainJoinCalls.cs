namespace Popcorn.Server;

/// <summary>
/// The calls of one level's join to a plain service's operation: the operation's path and query with the level's keys in
/// its list parameter (<c>/shipments?orderId=2&amp;orderId=9</c>), in as few calls as fit: at most the service's
/// <c>in</c> bound of keys each (<see cref="UpstreamLimits.MaxFilterInValues"/>, the defaults for a plain service) and a
/// request target Kestrel accepts by default (<see cref="JoinCallPrinter.MaxEscapedQueryLength"/>).
/// </summary>
internal static class PlainJoinCalls
{
    public static IEnumerable<JoinCall> Print(JoinSite site, List<JoinKey> keys)
    {
        var join = site.Join;
        var parts = new Dictionary<string, JoinSite>(StringComparer.Ordinal) { [string.Empty] = site };
        foreach (var (from, count) in Chunks(join.KeysParameter!, keys, join.Limits.MaxFilterInValues))
        {
            var chunk = keys.GetRange(from, count);
            var arguments = new Dictionary<string, object?>(StringComparer.Ordinal) { [join.KeysParameter!] = chunk.Select(k => (object?)k.Text).ToArray() };
            yield return new JoinCall(join.Target.Service, join.Target.Request!.Print(arguments), parts, [(site, chunk)]) { IsPlain = true };
        }
    }

    /// <summary>
    /// Where each call's keys start and how many it takes: at most <paramref name="maxKeys"/>, and as many
    /// <c>&amp;parameter=key</c> pairs as fit the escaped query's budget. One key always goes in, so a key too long is
    /// that join's error (the service refuses the call), not a loop.
    /// </summary>
    public static IEnumerable<(int From, int Count)> Chunks(string parameter, IReadOnlyList<JoinKey> keys, int maxKeys)
    {
        int name = JoinCallPrinter.EscapedLength(parameter);
        for (int from = 0; from < keys.Count;)
        {
            int length = 0;
            int count = 0;
            while (from + count < keys.Count && count < maxKeys)
            {
                int pair = 2 + name + JoinCallPrinter.EscapedLength(keys[from + count].Text);
                if (count > 0 && length + pair > JoinCallPrinter.MaxEscapedQueryLength)
                {
                    break;
                }

                length += pair;
                count++;
            }

            yield return (from, count);
            from += count;
        }
    }
}
