namespace Popcorn.EntityFrameworkCore;

/// <summary>Options of Popcorn's EF Core pushdown (<c>AddPopcornEntityFrameworkCore(o => ...)</c>).</summary>
public sealed class PopcornEntityFrameworkCoreOptions
{
    /// <summary>
    /// How long a query may take to produce its first row. Past it the query is cancelled (the provider cancels the
    /// command at the database and returns the connection) and the request is answered as for a database that is
    /// down: 503 at REST endpoints, the field's <c>SOURCE_UNAVAILABLE</c> error at the gateway. Once the first row has
    /// arrived the rest streams for as long as the client reads. Default 30 seconds, the providers' usual command
    /// timeout; <see cref="Timeout.InfiniteTimeSpan"/> leaves the bound to the provider.
    /// </summary>
    public TimeSpan FirstRowTimeout { get; set; } = TimeSpan.FromSeconds(30);
}
