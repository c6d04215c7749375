using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps Popcorn's schema tools: the model description and the query normalizer.</summary>
public static class PopcornSchemaEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps <c>GET /popcorn/schema</c> (every model, resource and root field as JSON, with the query parameter, header and
    /// gateway path that carry selections, and where <c>MapPopcornFigures</c> serves the live figures, or null),
    /// <c>GET /popcorn/normalize?query=…[&amp;type=…][&amp;variables=…]</c> (the canonical include and GraphQL forms of a query,
    /// checked against a model type when one is named, with a GraphQL document's variables bound when given as a JSON
    /// object; a bad query is a 400 problem) and
    /// <c>GET /popcorn/check?query=…[&amp;type=…][&amp;variables=…]</c> (the same verdict, always with 200: <c>{"valid":true,"include":…,"graphql":…}</c>
    /// or <c>{"valid":false,"problem":{…},"problems":[…]}</c>, for editors that check on every pause in typing; with
    /// <c>gateway=true</c> (and optionally <c>operationName</c>) a gateway document judged by the gateway for this caller,
    /// every error it would answer with in <c>problems</c>, nothing run, logged or counted).
    /// </summary>
    /// <returns>A builder for conventions on the three endpoints.</returns>
    public static IEndpointConventionBuilder MapPopcornSchema(this IEndpointRouteBuilder endpoints, string pattern = "/popcorn")
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var group = endpoints.MapGroup(pattern);
        group.MapGet("/schema", static async (HttpContext context, PopcornRegistry registry, EndpointModels models, PopcornGateway gateway, LiveFigures figures, EndpointDataSource dataSource, FieldAuthorization authorization) =>
        {
            var access = await authorization.DecideAllAsync(context);
            context.Response.ContentType = "application/json; charset=utf-8";
            await using var json = new Utf8JsonWriter(context.Response.BodyWriter, new JsonWriterOptions { Indented = true });
            SchemaJsonWriter.Write(json, registry.ModelTypes, ResourceDescription.FindAll(dataSource, models), gateway, registry, access, figures.Path, context.RequestServices.GetService<UpstreamSchemaWatch>()?.Statuses);
        }).WithMetadata(new PopcornOwnEndpointMetadata("PopcornSchema", "Every model, REST resource and gateway root field, as JSON."))
            .WithTags(PopcornOwnEndpointMetadata.Tag);
        group.MapGet("/normalize", static (HttpContext context, string? query, string? type, string? variables, PopcornRegistry registry, FieldAuthorization authorization) => NormalizeEndpoint.NormalizeAsync(context, query, type, variables, registry, authorization))
            .WithMetadata(new PopcornOwnEndpointMetadata("PopcornNormalize", "A query's canonical forms in both syntaxes."))
            .WithTags(PopcornOwnEndpointMetadata.Tag);
        group.MapGet("/check", static (HttpContext context, string? query, string? type, string? variables, string? gateway, string? operationName, PopcornRegistry registry, FieldAuthorization authorization, GatewayOperations operations, PopcornGateway popcornGateway) =>
                NormalizeEndpoint.CheckAsync(context, new CheckRequest(query, type, variables, gateway, operationName), registry, authorization, operations, popcornGateway))
            .WithMetadata(new PopcornOwnEndpointMetadata("PopcornCheck", "A query's verdict, always 200: its canonical forms, or the problem a request would get."))
            .WithTags(PopcornOwnEndpointMetadata.Tag);
        return group;
    }
}
