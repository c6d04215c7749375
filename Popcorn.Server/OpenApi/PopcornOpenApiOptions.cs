namespace Popcorn.Server;

/// <summary>How Popcorn describes an app in its OpenAPI document; set in <c>services.AddOpenApi(o =&gt; o.AddPopcorn(p =&gt; ...))</c>.</summary>
public sealed class PopcornOpenApiOptions
{
    /// <summary>
    /// Whether the endpoints Popcorn maps itself (the <c>/graphql</c> gateway's GET and POST and its SDL,
    /// <c>/popcorn/schema</c>, <c>/popcorn/normalize</c>) are in the document, under the <c>Popcorn</c> tag with
    /// distinct operation ids. Default <see langword="true"/>; the REST endpoints that use Popcorn are always described.
    /// </summary>
    public bool IncludePopcornEndpoints { get; set; } = true;
}
