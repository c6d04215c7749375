using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// REST's total (docs/data.md, "Totals over REST"): a request for a root list that sends <c>Prefer: count=exact</c>
/// (RFC 7240, PostgREST's spelling) gets <c>X-Total-Count: n</c>, the number of elements the selection's root
/// <c>where</c> keeps over every page, and <c>Preference-Applied: count=exact</c>. Counted where the rows live (one
/// <c>COUNT</c> in SQL for an EF Core query), only when asked; the body is the same either way.
/// </summary>
internal static class TotalCountPreference
{
    /// <summary>The response header that carries the total.</summary>
    public const string TotalCountHeader = "X-Total-Count";

    private const string Preference = "count=exact";

    private static readonly CollectionArguments s_everything = new(null, 0, Array.Empty<Popcorn.Query.SortKey>(), null, string.Empty);

    /// <summary>Whether the request prefers an exact count: <c>Prefer: count=exact</c>, among other preferences or not.</summary>
    public static bool IsAsked(HttpRequest request)
    {
        foreach (string? header in request.Headers["Prefer"])
        {
            foreach (var part in (header ?? string.Empty).Split(','))
            {
                // A preference is token[=value] followed by ;parameters; the token is case-insensitive (RFC 7240).
                var preference = part.Split(';')[0].Trim().Replace("\"", string.Empty, StringComparison.Ordinal);
                if (preference.Equals(Preference, StringComparison.OrdinalIgnoreCase))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// Counts a root list when the request asks and sets the headers; returns the value to write (the same, or the
    /// elements read once into a list when they were counted in memory). A single object ignores the preference, as
    /// RFC 7240 lets a server do.
    /// </summary>
    /// <exception cref="PopcornSourceUnavailableException">The source cannot be read.</exception>
    public static async ValueTask<object?> ApplyAsync(HttpContext context, RootSources sources, object? value, ResultShape shape, SelectionPlan plan)
    {
        var response = context.Response;
        if (!shape.IsSequence || !IsAsked(context.Request))
        {
            return value;
        }

        response.Headers.Append(HeaderNames.Vary, "Prefer");
        if (value is null)
        {
            return value;
        }

        var (counted, total) = await sources.CountOrBufferAsync(value, shape, plan.Arguments?.ForCounting() ?? s_everything, context);
        response.Headers[TotalCountHeader] = total.ToString(CultureInfo.InvariantCulture);
        response.Headers["Preference-Applied"] = Preference;
        return counted;
    }
}
