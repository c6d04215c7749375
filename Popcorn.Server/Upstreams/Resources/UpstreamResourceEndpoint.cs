namespace Popcorn.Server;

/// <summary>
/// Endpoint metadata of a REST resource served from an upstream root field (<c>MapPopcornUpstream</c>): which field,
/// and, once the services' schemas are read, the shape a response of it has. The output cache's key
/// (<see cref="SelectionMeaning"/>, through <see cref="EndpointModels"/>) reads the shape from here
/// (<see cref="IResultShapeMetadata"/>), so an upstream resource's entries are keyed by the plan's signature and
/// tagged by the types it writes, as a local resource's are.
/// </summary>
internal sealed class UpstreamResourceEndpoint(string rootField, PopcornGateway gateway) : IResultShapeMetadata
{
    private Known? _shape; // one object, so a reader never pairs one generation with another's shape

    /// <summary>The upstream root field, as the gateway's schema names it.</summary>
    public string RootField { get; } = rootField;

    /// <summary>The field's source; checked to exist whenever schemas are served (<see cref="UpstreamSchemaComposer"/>).</summary>
    public IUpstreamSource Source => (IUpstreamSource)gateway.Find(RootField)!.Source;

    /// <summary>The type the resource writes and whether it is a list, in the generation served now; null before the schemas are read.</summary>
    public ResultShape? Shape
    {
        get
        {
            var known = _shape;
            var served = gateway.Current;
            if (known?.Served != served)
            {
                known = new Known(served, served.Find(RootField)?.Source is IUpstreamSource source ? new ResultShape(source.Spec.Type, source.Spec.IsList) : null);
                _shape = known;
            }

            return known.Shape;
        }
    }

    private sealed record Known(GatewayRootFields Served, ResultShape? Shape);
}
