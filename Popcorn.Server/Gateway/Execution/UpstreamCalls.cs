using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// Runs an operation's root fields whose source starts at once (<see cref="IRootFieldSource.StartsAtOnce"/>: an
/// upstream service's): every call starts at once (they are independent, and each is one HTTP GET
/// on its own connection), with the request's abort token, so a client that leaves cancels them all. A call that fails
/// is its field's <c>SOURCE_UNAVAILABLE</c> error and a null; the other fields are still answered.
/// </summary>
internal static class UpstreamCalls
{
    /// <summary>Starts the upstream fields' calls; null when the operation has none (no allocation).</summary>
    public static Task<object?>?[]? Start(HttpContext context, GatewayStep[] steps)
    {
        Task<object?>?[]? calls = null;
        for (int i = 0; i < steps.Length; i++)
        {
            if (steps[i] is { Field.Source: { StartsAtOnce: true } source, UpstreamSelection: not null, Plan: not null, StreamsToClient: false })
            {
                calls ??= new Task<object?>?[steps.Length];
                calls[i] = source.ReadAsync(context, steps[i]).AsTask();
            }
        }

        return calls;
    }

    /// <summary>Waits for every call, putting each value in <paramref name="values"/> or its error in <paramref name="errors"/>.</summary>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    public static async Task CompleteAsync(Task<object?>?[] calls, GatewayStep[] steps, object?[] values, bool[] failed, List<GraphQLError> errors)
    {
        for (int i = 0; i < calls.Length; i++)
        {
            if (calls[i] is not { } call)
            {
                continue;
            }

            try
            {
                values[i] = await call;
                if (values[i] is UpstreamValue { Errors.Count: > 0 } joined)
                {
                    errors.AddRange(joined.Errors);
                }
            }
            catch (UpstreamUnavailableException e)
            {
                var step = steps[i];
                errors.Add(new GraphQLError($"The field '{step.Field!.Name}' is unavailable. {e.Message}", step.Location, step.Key, "SOURCE_UNAVAILABLE"));
                failed[i] = true;
            }
            catch (PopcornSourceLimitExceededException limit)
            {
                var step = steps[i];
                errors.Add(new GraphQLError(limit.Message, step.Location, step.Key, limit.Code));
                failed[i] = true;
            }
        }
    }
}
