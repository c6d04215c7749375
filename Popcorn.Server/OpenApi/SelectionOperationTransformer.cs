using System.Text.Json.Nodes;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Describes the selection on every endpoint Popcorn writes (<c>.WithPopcorn()</c>, <c>[Popcorn]</c>): the query
/// parameter and the header (names from <see cref="PopcornOptions"/>), the fields a client can select and their defaults
/// (in the description and the <c>x-popcorn</c> extension), and the 400 problem. The model is the one the pipeline
/// itself uses for the endpoint (<see cref="EndpointModels"/>); when none is known before the handler runs, the
/// parameters are still documented, without the field list. The CSV and JSON Lines bodies and the 406 are documented
/// beside the JSON one (<see cref="FormatResponses"/>), and the JSON bodies in the configured envelope
/// (<see cref="EnvelopedResponses"/>). A REST resource an upstream service answers (<c>MapPopcornUpstream</c>) is
/// described the same way, its response schema built from the service's types (<see cref="UpstreamResponses"/>).
/// </summary>
internal sealed class SelectionOperationTransformer : IOpenApiOperationTransformer
{
    public Task TransformAsync(OpenApiOperation operation, OpenApiOperationTransformerContext context, CancellationToken cancellationToken)
    {
        var action = context.Description.ActionDescriptor;
        var upstream = action.EndpointMetadata.OfType<UpstreamResourceEndpoint>().FirstOrDefault();
        if (upstream is null && !action.EndpointMetadata.OfType<IPopcornEndpointMetadata>().Any())
        {
            return Task.CompletedTask;
        }

        var registry = OpenApiServices.Registry(context.ApplicationServices);
        var options = registry.Options;
        var shape = OpenApiServices.Models(context.ApplicationServices).ShapeOf(action);
        var model = shape?.Writer.Metadata;
        string queryDescription = model is null
            ? "Chooses the fields of the response, in the include syntax (`[id,author[name]]`) or the GraphQL-like syntax (`{ id author { name } }`)."
            : SelectionDescription.ForQueryParameter(model, shape!.IsSequence, options);
        string headerDescription = model is null
            ? $"The same selection as the `{options.QueryParameterName}` query parameter, for selections too long for a URL. Send one or the other: both is a 400 problem."
            : SelectionDescription.ForHeader(model, options);

        operation.Parameters ??= new List<IOpenApiParameter>();
        AddParameter(operation.Parameters, options.QueryParameterName, ParameterLocation.Query, queryDescription, model is null ? null : SelectionDescription.DefaultSelection(model));
        AddParameter(operation.Parameters, options.HeaderName, ParameterLocation.Header, headerDescription, example: null);
        if (model is not null)
        {
            operation.Extensions ??= new Dictionary<string, IOpenApiExtension>();
            operation.Extensions[SelectionDescription.ExtensionName] = new JsonNodeExtension(SelectionDescription.Extension(model, shape!.IsSequence, options));
        }

        if (context.Document is { } document)
        {
            if (upstream?.Shape is { } answered)
            {
                UpstreamResponses.AddTo(operation, document, answered); // first: the formats and the envelope read its JSON schema
            }

            ProblemResponse.AddTo(operation, document, registry.Envelope, modelKnown: model is not null);
            FormatResponses.AddTo(operation, document, shape?.IsSequence ?? false);
            EnvelopedResponses.AddTo(operation, document, registry.Envelope); // after the formats, which read the bare JSON schema
        }

        return Task.CompletedTask;
    }

    private static void AddParameter(IList<IOpenApiParameter> parameters, string name, ParameterLocation location, string description, string? example)
    {
        // A handler that binds the selection itself (a `string? include` parameter) already documents it; it keeps its own words.
        if (parameters.Any(p => p.In == location && string.Equals(p.Name, name, StringComparison.OrdinalIgnoreCase)))
        {
            return;
        }

        parameters.Add(new OpenApiParameter
        {
            Name = name,
            In = location,
            Required = false,
            Description = description,
            Schema = new OpenApiSchema { Type = JsonSchemaType.String },
            Example = example is null ? null : JsonValue.Create(example),
        });
    }
}
