namespace Popcorn.Server;

/// <summary>
/// Thrown by an <see cref="IPopcornSourceProjector"/> when the source is reachable but this request cannot be served
/// now without putting the requests already being served at risk (for example, EF Core would have to compile a query
/// shape it has never seen while as many compilations as the app allows are already running). Answered as an
/// unavailable source (503 over REST, <c>SOURCE_UNAVAILABLE</c> at the gateway) with <c>Retry-After</c>; unlike an
/// outage it says nothing about the source's health.
/// </summary>
public sealed class PopcornSourceBusyException : PopcornSourceUnavailableException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">A message for logs (never sent to the client).</param>
    /// <param name="retryAfter">When the client may usefully try again (sent as <c>Retry-After</c>, in whole seconds).</param>
    public PopcornSourceBusyException(string message, TimeSpan retryAfter)
        : base(message, null)
    {
        RetryAfter = retryAfter;
    }

    /// <summary>When the client may usefully try again.</summary>
    public TimeSpan RetryAfter { get; }
}
