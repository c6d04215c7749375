using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// Runs an operation's upstream root fields: every call starts at once (they are independent, and each is one HTTP GET
/// on its own connection), with the request's abort token, so a client that leaves cancels them all. A call that fails
/// is its field's <c>SOURCE_UNAVAILABLE</c> error and a null; the other fields are still answered.
/// </summary>
internal static class UpstreamCalls
{
    /// <summary>Starts the upstream fields' calls; null when the operation has none (no allocation).</summary>
    public static Task<UpstreamValue>?[]? Start(HttpContext context, IReadOnlyList<GatewayStep> steps)
    {
        Task<UpstreamValue>?[]? calls = null;
        for (int i = 0; i < steps.Count; i++)
        {
            if (steps[i] is { Field.Upstream: { } upstream, UpstreamSelection: { } selection, Plan: { } plan })
            {
                calls ??= new Task<UpstreamValue>?[steps.Count];
                calls[i] = upstream.FetchAsync(context, selection, plan, steps[i].Key);
            }
        }

        return calls;
    }

    /// <summary>Waits for every call, putting each value in <paramref name="values"/> or its error in <paramref name="errors"/>.</summary>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    public static async Task CompleteAsync(Task<UpstreamValue>?[] calls, IReadOnlyList<GatewayStep> steps, object?[] values, bool[] failed, List<GraphQLError> errors)
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
            }
            catch (UpstreamUnavailableException e)
            {
                var step = steps[i];
                errors.Add(new GraphQLError($"The field '{step.Field!.Name}' is unavailable. {e.Message}", step.Location, step.Key, "SOURCE_UNAVAILABLE"));
                failed[i] = true;
            }
        }
    }
}
