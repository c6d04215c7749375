namespace Popcorn.Server;

/// <summary>
/// Endpoint metadata of a REST resource served from an upstream root field (<c>MapPopcornUpstream</c>): which field,
/// and, once the services' schemas are read at startup, the shape a response of it has. The output cache's key
/// (<see cref="SelectionMeaning"/>, through <see cref="EndpointModels"/>) reads the shape from here
/// (<see cref="IResultShapeMetadata"/>), so an upstream resource's entries are keyed by the plan's signature and
/// tagged by the types it writes, as a local resource's are.
/// </summary>
internal sealed class UpstreamResourceEndpoint(string rootField, PopcornGateway gateway) : IResultShapeMetadata
{
    private ResultShape? _shape;

    /// <summary>The upstream root field, as the gateway's schema names it.</summary>
    public string RootField { get; } = rootField;

    /// <summary>The field's source; checked to exist when the schemas are read (<see cref="UpstreamSchemaLoader"/>).</summary>
    public UpstreamRootField Source => (UpstreamRootField)gateway.Find(RootField)!.Source;

    /// <summary>The type the resource writes and whether it is a list; null before the schemas are read.</summary>
    public ResultShape? Shape => _shape ??= gateway.Find(RootField)?.Source is UpstreamRootField source
        ? new ResultShape(source.Spec.Type, source.Spec.IsList)
        : null;
}
