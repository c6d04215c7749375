using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Serves <c>/graphql</c> (GraphQL over HTTP, GET and POST) as a numbered flow, each step a class of its own:
/// 1. read the request (<see cref="GatewayRequest"/>), 2. resolve a persisted document (<see cref="PersistedDocumentResolver"/>),
/// 3. find or prepare the validated operation for this caller (<see cref="GatewayOperations"/>: document cache, parse,
/// validation, planning, field authorization), 4. run it: a query through <see cref="GatewayExecutor"/>, a mutation
/// through <see cref="GatewayMutationRunner"/>. A refused request gets <c>errors</c> only
/// (<see cref="GatewayResponses"/>): 400 under <c>application/graphql-response+json</c>, 200 under <c>application/json</c>.
/// </summary>
/// <remarks>
/// Its services are given to it (the registry, the operations, the response writer, the root sources, the persisted
/// documents); it reaches through no other component. Logs under <c>Popcorn.Server.GatewayRequestHandler</c>,
/// the category docs/configuration.md documents for the gateway's events.
/// </remarks>
internal sealed class GatewayRequestHandler(
    PopcornRegistry registry,
    PopcornResponseWriter writer,
    RootSources sources,
    GatewayOperations operations,
    PersistedDocuments persistedDocuments,
    ILogger<GatewayRequestHandler> logger)
{
    private readonly PersistedDocumentResolver _persisted = new(persistedDocuments, registry.Options, registry.Metrics);

    private readonly GatewayExecutor _executor = new(registry, writer, sources, logger);

    private readonly GatewayMutationRunner _mutations = new(writer, sources, logger);

    internal GatewayDocumentCache Documents => operations.Documents;

    internal IntrospectionAnswers Introspection => _executor.Introspection;

    public async Task HandleAsync(HttpContext context)
    {
        // 1. Read.
        var (request, status, error) = await GatewayRequest.ReadAsync(context, registry.Options.MaxGatewayRequestBytes);
        if (request is null && status == GatewayRequest.ClientGone)
        {
            // An aborted or too-slow upload is the client's doing: one Debug line, no answer, no stack trace.
            logger.GatewayUploadAborted();
            return;
        }

        if (request is null)
        {
            await WriteErrorsAsync(context, status, [new GraphQLError(error!)]);
            return;
        }

        // 2. A persisted document.
        (request, var refusal) = await _persisted.ResolveAsync(context, request);
        if (refusal is { } refused)
        {
            await WriteErrorsAsync(context, refused.Status ?? GatewayResponses.DocumentErrorStatus(context), [refused.Error]);
            return;
        }

        if (string.IsNullOrWhiteSpace(request.Query))
        {
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest, [new GraphQLError("The request has no 'query'.")]);
            return;
        }

        // 3. The validated operation for this caller.
        registry.Metrics.Selection(request.Query, PopcornTelemetryTags.TransportGateway);
        using var span = PopcornTracing.StartGraphQLOperation(request.Query, request.OperationName);
        var (operation, errors, _) = await operations.ForCallerAsync(context, request);
        if (operation is null)
        {
            span?.SetStatus(System.Diagnostics.ActivityStatusCode.Error, "refused");
            await WriteErrorsAsync(context, GatewayResponses.DocumentErrorStatus(context), errors!);
            return;
        }

        if (operation.IsMutation && HttpMethods.IsGet(context.Request.Method))
        {
            // GraphQL over HTTP: a GET must never change anything, so a mutation sent over it is refused before it runs.
            context.Response.Headers.Allow = "POST";
            await WriteErrorsAsync(context, StatusCodes.Status405MethodNotAllowed, [new GraphQLError("A mutation cannot be sent with GET: send it with POST.", Code: "METHOD_NOT_ALLOWED")]);
            return;
        }

        // 4. Run and write.
        await (operation.IsMutation ? _mutations.RunAsync(context, operation) : _executor.RunAsync(context, operation));
    }

    /// <summary>GraphQL over HTTP takes GET and POST; other methods get a 405 that still speaks GraphQL (<c>errors</c>, not an empty body).</summary>
    public Task RefuseMethodAsync(HttpContext context)
    {
        context.Response.Headers.Allow = "GET, POST";
        return WriteErrorsAsync(context, StatusCodes.Status405MethodNotAllowed, [new GraphQLError($"The method {context.Request.Method} is not allowed: send GET or POST.")]);
    }

    private Task WriteErrorsAsync(HttpContext context, int status, IReadOnlyList<GraphQLError> errors) =>
        GatewayResponses.WriteErrorsAsync(writer, context, status, errors);
}
