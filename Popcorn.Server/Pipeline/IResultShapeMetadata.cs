namespace Popcorn.Server;

/// <summary>
/// Endpoint metadata of a Popcorn REST endpoint whose shape is known only once the app has started (a resource served
/// from an upstream service, whose type comes from the service's schema): <see cref="EndpointModels"/> asks it instead
/// of the handler's signature, and output caching keys such an endpoint as any Popcorn endpoint. Lets the REST side
/// serve those endpoints without knowing where their types come from.
/// </summary>
internal interface IResultShapeMetadata
{
    /// <summary>The type written and whether it is a list; null before the app has started.</summary>
    ResultShape? Shape { get; }
}
