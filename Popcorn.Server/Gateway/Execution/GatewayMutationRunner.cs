using System.Data.Common;
using System.Diagnostics;
using System.Net.Sockets;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Runs a mutation's fields as the spec's ExecuteSelectionSet does for mutations: one at a time in the document's order,
/// each resolved, read back (an <c>IQueryable</c> projected by its selection, in one statement after the write) and
/// written before the next one starts, so every result shows the state its own write left. A field that fails is
/// <c>null</c> with an error, and the fields after it still run (each field is its own write; an app that needs
/// all-or-nothing does it in one field, in one transaction).
/// </summary>
internal sealed class GatewayMutationRunner(PopcornResponseWriter writer, RootSources sources, ILogger logger)
{
    private readonly PopcornResponseWriter _writer = writer;
    private readonly RootFieldWriter _roots = new(writer, sources);

    public async Task RunAsync(HttpContext context, GatewayOperation operation)
    {
        var errors = new List<GraphQLError>();
        bool written;
        try
        {
            written = await WriteAsync(context, operation, errors);
        }
        catch (NullElementRefusal refusal)
        {
            // The writes have happened; only their answer breaks the schema, which the error says.
            await refusal.AnswerAsync(_writer, context, logger);
            return;
        }
        catch (BatchResolutionException unresolved)
        {
            await GatewayResponses.AnswerUnresolvedAsync(_writer, context, unresolved);
            return;
        }

        if (!written)
        {
            // The writes have happened; only the answer is too large to send. Say so, rather than imply nothing ran.
            await _writer.WriteDocumentAsync(context, StatusCodes.Status200OK, GatewayResponses.MediaType(context), PopcornTelemetryTags.EndpointGateway, errors, static (body, _) =>
            {
                var json = body.Json;
                json.WriteStartObject();
                json.WriteNull("data");
                json.WriteStartArray("errors");
                new GraphQLError("The mutation ran, but its result is larger than this server sends. Select fewer fields.", Code: "RESPONSE_TOO_LARGE").WriteTo(json);
                json.WriteEndArray();
                json.WriteEndObject();
                return ValueTask.CompletedTask;
            });
        }
    }

    private Task<bool> WriteAsync(HttpContext context, GatewayOperation operation, List<GraphQLError> errors) =>
        _writer.WriteDocumentAsync(context, StatusCodes.Status200OK, GatewayResponses.MediaType(context), PopcornTelemetryTags.EndpointGateway, (this, operation, errors, context), static async (body, state) =>
        {
            var (self, operation, errors, context) = state;
            var json = body.Json;
            json.WriteStartObject();
            json.WriteStartObject(GatewayResponses.DataKey);
            foreach (var step in operation.Steps)
            {
                json.WritePropertyName(step.EncodedKey);
                if (step.Field is null)
                {
                    json.WriteStringValue(SchemaModel.MutationTypeName);
                    continue;
                }

                var (resolved, value) = await self.ResolveAsync(step, errors, context);
                if (resolved)
                {
                    try
                    {
                        await self._roots.WriteAsync(body, value, step, errors, context);
                    }
                    catch (Popcorn.Query.PopcornNullElementException e)
                    {
                        throw new NullElementRefusal(step, e);
                    }
                }
                else
                {
                    json.WriteNullValue();
                }

                await RootFieldWriter.FlushWhenPendingAsync(body, context);
            }

            RootFieldWriter.WriteEnd(json, errors, operation);
        });

    /// <summary>Calls the field's resolver; a failure becomes the field's error (the client's words for a <see cref="PopcornFieldException"/>, a trace id for anything else).</summary>
    private async ValueTask<(bool Resolved, object? Value)> ResolveAsync(GatewayStep step, List<GraphQLError> errors, HttpContext context)
    {
        var field = step.Field!;
        using var resolve = PopcornTracing.StartResolve(field.Name);
        try
        {
            return (true, await field.Source.ReadAsync(context, step));
        }
        catch (PopcornFieldException e)
        {
            resolve?.SetStatus(ActivityStatusCode.Error, e.Code);
            errors.Add(new GraphQLError(e.Message, step.Location, step.Key, e.Code, Kind: Popcorn.Query.QueryErrorKind.InvalidSelection));
        }
        catch (Exception e) when (e is not OperationCanceledException || !context.RequestAborted.IsCancellationRequested)
        {
            resolve?.SetStatus(ActivityStatusCode.Error, e.GetType().Name);
            string traceId = Activity.Current?.TraceId.ToString() ?? context.TraceIdentifier;
            logger.GatewayMutationFailed(e, field.Name, traceId);
            errors.Add(IsUnavailable(e)
                ? new GraphQLError($"The data source of the field '{field.Name}' is unavailable. Try again later.", step.Location, step.Key, "SOURCE_UNAVAILABLE", TraceId: traceId)
                : new GraphQLError($"The field '{field.Name}' could not be resolved.", step.Location, step.Key, "INTERNAL_SERVER_ERROR", TraceId: traceId));
        }

        return (false, null);
    }

    /// <summary>
    /// A source that could not be reached, as opposed to one that refused the write: Popcorn's own exception, a
    /// database error its provider calls transient (a refused connection, a failover), or a socket error, anywhere in
    /// the chain of inner exceptions (EF Core wraps them).
    /// </summary>
    private static bool IsUnavailable(Exception? e)
    {
        for (int depth = 0; e is not null && depth < 8; e = e.InnerException, depth++)
        {
            if (e is PopcornSourceUnavailableException or SocketException or DbException { IsTransient: true })
            {
                return true;
            }
        }

        return false;
    }
}
