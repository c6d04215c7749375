namespace Popcorn.Server;

/// <summary>
/// Thrown by an <see cref="IPopcornSourceProjector"/> when the data source (a database that is down or refuses
/// connections) cannot be read before anything was written; REST endpoints answer 503 with a problem that does
/// not echo the source's error.
/// </summary>
public class PopcornSourceUnavailableException : Exception
{
    /// <summary>Creates the exception around the source's own error.</summary>
    /// <param name="message">A message for logs (never sent to the client).</param>
    /// <param name="innerException">The provider's exception.</param>
    public PopcornSourceUnavailableException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}
