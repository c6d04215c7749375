using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Popcorn.Server;

/// <summary>
/// Chooses the <see cref="ResponseFormat"/> of a REST response from the request's <c>Accept</c> header. JSON stays the
/// default: a missing header, <c>*/*</c>, <c>application/*</c>, <c>application/json</c> and a browser's usual header
/// all get JSON; CSV and JSON Lines only when named; nothing (a 406) only when the header names no type Popcorn writes
/// and no wildcard. docs/formats.md states the rules.
/// </summary>
internal static class AcceptNegotiation
{
    /// <summary>
    /// The format to write, or null when the client accepts none of them. Preference follows RFC 9110: the highest
    /// quality wins, and a type's quality is the one of the most specific range that matches it (so
    /// <c>*/*, application/json;q=0</c> refuses JSON). On a tie a named type beats one only a wildcard matched, and
    /// between named types the one listed first wins. A wildcard that covers no JSON type (<c>text/*</c>) still gets
    /// JSON rather than a 406: the client said it takes more than it named. A header that does not parse is ignored,
    /// as RFC 9110 allows, and JSON is written.
    /// </summary>
    public static ResponseFormat? Choose(StringValues accept)
    {
        // The usual requests (no header, or exactly one of the two commonest values) are decided without parsing.
        if (accept.Count == 0)
        {
            return ResponseFormat.Json;
        }

        if (accept.Count == 1 && accept[0] is "*/*" or "application/json" or "" or null)
        {
            return ResponseFormat.Json;
        }

        if (!MediaTypeHeaderValue.TryParseList(accept, out var ranges))
        {
            return ResponseFormat.Json;
        }

        ResponseFormat? best = null;
        double bestQuality = 0;
        bool bestNamed = false;
        bool otherWildcard = false;
        foreach (var format in ResponseFormat.All)
        {
            var (quality, named, covered) = QualityOf(format, ranges);
            if (!covered || quality <= 0)
            {
                continue;
            }

            // Strictly better quality; or the same quality, named where the best so far was only a wildcard's, or named
            // earlier in the header than the best so far.
            if (quality > bestQuality || (quality == bestQuality && named && (!bestNamed || NamedEarlier(format, best!, ranges))))
            {
                best = format;
                bestQuality = quality;
                bestNamed = named;
            }
        }

        if (best is not null)
        {
            return best;
        }

        foreach (var range in ranges)
        {
            otherWildcard |= range.MatchesAllSubTypes && (range.Quality ?? 1) > 0;
        }

        return otherWildcard && !CoversJson(ranges) ? ResponseFormat.Json : null;
    }

    /// <summary>
    /// The quality the client gives <paramref name="format"/>: from the exact range when there is one; for JSON only,
    /// else from <c>application/*</c>, else from <c>*/*</c> (CSV and JSON Lines are never chosen by a wildcard).
    /// </summary>
    private static (double Quality, bool Named, bool Covered) QualityOf(ResponseFormat format, IList<MediaTypeHeaderValue> ranges)
    {
        double? exact = null, subtypes = null, all = null;
        foreach (var range in ranges)
        {
            double quality = range.Quality ?? 1;
            if (range.MatchesAllTypes)
            {
                all = Math.Max(all ?? 0, quality);
            }
            else if (range.MatchesAllSubTypes)
            {
                if (format.IsJson && range.Type.Equals("application", StringComparison.OrdinalIgnoreCase))
                {
                    subtypes = Math.Max(subtypes ?? 0, quality);
                }
            }
            else if (range.MediaType.Equals(format.MediaType, StringComparison.OrdinalIgnoreCase))
            {
                exact = Math.Max(exact ?? 0, quality);
            }
        }

        if (exact is { } named)
        {
            return (named, true, true);
        }

        if (!format.IsJson)
        {
            return (0, false, false);
        }

        return subtypes is { } wild ? (wild, false, true) : all is { } any ? (any, false, true) : (0, false, false);
    }

    /// <summary>Whether <paramref name="candidate"/> is named in the header (with quality above zero) before <paramref name="current"/> is.</summary>
    private static bool NamedEarlier(ResponseFormat candidate, ResponseFormat current, IList<MediaTypeHeaderValue> ranges)
    {
        foreach (var range in ranges)
        {
            if (range.MatchesAllSubTypes || (range.Quality ?? 1) <= 0)
            {
                continue;
            }

            if (range.MediaType.Equals(candidate.MediaType, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }

            if (range.MediaType.Equals(current.MediaType, StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether some range decides JSON's quality (then a refusal of it, <c>q=0</c>, stands).</summary>
    private static bool CoversJson(IList<MediaTypeHeaderValue> ranges)
    {
        foreach (var range in ranges)
        {
            if (range.MatchesAllTypes
                || (range.MatchesAllSubTypes && range.Type.Equals("application", StringComparison.OrdinalIgnoreCase))
                || range.MediaType.Equals(ResponseFormat.Json.MediaType, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
