using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// The gateway's first step after reading a request: turns a persisted-query hash into its document, and in
/// trusted-documents mode refuses every document not in the list. Apollo's automatic persisted queries otherwise: a
/// hash alone is looked up (not found: the protocol's own <c>PersistedQueryNotFound</c>, with 200, so the client sends
/// the query with it); a hash with its query is checked against it and stored, when some request could run the text
/// (<see cref="RunnableText"/>) and the store's budget admits it (<see cref="PersistedQueryStore"/>).
/// </summary>
internal sealed class PersistedDocumentResolver(PersistedDocuments documents, PopcornOptions options, PopcornMetrics metrics)
{
    /// <summary>
    /// What to answer instead of running the request: <paramref name="Status"/> null means the status of a refused
    /// document (400 or 200 by the client's Accept header, as GraphQL over HTTP says).
    /// </summary>
    public readonly record struct Refusal(int? Status, GraphQLError Error);

    private static readonly GraphQLError s_notFound = new("PersistedQueryNotFound", Code: "PERSISTED_QUERY_NOT_FOUND");

    /// <summary>The request with its document filled in, or the refusal to answer instead.</summary>
    public async ValueTask<(GatewayRequest Request, Refusal? Refusal)> ResolveAsync(HttpContext context, GatewayRequest request)
    {
        if (documents.Trusted is { } trusted)
        {
            return ResolveTrusted(trusted, request);
        }

        string? hash = request.PersistedQueryHash;
        if (hash is null)
        {
            return (request, null);
        }

        if (!options.EnablePersistedQueries)
        {
            return string.IsNullOrEmpty(request.Query)
                ? (request, new Refusal(StatusCodes.Status400BadRequest, new GraphQLError("PersistedQueryNotSupported", Code: "PERSISTED_QUERY_NOT_SUPPORTED")))
                : (request, null);
        }

        if (string.IsNullOrEmpty(request.Query))
        {
            string? stored = await documents.Store.FindAsync(hash, context.RequestAborted);
            metrics.PersistedQuery(stored is null ? PopcornTelemetryTags.Miss : PopcornTelemetryTags.Hit);
            return stored is not null
                ? (request with { Query = stored }, null)
                : (request, new Refusal(StatusCodes.Status200OK, s_notFound));
        }

        if (Mismatch(request) is { } mismatch)
        {
            return (request, mismatch);
        }

        // A text no request could ever run is not stored: the request goes on and gets that error itself (with its
        // position), but the store never holds it. Neither is one the store's budget cannot make room for now.
        if (RunnableText.WhyNever(request.Query, options.Limits) is not null)
        {
            metrics.PersistedQuery(PopcornTelemetryTags.Unrunnable);
            return (request, null);
        }

        bool saved = await documents.Store.SaveAsync(hash, request.Query, context.RequestAborted);
        metrics.PersistedQuery(saved ? PopcornTelemetryTags.Stored : PopcornTelemetryTags.NotStored);
        return (request, null);
    }

    /// <summary>
    /// Trusted-documents mode: an id is served from the list (an unknown one is <c>PersistedQueryNotFound</c>, as the
    /// protocol has it, so Apollo's link retries with the text and learns it is not in the list); a text runs only when
    /// it is, byte for byte, a listed document. Nothing is ever stored.
    /// </summary>
    private (GatewayRequest, Refusal?) ResolveTrusted(TrustedDocumentList trusted, GatewayRequest request)
    {
        string? hash = request.PersistedQueryHash;
        if (string.IsNullOrEmpty(request.Query))
        {
            if (hash is null)
            {
                return (request, null); // no query and no id: the handler's own "The request has no 'query'."
            }

            string? listed = trusted.Find(hash.ToLowerInvariant());
            metrics.PersistedQuery(listed is null ? PopcornTelemetryTags.Miss : PopcornTelemetryTags.Hit);
            return listed is not null ? (request with { Query = listed }, null) : (request, new Refusal(StatusCodes.Status200OK, s_notFound));
        }

        if (hash is not null && Mismatch(request) is { } mismatch)
        {
            return (request, mismatch);
        }

        if (trusted.Contains(request.Query))
        {
            if (hash is not null)
            {
                metrics.PersistedQuery(PopcornTelemetryTags.Hit);
            }

            return (request, null);
        }

        metrics.PersistedQuery(PopcornTelemetryTags.NotInList);
        return (request, new Refusal(null, new GraphQLError(
            "This server runs only its trusted documents, and this document is not one of them. Send the id (sha256Hash) of a listed document; to add one, regenerate the list and redeploy.",
            Code: "PERSISTED_QUERY_NOT_IN_LIST")));
    }

    private Refusal? Mismatch(GatewayRequest request)
    {
        if (DocumentHash.Matches(request.PersistedQueryHash!, request.Query!))
        {
            return null;
        }

        metrics.PersistedQuery(PopcornTelemetryTags.Mismatch);
        return new Refusal(StatusCodes.Status400BadRequest, new GraphQLError("The persisted query's sha256Hash is not the SHA-256 of its query.", Code: "PERSISTED_QUERY_HASH_MISMATCH"));
    }
}
