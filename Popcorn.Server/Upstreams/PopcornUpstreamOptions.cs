namespace Popcorn.Server;

/// <summary>
/// One upstream service behind the gateway, bound from <c>Popcorn:Upstreams:{name}</c> (docs/gateway.md). Checked when
/// the app starts: a missing or relative base address, a non-positive timeout or cap, or a prefix that is not a GraphQL
/// name stops it with a message naming the option.
/// </summary>
public sealed class PopcornUpstreamOptions
{
    /// <summary>
    /// Where the service answers, e.g. <c>http://127.0.0.1:5101</c> or, through service discovery, <c>http://orders</c>
    /// (resolved from <c>Services:orders:http</c>) or <c>https+http://orders</c>.
    /// </summary>
    public Uri? BaseAddress { get; set; }

    /// <summary>
    /// What the service is: a Popcorn service (the default) or a plain JSON service described by OpenAPI
    /// (<c>"Kind": "OpenApi"</c>).
    /// </summary>
    public PopcornUpstreamKind Kind { get; set; } = PopcornUpstreamKind.Popcorn;

    /// <summary>
    /// Where an <see cref="PopcornUpstreamKind.OpenApi"/> service serves its OpenAPI 3.x document (JSON), read at
    /// startup (and again with <see cref="SchemaCheckInterval"/>). Default <c>/openapi/v1.json</c>, where ASP.NET Core's <c>MapOpenApi()</c> serves it.
    /// </summary>
    public string OpenApiPath { get; set; } = "/openapi/v1.json";

    /// <summary>
    /// For an <see cref="PopcornUpstreamKind.OpenApi"/> service: the <c>operationId</c>s of the GET operations to serve
    /// as root fields. Empty (the default) serves every GET operation that has an <c>operationId</c>; name the ones you
    /// want to leave out an operation the gateway cannot serve.
    /// </summary>
    public IList<string> Operations { get; } = new List<string>();

    /// <summary>The service's schema description, read at startup (and again with <see cref="SchemaCheckInterval"/>). Default <c>/popcorn/schema</c>.</summary>
    public string SchemaPath { get; set; } = "/popcorn/schema";

    /// <summary>The service's gateway, which answers the selections forwarded to it. Default <c>/graphql</c>.</summary>
    public string GraphQLPath { get; set; } = "/graphql";

    /// <summary>
    /// The most time one call may take, retries included; past it the field is <c>SOURCE_UNAVAILABLE</c>. Default 10 s.
    /// </summary>
    public TimeSpan Timeout { get; set; } = TimeSpan.FromSeconds(10);

    /// <summary>The most time one attempt may take before it is retried. Default 3 s; at most <see cref="Timeout"/>.</summary>
    public TimeSpan AttemptTimeout { get; set; } = TimeSpan.FromSeconds(3);

    /// <summary>Retries of a failed read (the calls are GETs, so a retry cannot change anything). Default 2; 0 turns them off.</summary>
    public int MaxRetries { get; set; } = 2;

    /// <summary>
    /// The largest body the gateway reads from the service for one call; a larger one is the field's
    /// <c>SOURCE_UNAVAILABLE</c> error, read no further. Default 16 MiB.
    /// </summary>
    public long MaxResponseBytes { get; set; } = 16 * 1024 * 1024;

    /// <summary>
    /// Request headers passed on to the service, by name (e.g. <c>Authorization</c>); no other header of the client's
    /// reaches it. Empty by default. <c>traceparent</c>/<c>tracestate</c> are the gateway's own (W3C trace context), not
    /// copied.
    /// </summary>
    public IList<string> ForwardHeaders { get; } = new List<string>();

    /// <summary>
    /// Put before the service's type names and root field names in the gateway's schema (prefix <c>Hr</c>: type
    /// <c>HrEmployee</c>, field <c>hrEmployees</c>), for services whose names clash; null (the default) keeps its names,
    /// and a clash stops the app at startup.
    /// </summary>
    public string? Prefix { get; set; }

    /// <summary>
    /// How often the gateway reads the service's description again (a Popcorn service's <see cref="SchemaPath"/>, an
    /// <see cref="PopcornUpstreamKind.OpenApi"/> service's <see cref="OpenApiPath"/>) to compare it with the one it
    /// serves: a changed one is served from then on, without a restart, unless it cannot be (a name clash), and the
    /// change is logged, as a Warning naming what broke when it is breaking, and shown under <c>upstreams</c> in the
    /// gateway's <c>/popcorn/schema</c>. Null (the default) reads it only at startup.
    /// </summary>
    public TimeSpan? SchemaCheckInterval { get; set; }
}
