using System.Collections.Concurrent;
using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace Popcorn.Server;

/// <summary>
/// What a Popcorn endpoint returns, known before its handler runs, so a selection is checked against the right type
/// before anything happens. Read from the endpoint's metadata, first match wins: an explicit type
/// (<c>.WithPopcorn&lt;T&gt;()</c>, <c>[Popcorn(typeof(T))]</c>), the handler's declared return type (a model, a
/// sequence, <c>Task&lt;T&gt;</c>, <c>Ok&lt;T&gt;</c>, <c>Results&lt;Created&lt;T&gt;, …&gt;</c>, <c>ActionResult&lt;T&gt;</c>),
/// then a 2xx response type it documents (<c>.Produces&lt;T&gt;()</c>, <c>[ProducesResponseType(typeof(T), 201)]</c>).
/// Cached per endpoint.
/// </summary>
internal sealed class EndpointModels(PopcornRegistry registry)
{
    private readonly ConcurrentDictionary<Endpoint, ResultShape?> _shapes = new(ReferenceEqualityComparer.Instance);

    /// <summary>The shape <paramref name="endpoint"/> declares, or null when nothing before the handler says.</summary>
    public ResultShape? ShapeOf(Endpoint? endpoint) =>
        endpoint is null ? null
        // Known only once the app has started (an upstream resource's type): asked of the endpoint, not cached.
        : endpoint.Metadata.GetMetadata<IResultShapeMetadata>() is { } late ? late.Shape
        : _shapes.GetOrAdd(endpoint, static (e, self) => self.Find(e.Metadata), this);

    /// <summary>
    /// The shape the endpoint behind an API description declares (for the OpenAPI document), read by the same rules
    /// but not cached: a document is built rarely, and an action descriptor is not the endpoint the cache is keyed by.
    /// </summary>
    public ResultShape? ShapeOf(ActionDescriptor action)
    {
        // An MVC action's endpoint carries its descriptor as metadata; the descriptor's own list does not.
        IEnumerable<object> metadata = action is ControllerActionDescriptor ? action.EndpointMetadata.Append(action) : action.EndpointMetadata;
        var collection = new EndpointMetadataCollection(metadata);
        return collection.GetMetadata<IResultShapeMetadata>() is { } late ? late.Shape : Find(collection);
    }

    private ResultShape? Find(EndpointMetadataCollection metadata)
    {
        if (metadata.GetMetadata<PopcornAttribute>()?.ModelType is { } explicitType)
        {
            return registry.ShapeOf(explicitType);
        }

        if (HandlerMethod(metadata) is { } method && registry.ShapeOf(method.ReturnType) is { } declared)
        {
            return declared;
        }

        foreach (var produces in metadata.GetOrderedMetadata<IProducesResponseTypeMetadata>())
        {
            if (produces is { StatusCode: >= 200 and < 300, Type: { } type } && registry.ShapeOf(type) is { } documented)
            {
                return documented;
            }
        }

        // MVC's [ProducesResponseType] describes itself to API explorer rather than as endpoint response metadata.
        foreach (var produces in metadata.GetOrderedMetadata<IApiResponseMetadataProvider>())
        {
            if (produces is { StatusCode: >= 200 and < 300, Type: { } type } && registry.ShapeOf(type) is { } documented)
            {
                return documented;
            }
        }

        return null;
    }

    /// <summary>The handler: a Minimal API delegate's method, or an MVC action's.</summary>
    public static MethodInfo? HandlerMethod(EndpointMetadataCollection metadata) =>
        metadata.GetMetadata<ControllerActionDescriptor>()?.MethodInfo ?? metadata.GetMetadata<MethodInfo>();
}
