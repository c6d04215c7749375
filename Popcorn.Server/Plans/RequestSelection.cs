using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Reads the client's selection from <c>?include=</c> or the <c>Popcorn-Include</c> header.</summary>
internal static class RequestSelection
{
    /// <summary>
    /// The selection text, or null when the client sent none (the defaults apply), and where it came from (a
    /// <c>PopcornTelemetryTags.Transport*</c> value, for metrics).
    /// </summary>
    /// <exception cref="PopcornQueryException">The selection was sent twice, or in both places.</exception>
    public static string? Read(HttpRequest request, PopcornOptions options, out string transport)
    {
        var fromQuery = request.Query[options.QueryParameterName];
        var fromHeader = request.Headers[options.HeaderName];
        if (fromQuery.Count + fromHeader.Count > 1)
        {
            throw new PopcornQueryException(
                QueryErrorKind.Syntax,
                $"Send one selection, in either '?{options.QueryParameterName}=' or the '{options.HeaderName}' header.",
                new SourceLocation(0, 1, 1),
                string.Empty);
        }

        transport = fromQuery.Count == 1 ? PopcornTelemetryTags.TransportQuery : fromHeader.Count == 1 ? PopcornTelemetryTags.TransportHeader : PopcornTelemetryTags.None;
        return fromQuery.Count == 1 ? fromQuery[0] : fromHeader.Count == 1 ? fromHeader[0] : null;
    }
}
