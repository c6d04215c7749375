using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The RFC 8288 <c>Link: &lt;...&gt;; rel="next"</c> of a full root page that pages by cursor: the request's own path
/// and query, with the selection's root arguments replaced by the next page's (<c>after</c> the last element's cursor).
/// </summary>
/// <remarks>
/// The target is a relative reference (path and query): built from the request's Host header it could name another
/// origin. The selection goes into the <c>?include=</c> parameter even when the client sent the header (a client that
/// follows the link sends no header). A page shorter than <c>first</c> is the last and gets no link; a full page always
/// gets one, so the page after the last full one may be empty (knowing better would mean reading a row more per page).
/// A gateway resource served from an upstream links the same way, with the cursor the service issued
/// (<see cref="UpstreamResourceHandler"/>).
/// </remarks>
internal static class NextPageLink
{
    /// <summary>The link after a page whose last element is <paramref name="last"/>, its cursor issued here.</summary>
    public static void Add(HttpContext context, PopcornOptions options, string selectionText, PageCursors cursors, object last) =>
        Add(context, options, selectionText, cursors, cursors.CursorOf(last));

    /// <summary>The link after a page whose last element's cursor is <paramref name="after"/> (issued here or by an upstream service).</summary>
    public static void Add(HttpContext context, PopcornOptions options, string selectionText, PageCursors cursors, string after)
    {
        var tree = SelectionParser.Parse(selectionText, options.Limits);
        string selection = SelectionPrinter.PrintInclude(new SelectionTree(tree.Properties));
        string include = $"({cursors.NextPageArguments(after)}){selection}";

        var request = context.Request;
        var query = new List<KeyValuePair<string, string?>>();
        foreach (var (name, values) in request.Query)
        {
            if (name != options.QueryParameterName)
            {
                query.AddRange(values.Select(value => new KeyValuePair<string, string?>(name, value)));
            }
        }

        query.Add(new(options.QueryParameterName, include));
        string target = $"{request.PathBase}{request.Path}{QueryString.Create(query)}";
        context.Response.Headers.Append(HeaderNames.Link, $"<{target}>; rel=\"next\"");
    }
}
