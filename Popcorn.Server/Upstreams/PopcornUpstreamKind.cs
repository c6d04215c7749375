namespace Popcorn.Server;

/// <summary>What an upstream service is, and so how the gateway reads its schema and calls it (docs/gateway.md).</summary>
public enum PopcornUpstreamKind
{
    /// <summary>
    /// A Popcorn service: its schema is read from <see cref="PopcornUpstreamOptions.SchemaPath"/>, and each root field is
    /// asked for with the selection it owns, which the service pushes down to its database.
    /// </summary>
    Popcorn,

    /// <summary>
    /// A plain JSON service described by an OpenAPI 3.x document at <see cref="PopcornUpstreamOptions.OpenApiPath"/>:
    /// its GET operations become root fields, each called with its path and query parameters, and the gateway projects
    /// the whole answer to the client's selection itself.
    /// </summary>
    OpenApi,
}
