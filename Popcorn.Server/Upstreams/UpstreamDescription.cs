namespace Popcorn.Server;

/// <summary>
/// How the gateway reads what a service says about itself, whatever the service is: a Popcorn service's
/// <c>/popcorn/schema</c> (<see cref="UpstreamSchemaReader"/>) or a plain service's OpenAPI document
/// (<see cref="OpenApiSchemaReader"/>), both read into the same <see cref="UpstreamSchema"/>. The one place that tells
/// the two kinds apart: reading at startup (<see cref="UpstreamSchemaLoader"/>), composing
/// (<see cref="UpstreamSchemaComposer"/>) and reading again (<see cref="UpstreamSchemaWatch"/>) all go through it.
/// </summary>
internal static class UpstreamDescription
{
    /// <summary>Where the service serves its description: <see cref="PopcornUpstreamOptions.SchemaPath"/> or <see cref="PopcornUpstreamOptions.OpenApiPath"/>.</summary>
    public static string PathOf(PopcornUpstreamOptions settings) =>
        settings.Kind == PopcornUpstreamKind.OpenApi ? settings.OpenApiPath : settings.SchemaPath;

    /// <summary>What the description is called in messages: <c>schema</c> or <c>OpenAPI document</c>.</summary>
    public static string NameOf(PopcornUpstreamOptions settings) =>
        settings.Kind == PopcornUpstreamKind.OpenApi ? "OpenAPI document" : "schema";

    /// <summary>
    /// Reads <paramref name="document"/>; <paramref name="leftOut"/>, when given, gets a plain service's GET operations
    /// that are not served and why.
    /// </summary>
    /// <exception cref="UnreadableDescriptionException">The document is not a description of its kind at all (not JSON, not a Popcorn schema, not OpenAPI 3).</exception>
    /// <exception cref="InvalidOperationException">The description cannot be served (an operation the gateway cannot serve, nothing to serve).</exception>
    public static UpstreamSchema Read(string service, ReadOnlyMemory<byte> document, PopcornUpstreamOptions settings, List<string>? leftOut = null) =>
        settings.Kind == PopcornUpstreamKind.OpenApi
            ? OpenApiSchemaReader.Read(service, document, settings, leftOut ?? [])
            : UpstreamSchemaReader.Read(service, document, settings.Prefix);
}
