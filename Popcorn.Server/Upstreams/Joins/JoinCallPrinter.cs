using System.Text;

namespace Popcorn.Server;

/// <summary>
/// Splits one level's joins to one service into as few calls as the service accepts: all of them in one call when they
/// fit, else chunks. A chunk holds at most the service's <c>in</c> bound of keys per join
/// (<see cref="UpstreamLimits.MaxFilterInValues"/>), a selection at most its stated length
/// (<see cref="UpstreamLimits.MaxSelectionLength"/>), and a request target Kestrel accepts by default (its request line
/// is at most 8 KB, so the escaped query is kept within <see cref="MaxEscapedQueryLength"/>).
/// </summary>
internal static class JoinCallPrinter
{
    /// <summary>The escaped <c>?query=</c> value's most bytes: Kestrel's default request line (8 KB) less the method, path and version.</summary>
    public const int MaxEscapedQueryLength = 7 * 1024;

    public static List<JoinCall> Print(string service, IReadOnlyList<(JoinSite Site, List<JoinKey> Keys)> joins, UpstreamLimits limits)
    {
        var calls = new List<JoinCall>();
        Builder? call = null;
        foreach (var (site, keys) in joins)
        {
            int taken = 0;
            while (taken < keys.Count)
            {
                call ??= new Builder(service, limits);
                int added = call.Add(site, keys, taken);
                if (added == 0)
                {
                    // Not even one key fits beside what the call already holds: the next call starts with it.
                    calls.Add(call.Finish());
                    call = null;
                    continue;
                }

                taken += added;
                if (taken < keys.Count)
                {
                    calls.Add(call.Finish());
                    call = null;
                }
            }
        }

        if (call is not null)
        {
            calls.Add(call.Finish());
        }

        return calls;
    }

    /// <summary>Bytes of <paramref name="text"/> once escaped for a query string (<see cref="Uri.EscapeDataString(string)"/>).</summary>
    public static int EscapedLength(string text)
    {
        int length = 0;
        foreach (var rune in text.EnumerateRunes())
        {
            length += rune.Value is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or (>= '0' and <= '9') or '-' or '_' or '.' or '~' ? 1
                : 3 * rune.Utf8SequenceLength;
        }

        return length;
    }

    private sealed class Builder(string service, UpstreamLimits limits)
    {
        private readonly StringBuilder _text = new("[");
        private readonly Dictionary<string, JoinSite> _parts = new(StringComparer.Ordinal);
        private readonly List<(JoinSite, IReadOnlyList<JoinKey>)> _asked = new();
        private int _escaped = EscapedLength("[]");

        /// <summary>Adds a part with as many of <paramref name="keys"/> from <paramref name="from"/> as fit; 0 when none does.</summary>
        public int Add(JoinSite site, List<JoinKey> keys, int from)
        {
            string alias = "j" + _parts.Count;
            // A join to many's own where is and-ed with the keys, its orderBy is the call's (JoinListArguments).
            var (where, orderBy) = site.ListArguments;
            string head = (_parts.Count > 0 ? "," : string.Empty) + alias + ":" + site.Join.Target.UpstreamName
                + (where is null ? "(where: {" : "(where: {and: [{") + site.Join.TargetKey.WireName + ": {in: [";
            string tail = "]}}" + (where is null ? string.Empty : ", " + where + "]}") + (orderBy is null ? string.Empty : ", orderBy: " + orderBy) + ")" + site.Selection;
            int length = _text.Length + head.Length + tail.Length + 1;
            int escaped = _escaped + EscapedLength(head) + EscapedLength(tail);
            int count = 0;
            var literals = new List<string>();
            while (from + count < keys.Count && count < limits.MaxFilterInValues)
            {
                string literal = keys[from + count].Literal;
                int separator = count > 0 ? 1 : 0;
                bool fits = length + separator + literal.Length <= limits.MaxSelectionLength
                    && escaped + 3 * separator + EscapedLength(literal) <= MaxEscapedQueryLength;

                // One key always goes into an empty call: a selection the service then refuses is that join's error,
                // not a loop.
                if (!fits && !(count == 0 && _parts.Count == 0))
                {
                    break;
                }

                literals.Add(literal);
                length += separator + literal.Length;
                escaped += 3 * separator + EscapedLength(literal);
                count++;
            }

            if (count == 0)
            {
                return 0;
            }

            _text.Append(head).AppendJoin(',', literals).Append(tail);
            _escaped = escaped;
            _parts.Add(alias, site);
            _asked.Add((site, keys.GetRange(from, count)));
            return count;
        }

        public JoinCall Finish() => new(service, _text.Append(']').ToString(), _parts, _asked);
    }
}
