namespace Popcorn.Server;

/// <summary>
/// Runs a call to a shared store (Redis, through <c>IDistributedCache</c> or <c>IOutputCacheStore</c>) for at most a
/// short time, and never lets it throw into a request: a store that is down or slow costs a request at most
/// <see cref="Timeout"/>, not a 5xx and not the store client's own multi-second timeout.
/// </summary>
internal static class TimeBox
{
    /// <summary>How long one store call may take before the request goes on without it.</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromMilliseconds(500);

    /// <summary>
    /// The call's result, or <c>default</c> when it threw or ran past <see cref="Timeout"/> (also when the store ignores
    /// the token), after telling <paramref name="failed"/>. Only the client's own going away is let through.
    /// </summary>
    public static async Task<T?> RunAsync<T>(Func<CancellationToken, Task<T?>> call, Action<Exception> failed, CancellationToken requestAborted)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(requestAborted);
        timeout.CancelAfter(Timeout);
        try
        {
            return await call(timeout.Token).WaitAsync(timeout.Token);
        }
        catch (Exception e) when (!requestAborted.IsCancellationRequested)
        {
            failed(e);
            return default;
        }
    }
}
