using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Runs a query: starts the calls of root fields served by upstream services (docs/gateway.md), resolves the other root fields in the document's order, then writes <c>{"data": {...}}</c> with the same
/// plans and writers as REST. A resolver that throws yields <c>null</c> for its field and an error; so does a source
/// that is down.
/// </summary>
internal sealed class GatewayExecutor(PopcornRegistry registry, PopcornResponseWriter writer, RootSources sources, ILogger logger)
{
    private readonly PopcornResponseWriter _writer = writer;
    private readonly RootFieldWriter _roots = new(writer, sources);
    private readonly ConnectionWriter _connections = new(sources);

    internal IntrospectionAnswers Introspection { get; } = new(registry.Options.WriterOptions);

    /// <summary>Resolves the query's root fields in order, then writes <c>{"data": {...}}</c> (and the errors of fields that failed).</summary>
    public async Task RunAsync(HttpContext context, GatewayOperation operation)
    {
        var steps = operation.Steps;
        var values = new object?[steps.Length];
        var failed = new bool[steps.Length];
        var errors = new List<GraphQLError>();

        // Upstream services are called first and all at once; local resolvers then run in order while they answer.
        var upstream = UpstreamCalls.Start(context, steps);
        for (int i = 0; i < steps.Length; i++)
        {
            var step = steps[i];
            if (step.Field is null || step.Field.Source.StartsAtOnce)
            {
                continue;
            }

            using var resolve = PopcornTracing.StartResolve(step.Field.Name);
            try
            {
                values[i] = await step.Field.Source.ReadAsync(context, step);
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

        bool written;
        try
        {
            written = await WriteStreamingAsync(context, steps, values, failed, errors, operation);
        }
        catch (PopcornSourceLimitExceededException limit)
        {
            // A root's source passed its limit after its first element (RootSources.OpenAsync reports one before): while
            // nothing was sent, the held document is dropped for the error, as for a response too large; after, it is cut off.
            if (context.Response.HasStarted)
            {
                context.Abort();
                return;
            }

            await GatewayResponses.WriteErrorsAsync(_writer, context, StatusCodes.Status400BadRequest, [new GraphQLError(limit.Message, Code: limit.Code)]);
            return;
        }
        catch (NullElementRefusal refusal)
        {
            await refusal.AnswerAsync(_writer, context, logger);
            return;
        }
        catch (BatchResolutionException unresolved)
        {
            // A chunk after the first failed (the first is RootFieldWriter's to answer): the root's array had begun.
            await GatewayResponses.AnswerUnresolvedAsync(_writer, context, unresolved);
            return;
        }

        if (!written)
        {
            long limit = registry.Options.MaxResponseBytes;
            await GatewayResponses.WriteErrorsAsync(_writer, context, StatusCodes.Status400BadRequest,
                [new GraphQLError($"The response would be larger than {limit} bytes, the most this server sends. Select fewer fields or aliases.", Code: "RESPONSE_TOO_LARGE")]);
        }
    }

    /// <summary>
    /// Writes the answer; when the one root field that streams (<see cref="GatewayStep.StreamsToClient"/>) fails while
    /// nothing has been sent, the held answer is dropped and written again with the field null and its error, as a field
    /// read whole first would be answered; once bytes have left, the connection is cut (the client sees an incomplete
    /// document, never a wrong one).
    /// </summary>
    private async Task<bool> WriteStreamingAsync(HttpContext context, GatewayStep[] steps, object?[] values, bool[] failed, List<GraphQLError> errors, GatewayOperation operation)
    {
        try
        {
            return await WriteAsync(context, steps, values, failed, errors, operation);
        }
        catch (UpstreamUnavailableException e) when (steps is [{ StreamsToClient: true } streamed])
        {
            if (context.Response.HasStarted)
            {
                logger.GatewayStreamCut(streamed.Field!.Name, e.Message);
                context.Abort();
                return true;
            }

            errors.Add(new GraphQLError($"The field '{streamed.Field!.Name}' is unavailable. {e.Message}", streamed.Location, streamed.Key, "SOURCE_UNAVAILABLE"));
            failed[0] = true;
            return await WriteAsync(context, steps, values, failed, errors, operation);
        }
    }

    private Task<bool> WriteAsync(HttpContext context, GatewayStep[] steps, object?[] values, bool[] failed, List<GraphQLError> errors, GatewayOperation operation) =>
        _writer.WriteDocumentAsync(context, StatusCodes.Status200OK, GatewayResponses.MediaType(context), PopcornTelemetryTags.EndpointGateway, (this, steps, values, failed, errors, context, operation), static async (body, state) =>
        {
            var (self, steps, values, failed, errors, context, operation) = state;
            var schema = operation.Schema;
            var json = body.Json;
            json.WriteStartObject();
            json.WriteStartObject(GatewayResponses.DataKey);
            for (int i = 0; i < steps.Length; i++)
            {
                var step = steps[i];
                json.WritePropertyName(step.EncodedKey);
                if (step.Introspection is not null)
                {
                    self.Introspection.Write(json, schema, step.Introspection);
                }
                else if (step.Field is null)
                {
                    json.WriteStringValue(SchemaModel.QueryTypeName);
                }
                else if (failed[i])
                {
                    json.WriteNullValue();
                }
                else if (step.StreamsToClient)
                {
                    await ((OpenApiRootField)step.Field.Source).StreamAsync(context, step, body);
                }
                else
                {
                    try
                    {
                        await (step.Connection is not null
                            ? self._connections.WriteAsync(body, values[i], step, errors, context)
                            : self._roots.WriteAsync(body, values[i], step, errors, context));
                    }
                    catch (Popcorn.Query.PopcornNullElementException e)
                    {
                        throw new NullElementRefusal(step, e);
                    }
                }

                await RootFieldWriter.FlushWhenPendingAsync(body, context);
            }

            RootFieldWriter.WriteEnd(json, errors, operation);
        });

    /// <summary>
    /// Starts a root field's source just before its value is written: roots run one after another, as they would
    /// without Popcorn (one open reader per connection, which PostgreSQL requires). A source that is down becomes
    /// this field's error and a null, while the roots before and after it are still answered; the errors follow
    /// <c>data</c>, so one found mid-document can still be reported. Not available when the source was down.
    /// </summary>
    internal static async ValueTask<(bool Available, object? Value)> OpenAsync(RootSources sources, object? value, GatewayStep step, List<GraphQLError> errors, HttpContext context)
    {
        try
        {
            return (true, await sources.OpenAsync(value, step.Shape!, step.Plan!, context));
        }
        catch (PopcornSourceLimitExceededException limit)
        {
            // The selection asked this field's source for more than the app allows: the client's error, named.
            errors.Add(new GraphQLError(limit.Message, step.Location, step.Key, limit.Code));
            return (false, null);
        }
        catch (PopcornSourceUnavailableException)
        {
            // The projector logged the provider's error; the client learns only that the source is unavailable.
            errors.Add(new GraphQLError($"The data source of the field '{step.Field!.Name}' is unavailable. Try again later.", step.Location, step.Key, "SOURCE_UNAVAILABLE"));
            return (false, null);
        }
    }
}
