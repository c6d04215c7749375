using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Serves <c>/graphql</c> (GraphQL over HTTP, GET and POST): finds the validated operation in the document cache, or
/// parses the document (either selection syntax) and validates every root field, its arguments and its selection
/// through the same <see cref="PopcornPipeline"/> as REST before running any resolver (a refused document gets
/// <c>errors</c> only: 400 under <c>application/graphql-response+json</c>, 200 under <c>application/json</c>); then resolves the fields in order and writes <c>{"data": {...}}</c> with the same plans and
/// writers as REST. A resolver that throws yields <c>null</c> for its field and an error.
/// </summary>
internal sealed class GatewayRequestHandler(
    PopcornPipeline pipeline,
    PopcornResponseWriter writer,
    PopcornGateway gateway,
    PersistedDocuments persistedDocuments,
    ILogger<GatewayRequestHandler> logger)
{
    private const string GraphQLResponseMediaType = "application/graphql-response+json";

    private readonly GatewayOperationPlanner _planner = new(pipeline, gateway);

    private readonly GatewayMutationRunner _mutations = new(writer, logger);

    private readonly PersistedDocumentResolver _persisted = new(persistedDocuments, pipeline.Registry.Options, pipeline.Metrics);

    internal GatewayDocumentCache Documents { get; } = new(pipeline.Registry.Options.PlanCacheCapacity, pipeline.Metrics);

    internal IntrospectionAnswers Introspection { get; } = new(pipeline.Registry.Options.WriterOptions);

    public async Task HandleAsync(HttpContext context)
    {
        var (request, status, error) = await GatewayRequest.ReadAsync(context, pipeline.Registry.Options.MaxGatewayRequestBytes);
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

        (request, var refusal) = await _persisted.ResolveAsync(context, request);
        if (refusal is { } refused)
        {
            await WriteErrorsAsync(context, refused.Status ?? DocumentErrorStatus(context), [refused.Error]);
            return;
        }

        if (string.IsNullOrWhiteSpace(request.Query))
        {
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest, [new GraphQLError("The request has no 'query'.")]);
            return;
        }

        pipeline.Metrics.Selection(request.Query, PopcornTelemetryTags.TransportGateway);
        using var span = PopcornTracing.StartGraphQLOperation(request.Query, request.OperationName);
        bool cacheable = GatewayDocumentCache.TryGetKey(request, out var key);
        var (operation, errors) = await OperationForCallerAsync(context, request, cacheable, key);
        if (operation is null)
        {
            span?.SetStatus(System.Diagnostics.ActivityStatusCode.Error, "refused");
            await WriteErrorsAsync(context, DocumentErrorStatus(context), errors!);
            return;
        }

        if (operation.IsMutation && HttpMethods.IsGet(context.Request.Method))
        {
            // GraphQL over HTTP: a GET must never change anything, so a mutation sent over it is refused before it runs.
            context.Response.Headers.Allow = "POST";
            await WriteErrorsAsync(context, StatusCodes.Status405MethodNotAllowed, [new GraphQLError("A mutation cannot be sent with GET: send it with POST.", Code: "METHOD_NOT_ALLOWED")]);
            return;
        }

        await (operation.IsMutation ? _mutations.RunAsync(context, operation) : RunAsync(context, operation));
    }

    /// <summary>
    /// The validated operation for this caller, from the document cache or prepared. An operation whose plans touch no
    /// protected field serves everyone as it is; otherwise every policy is decided for the caller and, when one is
    /// refused, the operation planned for that set of refusals is used (cached under it). A document that is
    /// refused outright is refused again with the caller's access when the gateway has protected fields, so its errors
    /// never mention a field the caller may not see.
    /// </summary>
    private async ValueTask<(GatewayOperation? Operation, List<GraphQLError>? Errors)> OperationForCallerAsync(HttpContext context, GatewayRequest request, bool cacheable, GatewayDocumentCache.Key key)
    {
        if (!cacheable || !Documents.TryGet(key, out var operation))
        {
            var errors = new List<GraphQLError>();
            operation = Prepare(request, errors, FieldAccess.Unrestricted);
            if (operation is null)
            {
                var policies = pipeline.Registry.AllPolicies;
                var access = policies.Count == 0 ? FieldAccess.Unrestricted : await pipeline.Authorization.DecideAsync(context, policies);
                if (access.IsUnrestricted)
                {
                    return (null, errors);
                }

                errors = new List<GraphQLError>();
                operation = Prepare(request, errors, access);
                if (operation is null)
                {
                    return (null, errors);
                }

                key = key with { Access = access };
            }

            if (cacheable)
            {
                Documents.Add(key, operation);
            }
        }

        if (operation.Policies.Count == 0 || !operation.Access.IsUnrestricted)
        {
            return (operation, null);
        }

        // Every policy, not only those touched, so which are evaluated never depends on which names exist (timing).
        var decided = await pipeline.Authorization.DecideAllAsync(context);
        if (decided.IsUnrestricted)
        {
            return (operation, null);
        }

        var restrictedKey = key with { Access = decided };
        if (cacheable && Documents.TryGet(restrictedKey, out var restricted))
        {
            return (restricted, null);
        }

        var restrictedErrors = new List<GraphQLError>();
        restricted = Prepare(request, restrictedErrors, decided);
        if (restricted is null)
        {
            return (null, restrictedErrors);
        }

        if (cacheable)
        {
            Documents.Add(restrictedKey, restricted);
        }

        return (restricted, null);
    }

    /// <summary>GraphQL over HTTP takes GET and POST; other methods get a 405 that still speaks GraphQL (<c>errors</c>, not an empty body).</summary>
    public Task RefuseMethodAsync(HttpContext context)
    {
        context.Response.Headers.Allow = "GET, POST";
        return WriteErrorsAsync(context, StatusCodes.Status405MethodNotAllowed, [new GraphQLError($"The method {context.Request.Method} is not allowed: send GET or POST.")]);
    }

    /// <summary>Parses and validates the request's document; null with <paramref name="errors"/> filled when it is refused.</summary>
    private GatewayOperation? Prepare(GatewayRequest request, List<GraphQLError> errors, FieldAccess access)
    {
        SelectionTree? document;
        bool mutation;
        try
        {
            document = ParseValid(request, errors, access, out mutation);
        }
        catch (PopcornQueryException e)
        {
            errors.Add(GraphQLError.From(pipeline.Rejected(e)));
            return null;
        }

        var operation = document is null ? null : _planner.Plan(document, errors, access, mutation);
        if (operation is null && errors.Count > 0 && errors[0].Source is null)
        {
            // The schema's validation errors and root-level mistakes are the gateway's own; selection errors were logged by the pipeline.
            pipeline.Rejected(errors[0].Message, errors[0].Location);
        }

        // Errors from a PopcornQueryException were counted by the pipeline; the gateway's own are counted here.
        foreach (var error in errors)
        {
            if (error.Source is null)
            {
                pipeline.Metrics.Rejected(error.Kind);
            }
        }

        return operation;
    }

    /// <summary>
    /// The tree of the operation to run, or null with the spec's validation errors. A GraphQL document is validated
    /// against the schema before any variable is bound, once per distinct text; the include syntax (a Popcorn extension)
    /// and the whole-document <c>{}</c> have no GraphQL validation and are checked by the planner alone.
    /// </summary>
    /// <exception cref="PopcornQueryException">The text does not parse, or its variables do not bind.</exception>
    private SelectionTree? ParseValid(GatewayRequest request, List<GraphQLError> errors, FieldAccess access, out bool mutation)
    {
        mutation = false;
        string query = request.Query!;
        if (SelectionParser.DetectSyntax(query) != SelectionSyntax.GraphQL)
        {
            return pipeline.Parse(query, request.Variables, request.OperationName);
        }

        bool validated = Documents.TryGetValidated(query, out var document);
        if (!validated)
        {
            document = pipeline.ParseDocument(query);
            if (document is null)
            {
                return SelectionTree.Default;
            }
        }

        // A caller refused some policies is validated against the schema it may see, every time: a hidden field must be
        // reported exactly as an unknown one is, and never suggested (docs/authorization.md). The cache holds documents
        // valid for everyone. With UnauthorizedFields = Forbid the field is not hidden: the planner answers FORBIDDEN.
        bool hides = !access.IsUnrestricted && pipeline.Registry.Options.UnauthorizedFields == UnauthorizedFieldHandling.Hide;
        if (!validated || hides)
        {
            var invalid = DocumentValidator.Validate(hides ? gateway.SchemaFor(access) : gateway.Schema, query, document!);
            if (invalid.Count > 0)
            {
                errors.AddRange(invalid);
                return null;
            }

            if (!hides)
            {
                Documents.AddValidated(query, document!);
            }
        }

        if (document!.Selected(request.OperationName) is { Type: GraphQLOperationType.Mutation } selected)
        {
            // A mutation's variables are coerced against the schema's input types before anything runs (6.1.2).
            mutation = true;
            VariableValueRules.Check(hides ? gateway.SchemaFor(access) : gateway.Schema, query, selected, request.Variables, errors);
            if (errors.Count > 0)
            {
                return null;
            }
        }

        return pipeline.Normalize(query, document, request.Variables, request.OperationName);
    }

    private async Task RunAsync(HttpContext context, GatewayOperation operation)
    {
        var steps = operation.Steps;
        var values = new object?[steps.Count];
        var failed = new bool[steps.Count];
        var errors = new List<GraphQLError>();

        // Upstream services are called first and all at once; local resolvers then run in order while they answer.
        var upstream = UpstreamCalls.Start(context, steps);
        for (int i = 0; i < steps.Count; i++)
        {
            var step = steps[i];
            if (step.Field is null || step.Field.Upstream is not null)
            {
                continue;
            }

            using var resolve = PopcornTracing.StartResolve(step.Field.Name);
            try
            {
                values[i] = await step.Field.ResolveAsync(context, step.Arguments!);
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                resolve?.SetStatus(System.Diagnostics.ActivityStatusCode.Error, e.GetType().Name);
                logger.GatewayFieldFailed(e, step.Field.Name);
                errors.Add(new GraphQLError($"The field '{step.Field.Name}' could not be resolved.", step.Location, step.Key, "INTERNAL_SERVER_ERROR"));
                failed[i] = true;
            }
        }

        if (upstream is not null)
        {
            await UpstreamCalls.CompleteAsync(upstream, steps, values, failed, errors);
        }

        bool written = await writer.WriteDocumentAsync(context, StatusCodes.Status200OK, ResponseMediaType(context), PopcornTelemetryTags.EndpointGateway, (writer, steps, values, failed, errors, context, operation.Schema, Introspection), static async (body, state) =>
        {
            var (responseWriter, steps, values, failed, errors, context, schema, introspection) = state;
            var json = body.Json;
            json.WriteStartObject();
            json.WriteStartObject("data");
            for (int i = 0; i < steps.Count; i++)
            {
                var step = steps[i];
                json.WritePropertyName(step.Key);
                if (step.Introspection is not null)
                {
                    introspection.Write(json, schema, step.Introspection);
                }
                else if (step.Field is null)
                {
                    json.WriteStringValue(SchemaModel.QueryTypeName);
                }
                else if (failed[i])
                {
                    json.WriteNullValue();
                }
                else if (values[i] is UpstreamValue upstreamValue)
                {
                    json.WriteRawValue(upstreamValue.Json.Span, skipInputValidation: true);
                }
                else if (await PrepareAsync(responseWriter, values[i], step, errors, context) is (true, var prepared))
                {
                    await responseWriter.WritePreparedValueAsync(body, prepared, step.Shape!, step.Plan!, context);
                }
                else
                {
                    json.WriteNullValue();
                }

                // Between root fields is a safe point: many large roots stream instead of being held whole.
                if (body.PendingBytes >= ResponseBody.FlushThreshold)
                {
                    await body.FlushAsync(context.RequestAborted);
                }
            }

            json.WriteEndObject();
            if (errors.Count > 0)
            {
                WriteErrorList(json, errors);
            }

            json.WriteEndObject();
        });
        if (!written)
        {
            long limit = pipeline.Registry.Options.MaxResponseBytes;
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest,
                [new GraphQLError($"The response would be larger than {limit} bytes, the most this server sends. Select fewer fields or aliases.", Code: "RESPONSE_TOO_LARGE")]);
        }
    }

    /// <summary>
    /// Starts a root field's source just before its value is written: roots run one after another, as they would
    /// without Popcorn (one open reader per connection, which PostgreSQL requires). A source that is down becomes
    /// this field's error and a null, while the roots before and after it are still answered; the errors follow
    /// <c>data</c>, so one found mid-document can still be reported. Not available when the source was down.
    /// </summary>
    internal static async ValueTask<(bool Available, object? Value)> PrepareAsync(PopcornResponseWriter writer, object? value, GatewayStep step, List<GraphQLError> errors, HttpContext context)
    {
        try
        {
            return (true, await writer.PrepareAsync(value, step.Shape!, step.Plan!, context));
        }
        catch (PopcornSourceUnavailableException)
        {
            // The projector logged the provider's error; the client learns only that the source is unavailable.
            errors.Add(new GraphQLError($"The data source of the field '{step.Field!.Name}' is unavailable. Try again later.", step.Location, step.Key, "SOURCE_UNAVAILABLE"));
            return (false, null);
        }
    }

    internal Task WriteErrorsAsync(HttpContext context, int status, IReadOnlyList<GraphQLError> errors) =>
        writer.WriteDocumentAsync(context, status, ResponseMediaType(context), PopcornTelemetryTags.EndpointGateway, errors, static (body, errors) =>
        {
            var json = body.Json;
            json.WriteStartObject();
            WriteErrorList(json, errors);
            json.WriteEndObject();
            return ValueTask.CompletedTask;
        });

    internal static void WriteErrorList(Utf8JsonWriter json, IReadOnlyList<GraphQLError> errors)
    {
        json.WriteStartArray("errors");
        foreach (var error in errors)
        {
            error.WriteTo(json);
        }

        json.WriteEndArray();
    }

    /// <summary>GraphQL over HTTP: answer in <c>application/graphql-response+json</c> when the client accepts it, else <c>application/json</c>.</summary>
    internal static string ResponseMediaType(HttpContext context) =>
        AcceptsGraphQLResponse(context) ? GraphQLResponseMediaType + "; charset=utf-8" : "application/json; charset=utf-8";

    private static bool AcceptsGraphQLResponse(HttpContext context) =>
        context.Request.Headers.Accept.ToString().Contains(GraphQLResponseMediaType, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// A document that does not parse, validate or bind its variables: 400 for clients of
    /// <c>application/graphql-response+json</c>, and 200 with <c>errors</c> for <c>application/json</c> (which a missing
    /// Accept header means), because legacy clients read a non-2xx as a transport failure and never see the errors.
    /// </summary>
    private static int DocumentErrorStatus(HttpContext context) =>
        AcceptsGraphQLResponse(context) ? StatusCodes.Status400BadRequest : StatusCodes.Status200OK;
}
