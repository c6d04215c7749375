using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Maps Popcorn's own endpoints: the gateway and the schema tools.</summary>
public static class PopcornEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps the GraphQL-over-HTTP gateway at <paramref name="pattern"/> (GET and POST) and its SDL at
    /// <c>{pattern}/schema.graphql</c>. Declare the root fields in <paramref name="configure"/>.
    /// </summary>
    /// <returns>A builder for conventions on both endpoints (auth, rate limiting, CORS).</returns>
    public static IEndpointConventionBuilder MapPopcornGateway(this IEndpointRouteBuilder endpoints, string pattern, Action<PopcornGatewayBuilder> configure)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        ArgumentNullException.ThrowIfNull(configure);
        var builder = new PopcornGatewayBuilder();
        configure(builder);
        endpoints.ServiceProvider.GetRequiredService<PopcornGateway>().Add(builder.Fields);
        var group = endpoints.MapGroup(pattern);
        group.MapMethods(string.Empty, [HttpMethods.Get, HttpMethods.Post], static (HttpContext context, GatewayRequestHandler handler) => handler.HandleAsync(context))
            .WithName("PopcornGateway")
            .DisableAntiforgery();
        group.MapGet("/schema.graphql", static (PopcornRegistry registry, PopcornGateway gateway) =>
            Results.Text(SdlPrinter.Print(DistinctTypes(registry), gateway.Fields, registry), "text/plain; charset=utf-8"));
        return group;
    }

    /// <summary>
    /// Maps <c>GET /popcorn/schema</c> (every model, resource and root field as JSON) and
    /// <c>GET /popcorn/normalize?query=…[&amp;type=…]</c> (the canonical include and GraphQL forms of a query,
    /// checked against a model type when one is named).
    /// </summary>
    /// <returns>A builder for conventions on both endpoints.</returns>
    public static IEndpointConventionBuilder MapPopcornSchema(this IEndpointRouteBuilder endpoints, string pattern = "/popcorn")
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var group = endpoints.MapGroup(pattern);
        group.MapGet("/schema", static async (HttpContext context, PopcornRegistry registry, PopcornGateway gateway, EndpointDataSource dataSource) =>
        {
            context.Response.ContentType = "application/json; charset=utf-8";
            await using var json = new Utf8JsonWriter(context.Response.BodyWriter, new JsonWriterOptions { Indented = true });
            SchemaJsonWriter.Write(json, DistinctTypes(registry), ResourceDescription.FindAll(dataSource, registry), gateway.Fields, registry);
        });
        group.MapGet("/normalize", static (string? query, string? type, PopcornRegistry registry) => Normalize(query, type, registry));
        return group;
    }

    private static IResult Normalize(string? query, string? typeName, PopcornRegistry registry)
    {
        try
        {
            var tree = SelectionParser.Parse(query, registry.Options.Limits);
            int maxPrint = MaxNormalizedLengthFactor * registry.Options.Limits.MaxLength;
            if (SelectionPrinter.PrintIncludeWithin(tree, maxPrint) is not { } include)
            {
                return PopcornProblems.Result(new ProblemDetails
                {
                    Status = StatusCodes.Status400BadRequest,
                    Title = "Query too large to normalize",
                    Detail = $"Its fragments expand it to more than {maxPrint} characters.",
                });
            }

            if (!string.IsNullOrEmpty(typeName))
            {
                if (registry.FindWriter(typeName) is not { } writer)
                {
                    return PopcornProblems.Result(new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = "Unknown type", Detail = $"No model type is named '{typeName}'." });
                }

                PlanCompiler.Compile(writer.Metadata, tree, registry.Plans.CompilerOptions);
            }

            // The GraphQL print is at most a few times the include print, so bounding one bounds both.
            return Results.Json(new NormalizedQuery(include, tree.ToGraphQLString()), PopcornServerJsonContext.Default.NormalizedQuery);
        }
        catch (PopcornQueryException error)
        {
            return PopcornProblems.Result(error);
        }
    }

    /// <summary>How many times longer than the longest accepted query a normalized form may be.</summary>
    private const int MaxNormalizedLengthFactor = 16;

    private static IEnumerable<TypeMetadata> DistinctTypes(PopcornRegistry registry) =>
        registry.Writers.Select(w => w.Metadata).Distinct();
}

/// <summary>The canonical forms of a query in both syntaxes.</summary>
/// <param name="Include">The include form, e.g. <c>[id,manager[firstName]]</c>.</param>
/// <param name="GraphQL">The GraphQL form, e.g. <c>{ id manager { firstName } }</c>.</param>
public sealed record NormalizedQuery(string Include, [property: System.Text.Json.Serialization.JsonPropertyName("graphql")] string GraphQL);
