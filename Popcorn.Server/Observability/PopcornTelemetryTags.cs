using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The tag and attribute names Popcorn's metrics and spans use, and their values: constants, so recording one never
/// allocates a string. The table in docs/observability.md lists the same.
/// </summary>
internal static class PopcornTelemetryTags
{
    public const string Syntax = "popcorn.selection.syntax";
    public const string SyntaxInclude = "include";
    public const string SyntaxGraphQL = "graphql";

    public const string Transport = "popcorn.selection.transport";
    public const string TransportQuery = "query";
    public const string TransportHeader = "header";
    public const string TransportGateway = "gateway";

    /// <summary>No selection was sent (syntax and transport), so the defaults apply.</summary>
    public const string None = "none";

    public const string ErrorKind = "popcorn.error.kind";

    public const string CacheName = "popcorn.cache.name";
    public const string CachePlansByText = "plans_by_text";
    public const string CachePlansByCanonicalForm = "plans_by_canonical_form";
    public const string CacheGatewayDocuments = "gateway_documents";

    /// <summary>GraphQL documents that passed the schema's validation, by their text.</summary>
    public const string CacheGatewayValidatedDocuments = "gateway_validated_documents";
    public const string CacheResult = "popcorn.cache.result";
    public const string Hit = "hit";
    public const string Miss = "miss";

    public const string EndpointKind = "popcorn.endpoint.kind";
    public const string EndpointRest = "rest";
    public const string EndpointGateway = "gateway";

    public const string PersistedQueryResult = "popcorn.persisted_query.result";
    public const string Stored = "stored";
    public const string Mismatch = "mismatch";

    /// <summary>A text not stored because no request could run it (over the length limit, or in neither syntax).</summary>
    public const string Unrunnable = "unrunnable";

    /// <summary>A text not stored because the store's budget is full and its eviction rate spent, or the store is down.</summary>
    public const string NotStored = "not_stored";

    /// <summary>A document refused because it is not in the trusted-documents list.</summary>
    public const string NotInList = "not_in_list";

    /// <summary>Span attribute: the model type a plan is compiled for or a response is written as.</summary>
    public const string Model = "popcorn.model";

    /// <summary>Span attribute: the gateway root field a resolve span ran.</summary>
    public const string Field = "popcorn.field";

    /// <summary>Span attribute: the bytes a write span wrote.</summary>
    public const string ResponseSize = "popcorn.response.body.size";

    /// <summary>The upstream service a call went to: its configured name.</summary>
    public const string UpstreamService = "popcorn.upstream.service";

    public const string UpstreamResult = "popcorn.upstream.result";

    /// <summary>The service answered with a body the gateway read.</summary>
    public const string UpstreamAnswered = "answered";

    /// <summary>The service answered 404 where that is an answer (an object by key that does not exist).</summary>
    public const string UpstreamNotFound = "not_found";

    /// <summary>The call gave nothing usable: the field's <c>SOURCE_UNAVAILABLE</c>, or REST's 502/503/504.</summary>
    public const string UpstreamFailed = "failed";

    /// <summary>The client left, and the call was cancelled with its request.</summary>
    public const string UpstreamCancelled = "cancelled";

    /// <summary>OpenTelemetry's <c>error.type</c>: why an upstream call failed.</summary>
    public const string ErrorType = "error.type";

    /// <summary>The service answered a status other than 2xx (or a 404 that is not an answer).</summary>
    public const string UpstreamErrorStatus = "http_status";

    /// <summary>The service's body was larger than its <c>MaxResponseBytes</c>.</summary>
    public const string UpstreamErrorTooLarge = "too_large";

    /// <summary>The resilience handler's timeout passed.</summary>
    public const string UpstreamErrorTimeout = "timeout";

    /// <summary>The service could not be reached, its circuit was open, or the connection broke mid-body.</summary>
    public const string UpstreamErrorUnavailable = "unavailable";

    /// <summary>OpenTelemetry's GraphQL semantic conventions, for the gateway's operation span.</summary>
    public const string GraphQLOperationName = "graphql.operation.name";
    public const string GraphQLOperationType = "graphql.operation.type";
    public const string GraphQLDocument = "graphql.document";

    public static string ErrorKindOf(QueryErrorKind kind) => kind switch
    {
        QueryErrorKind.Syntax => "syntax",
        QueryErrorKind.LimitExceeded => "limit_exceeded",
        QueryErrorKind.UnknownField => "unknown_field",
        QueryErrorKind.InvalidSelection => "invalid_selection",
        QueryErrorKind.InvalidVariable => "invalid_variable",
        _ => "other",
    };
}
