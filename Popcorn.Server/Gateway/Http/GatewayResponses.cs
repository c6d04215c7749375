using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// GraphQL over HTTP's answers: the media type a client accepts, the status a refused document gets, and the
/// <c>errors</c>-only document, written through the same pooled writer as every response.
/// </summary>
internal static class GatewayResponses
{
    private const string GraphQLResponseMediaType = "application/graphql-response+json";

    /// <summary>The <c>data</c> key, encoded once rather than checked for escaping and transcoded with every answer.</summary>
    public static readonly JsonEncodedText DataKey = JsonEncodedText.Encode("data");

    /// <summary>Writes <c>{"errors": [...]}</c> with <paramref name="status"/>.</summary>
    public static Task WriteErrorsAsync(PopcornResponseWriter writer, HttpContext context, int status, IReadOnlyList<GraphQLError> errors) =>
        writer.WriteDocumentAsync(context, status, MediaType(context), PopcornTelemetryTags.EndpointGateway, errors, static (body, errors) =>
        {
            var json = body.Json;
            json.WriteStartObject();
            WriteErrorList(json, errors);
            json.WriteEndObject();
            return ValueTask.CompletedTask;
        });

    /// <summary>
    /// Writes <c>{"data": null, "errors": [error]}</c> with 200: an answer withheld whole because part of it could not be
    /// written after its ancestors were (a null element of a non-null list, a batch resolver failing mid-list).
    /// </summary>
    public static Task WriteWithheldAsync(PopcornResponseWriter writer, HttpContext context, GraphQLError error) =>
        writer.WriteDocumentAsync(context, StatusCodes.Status200OK, MediaType(context), PopcornTelemetryTags.EndpointGateway, error, static (body, error) =>
        {
            var json = body.Json;
            json.WriteStartObject();
            json.WriteNull(DataKey);
            WriteErrorList(json, [error]);
            json.WriteEndObject();
            return ValueTask.CompletedTask;
        });

    /// <summary>
    /// Answers for a batch resolver that failed after its root's value had begun: the whole answer withheld while
    /// nothing was sent, else the connection cut (a client never reads a list that silently lost its tail).
    /// </summary>
    public static Task AnswerUnresolvedAsync(PopcornResponseWriter writer, HttpContext context, BatchResolutionException error)
    {
        if (context.Response.HasStarted)
        {
            context.Abort();
            return Task.CompletedTask;
        }

        return WriteWithheldAsync(writer, context, new GraphQLError($"The field '{error.Field}' could not be resolved, so no data is sent. Try again later.", Code: "SOURCE_UNAVAILABLE"));
    }

    /// <summary>Writes the <c>errors</c> member into an open response object.</summary>
    public static void WriteErrorList(Utf8JsonWriter json, IReadOnlyList<GraphQLError> errors)
    {
        json.WriteStartArray("errors");
        foreach (var error in errors)
        {
            error.WriteTo(json);
        }

        json.WriteEndArray();
    }

    /// <summary>
    /// Writes <c>"extensions": {"warnings": [...]}</c> into an open response object when the operation has deprecation
    /// warnings (each with <c>message</c>, <c>locations</c> and <c>extensions.code</c> <c>DEPRECATED</c>, as an error is
    /// written); nothing otherwise.
    /// </summary>
    public static void WriteWarnings(Utf8JsonWriter json, IReadOnlyList<GraphQLError> warnings)
    {
        if (warnings.Count == 0)
        {
            return;
        }

        json.WriteStartObject("extensions");
        json.WriteStartArray("warnings");
        foreach (var warning in warnings)
        {
            warning.WriteTo(json);
        }

        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>GraphQL over HTTP: answer in <c>application/graphql-response+json</c> when the client accepts it, else <c>application/json</c>.</summary>
    public static string MediaType(HttpContext context) =>
        AcceptsGraphQLResponse(context) ? GraphQLResponseMediaType + "; charset=utf-8" : "application/json; charset=utf-8";

    /// <summary>
    /// A document that does not parse, validate or bind its variables: 400 for clients of
    /// <c>application/graphql-response+json</c>, and 200 with <c>errors</c> for <c>application/json</c> (which a missing
    /// Accept header means), because legacy clients read a non-2xx as a transport failure and never see the errors.
    /// </summary>
    public static int DocumentErrorStatus(HttpContext context) =>
        AcceptsGraphQLResponse(context) ? StatusCodes.Status400BadRequest : StatusCodes.Status200OK;

    private static bool AcceptsGraphQLResponse(HttpContext context) =>
        context.Request.Headers.Accept.ToString().Contains(GraphQLResponseMediaType, StringComparison.OrdinalIgnoreCase);
}
