namespace Popcorn.Server;

/// <summary>
/// Marks an endpoint Popcorn maps itself (the gateway, its SDL, the schema tools), so the OpenAPI transformers can give
/// it a stable, distinct operation id or leave it out of the document. The gateway answers GET and POST on one endpoint,
/// and ASP.NET Core would give both operations the endpoint's one name; the HTTP method is therefore part of the id.
/// </summary>
/// <param name="operationId">The operation id, or its stem when the endpoint answers several methods.</param>
/// <param name="summary">A one-line summary for the operation.</param>
internal sealed class PopcornOwnEndpointMetadata(string operationId, string summary)
{
    /// <summary>The OpenAPI tag Popcorn's own operations are listed under.</summary>
    public const string Tag = "Popcorn";

    public string Summary { get; } = summary;

    /// <summary>The id of the operation for <paramref name="httpMethod"/>: the stem, or the stem and the method (<c>PopcornGatewayPost</c>) when the endpoint answers several.</summary>
    public string OperationIdFor(string? httpMethod, bool answersSeveralMethods) =>
        answersSeveralMethods && !string.IsNullOrEmpty(httpMethod)
            ? operationId + char.ToUpperInvariant(httpMethod[0]) + httpMethod[1..].ToLowerInvariant()
            : operationId;
}
