using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// What a query's and a mutation's answers write alike (<see cref="GatewayExecutor"/>, <see cref="GatewayMutationRunner"/>):
/// a resolved root field's value through its plan, and the end of the document after <c>data</c>.
/// </summary>
internal sealed class RootFieldWriter(PopcornResponseWriter writer, RootSources sources)
{
    /// <summary>
    /// Opens the field's source and writes its value by the plan, or <c>null</c> when the source was down (the error is
    /// in <paramref name="errors"/>).
    /// </summary>
    public async ValueTask WriteAsync(ResponseBody body, object? value, GatewayStep step, List<GraphQLError> errors, HttpContext context)
    {
        if (await GatewayExecutor.OpenAsync(sources, value, step, errors, context) is (true, var prepared))
        {
            try
            {
                await writer.WriteValueAsync(body, prepared, step.Shape!, step.Plan!, context);
            }
            catch (BatchResolutionException e) when (!e.ValueStarted)
            {
                // Nothing of the value was written yet: the field is null with its error, as for a source that is down.
                errors.Add(GraphQLError.Unresolved(e, step));
                body.Json.WriteNullValue();
            }
        }
        else
        {
            body.Json.WriteNullValue();
        }
    }

    /// <summary>
    /// Flushes the body when enough is pending, after a root field: between root fields is a safe point, so many large
    /// roots stream instead of being held whole.
    /// </summary>
    public static async ValueTask FlushWhenPendingAsync(ResponseBody body, HttpContext context)
    {
        if (body.PendingBytes >= ResponseBody.FlushThreshold)
        {
            await body.FlushAsync(context.RequestAborted);
        }
    }

    /// <summary>Closes <c>data</c>, then writes the fields' errors and the document's warnings, and closes the answer.</summary>
    public static void WriteEnd(Utf8JsonWriter json, List<GraphQLError> errors, GatewayOperation operation)
    {
        json.WriteEndObject();
        if (errors.Count > 0)
        {
            GatewayResponses.WriteErrorList(json, errors);
        }

        GatewayResponses.WriteWarnings(json, operation.Warnings);
        json.WriteEndObject();
    }
}
