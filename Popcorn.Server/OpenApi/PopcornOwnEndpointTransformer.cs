using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.AspNetCore.Routing;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Gives the endpoints Popcorn maps itself distinct operation ids and a summary. The gateway's GET and POST are one
/// endpoint named <c>PopcornGateway</c>, which ASP.NET Core would give both operations as their id (ids must be unique
/// in a document); they become <c>PopcornGatewayGet</c> and <c>PopcornGatewayPost</c>. The SDL, schema and normalize
/// endpoints have no name, so no id; they become <c>PopcornGatewaySdl</c>, <c>PopcornSchema</c> and <c>PopcornNormalize</c>.
/// </summary>
internal sealed class PopcornOwnEndpointTransformer : IOpenApiOperationTransformer
{
    /// <summary>Whether the action is one of Popcorn's own endpoints (for leaving them out of the document).</summary>
    public static bool IsOwn(ActionDescriptor action) => action.EndpointMetadata.OfType<PopcornOwnEndpointMetadata>().Any();

    public Task TransformAsync(OpenApiOperation operation, OpenApiOperationTransformerContext context, CancellationToken cancellationToken)
    {
        var metadata = context.Description.ActionDescriptor.EndpointMetadata;
        if (metadata.OfType<PopcornOwnEndpointMetadata>().LastOrDefault() is not { } own)
        {
            return Task.CompletedTask;
        }

        bool severalMethods = metadata.OfType<IHttpMethodMetadata>().LastOrDefault()?.HttpMethods.Count > 1;
        operation.OperationId = own.OperationIdFor(context.Description.HttpMethod, severalMethods);
        operation.Summary ??= own.Summary;
        return Task.CompletedTask;
    }
}
