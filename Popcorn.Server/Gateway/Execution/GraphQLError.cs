using System.Text.Encodings.Web;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// One entry of a GraphQL response's <c>errors</c> list. <see cref="Kind"/> is what the error counts as in Popcorn's
/// metrics when it refuses a document (a root-level mistake the gateway finds itself is an invalid selection unless
/// it says otherwise). <see cref="MoreLocations"/> follow <see cref="Location"/> in <c>locations</c> for the spec's rules
/// that point at two places (both definitions of a repeated name, a variable's use and its operation).
/// </summary>
internal sealed record GraphQLError(string Message, SourceLocation? Location = null, string? Path = null, string Code = "BAD_REQUEST", PopcornQueryException? Source = null, QueryErrorKind Kind = QueryErrorKind.InvalidSelection, IReadOnlyList<SourceLocation>? MoreLocations = null, UnknownFieldDetails? UnknownField = null, string? TraceId = null)
{
    /// <summary>
    /// A client-written name as an error echoes it: at most the excerpt limit (40 characters), then "…". A root key
    /// can be as long as the query, and one query can repeat it thousands of times through fragments.
    /// </summary>
    /// <summary>
    /// The whole response path (names and list indexes, <c>["orders", 3, "customer"]</c>) of an error below a root field,
    /// written instead of <see cref="Path"/>, which names only the root key.
    /// </summary>
    public IReadOnlyList<object>? FullPath { get; init; }

    /// <summary>For an upstream's failure, what a REST resource answers for it (502, 503, 504); not written in GraphQL.</summary>
    public int? HttpStatus { get; init; }

    public static string Quote(string name) =>
        name.Length <= PopcornQueryException.MaxExcerptLength ? name : string.Concat(name.AsSpan(0, PopcornQueryException.MaxExcerptLength), "…");

    /// <summary>A batch resolver under the root field <paramref name="step"/> failed before any of its value was written: the field is null with this error.</summary>
    public static GraphQLError Unresolved(BatchResolutionException error, GatewayStep step) =>
        new($"The field '{error.Field}' could not be resolved, so '{step.Field?.Name}' is not answered. Try again later.", step.Location, step.Key, "SOURCE_UNAVAILABLE");

    public static GraphQLError From(PopcornQueryException error, string? path = null) =>
        new(error.Detail, error.Location, path, error.Kind switch
        {
            QueryErrorKind.Syntax or QueryErrorKind.LimitExceeded => "GRAPHQL_PARSE_FAILED",
            QueryErrorKind.Forbidden => "FORBIDDEN",
            _ => "GRAPHQL_VALIDATION_FAILED",
        }, error, error.Kind);

    /// <summary>
    /// Messages are written with only JSON's own escapes (<c>\"</c>, <c>\\</c>, control characters), as GraphQL servers
    /// write them: the default encoder's <c>\u0022</c>, <c>\u0027</c> and <c>\u2026</c> are HTML-safe, which a GraphQL
    /// response (never HTML) does not need, and they make messages unreadable in logs and raw bodies.
    /// </summary>
    private static readonly JavaScriptEncoder s_messageEncoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping;

    public void WriteTo(Utf8JsonWriter json)
    {
        json.WriteStartObject();
        json.WriteString("message", JsonEncodedText.Encode(Message, s_messageEncoder));
        if (Location is { } location)
        {
            json.WriteStartArray("locations");
            WriteLocation(json, location);
            foreach (var more in MoreLocations ?? [])
            {
                WriteLocation(json, more);
            }

            json.WriteEndArray();
        }

        if (FullPath is not null)
        {
            json.WriteStartArray("path");
            foreach (object segment in FullPath)
            {
                if (segment is int index)
                {
                    json.WriteNumberValue(index);
                }
                else
                {
                    json.WriteStringValue(Quote((string)segment));
                }
            }

            json.WriteEndArray();
        }
        else if (Path is not null)
        {
            json.WriteStartArray("path");
            json.WriteStringValue(Quote(Path));
            json.WriteEndArray();
        }

        json.WriteStartObject("extensions");
        json.WriteString("code", Code);
        if (TraceId is not null)
        {
            // What the client can quote to find the server's log entry, for an error whose text stays on the server.
            json.WriteString("traceId", TraceId);
        }

        var unknown = UnknownField ?? (Source is { Kind: QueryErrorKind.UnknownField } source ? new UnknownFieldDetails(source.FieldName, source.TypeName, source.Suggestions) : null);
        if (unknown is not null)
        {
            json.WriteString("field", unknown.Field is null ? null : Quote(unknown.Field));
            json.WriteString("type", unknown.Type);
            json.WriteStartArray("suggestions");
            foreach (string suggestion in unknown.Suggestions)
            {
                json.WriteStringValue(suggestion);
            }

            json.WriteEndArray();
        }

        json.WriteEndObject();
        json.WriteEndObject();
    }

    private static void WriteLocation(Utf8JsonWriter json, SourceLocation location)
    {
        json.WriteStartObject();
        json.WriteNumber("line", location.Line);
        json.WriteNumber("column", location.Column);
        json.WriteEndObject();
    }
}

/// <summary>What an unknown-field error adds under <c>extensions</c>: the name, the type it was looked up on, and the closest names.</summary>
internal sealed record UnknownFieldDetails(string? Field, string? Type, IReadOnlyList<string> Suggestions);
